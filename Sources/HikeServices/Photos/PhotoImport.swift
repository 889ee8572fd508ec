import Foundation
import TrailCore
import TrailFormats
import TrailPhotos
import TrailStore
import Localization

/// How `cairn photos add` reads capture times and places photos (issue 36).
public struct PhotoImportOptions: Sendable {
    /// The zone of a capture time the camera wrote without an offset, and its name for
    /// messages ("--tz Europe/Andorra", "TZ").
    public var zone: TimeZone
    public var zoneName: String
    /// Seconds added to every camera time (`--offset`, or what `--offset-from` works out).
    public var correction: TimeInterval
    /// The longest step between two timed trackpoints a photo is placed in (seconds).
    public var maxGap: TimeInterval
    /// The farthest a GPS tag may lie from the hike's line for the photo to be placed there
    /// (metres): a tag farther off is another outing's photo, or a wrong fix; its time is
    /// tried instead.
    public var maxOff: Double
    /// Formats the distances in the report lines ("710 m along", "0,79 km along" with a German
    /// locale's separator): the command's, as `cairn show` uses it.
    public var units: UnitFormatter

    /// Where ``zone`` came from, as stored with each photo (``PhotoFacts/zone``), and the
    /// name given (the --tz value, TZ's value). Nil: not stored (a time read in the camera's
    /// own offset still says so).
    public var zoneSource: PhotoFacts.ZoneSource?
    public var zoneSourceName: String?
    /// Whether this run corrects the clock (`--tz`, `--offset` or `--offset-from` typed): a
    /// photo already kept is then read again in this run's zone and correction; with only
    /// ``given`` non-clock options, in those it was kept with
    /// (``PhotoLibrary/read(_:for:in:options:progress:)``).
    public var clockCorrected: Bool
    /// The placement options typed for this run ("--tz Europe/Andorra", "--offset 300",
    /// "--offset-from (+300 s)", "--max-gap 900", "--max-off 800"), in that order: any of them
    /// places kept photos again, and the report names them. Empty: kept photos keep their place.
    public var given: [String] = []
    /// Whether kept photos are placed again (``given`` is not empty, or ``clockCorrected``).
    public var replaces: Bool { !given.isEmpty || clockCorrected }

    /// Whether `option` ("--tz", "--offset", "--offset-from", "--max-gap", "--max-off") is among
    /// the options typed (`given`, as ``given`` spells them: the option, a space, its value).
    public static func typed(_ option: String, in given: [String]) -> Bool {
        given.contains { $0 == option || $0.hasPrefix(option + " ") }
    }
    /// ``typed(_:in:)`` of this run's ``given``.
    public func typed(_ option: String) -> Bool { Self.typed(option, in: given) }
    /// No limit (--max-gap, --max-off) among the options typed: only clock options, or none.
    public static func onlyClockTyped(_ given: [String]) -> Bool { !typed("--max-gap", in: given) && !typed("--max-off", in: given) }

    public init(zone: TimeZone, zoneName: String, correction: TimeInterval = 0, maxGap: TimeInterval = 300,
                maxOff: Double = 500, units: UnitFormatter = UnitFormatter(system: .metric),
                zoneSource: PhotoFacts.ZoneSource? = nil, zoneSourceName: String? = nil, clockCorrected: Bool = false) {
        self.zone = zone
        self.zoneName = zoneName
        self.correction = correction
        self.maxGap = maxGap
        self.maxOff = maxOff
        self.units = units
        self.zoneSource = zoneSource
        self.zoneSourceName = zoneSourceName
        self.clockCorrected = clockCorrected
    }
}

/// One file's outcome, for the command's report.
public struct PhotoImportLine: Sendable, Equatable {
    public var path: String
    /// The photo to keep (placed or not), nil when the file was not a readable photo.
    public var photo: NewPhoto?
    /// One line: where it was placed, or why not.
    public var message: String
    /// The file's EXIF as read (empty with ``PhotoEXIF/missing`` for a photo without any),
    /// nil when the file was not a readable photo.
    public var exif: PhotoEXIF? = nil
}

/// Reads photographs for a hike: their EXIF (``PhotoEXIFReader``), capture time
/// (``PhotoClock``), place (``PhotoPlacer``: the GPS tag first, else the time) and content hash
/// (SHA-256 of the file, read in 1 MiB blocks). Nothing is stored here: the caller keeps the
/// results in one transaction (``HikeStore/addPhotos(_:to:)``).
public enum PhotoImport {
    /// File name extensions taken from a directory (a file named on the command line is
    /// always tried).
    public static let photoExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif"]

    /// The files `paths` name: files as given, directories walked recursively (hidden entries
    /// skipped, only ``photoExtensions``), each sorted by path; absolute paths, each once (a
    /// file named twice, or also found in a directory given, is read once).
    /// - Parameter missingAsFiles: a path that does not exist is passed on as a file (its reading
    ///   then says "no such file" for it alone, as `photos add` wants: one mistyped name must not
    ///   cancel the others); otherwise it is an error (`photos relink`: every DIR must exist).
    /// - Throws: `CocoaError` naming a path that does not exist (unless `missingAsFiles`).
    public static func files(_ paths: [String], currentDirectory: String, missingAsFiles: Bool = false) throws -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for p in paths {
            let absolute = p.hasPrefix("/") ? p : currentDirectory + "/" + p
            let path = URL(fileURLWithPath: absolute).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if missingAsFiles { out.append(path); continue }
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: p])
            }
            if !isDirectory.boolValue { out.append(path); continue }
            var found: [String] = []
            if let walker = fm.enumerator(at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isRegularFileKey],
                                          options: [.skipsHiddenFiles]) {
                for case let url as URL in walker where photoExtensions.contains(url.pathExtension.lowercased()) {
                    found.append(url.standardizedFileURL.path)
                }
            }
            out += found.sorted()
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// Reads `files` against `track`, calling `progress(done, total)` after each file.
    public static func read(_ files: [String], track: Track, options: PhotoImportOptions,
                            progress: (Int, Int) -> Void = { _, _ in }) -> [PhotoImportLine] {
        let placer = PhotoPlacer(track: track)
        var out: [PhotoImportLine] = []
        for (i, path) in files.enumerated() {
            out.append(line(path, placer, options))
            progress(i + 1, files.count)
        }
        return out
    }

    static func line(_ path: String, _ placer: PhotoPlacer, _ options: PhotoImportOptions) -> PhotoImportLine {
        let exif: PhotoEXIF
        do {
            // A JPEG or HEIC without EXIF is kept, not placed (issue 36): a picture all the same.
            exif = try PhotoEXIFReader.readKeepingBare(path: path)
        } catch {
            return PhotoImportLine(path: path, photo: nil, message: "\(error)")
        }
        guard let (size, hash) = try? contentHash(path) else {
            return PhotoImportLine(path: path, photo: nil, message: L("%s: cannot be read", path))
        }
        var facts = PhotoFacts(zone: options.zoneSource, zoneName: options.zoneSourceName,
                               correction: options.correction == 0 ? nil : options.correction)
        facts.maxGap = options.maxGap == 300 ? nil : options.maxGap
        facts.maxOff = options.maxOff == 500 ? nil : options.maxOff
        var photo = NewPhoto(path: path, size: size, contentHash: hash, takenAt: nil, coordinate: nil, elevation: nil,
                             distanceAlong: nil, distanceOff: nil, placement: "none")
        var zoneNote = ""
        switch PhotoClock.capture(exif, zone: options.zone, zoneName: options.zoneName, correction: options.correction) {
        case .success(let c):
            photo.takenAt = c.time
            if let o = c.cameraOffset {
                facts.zone = .camera
                facts.zoneName = o
            }
            // TRANSLATORS: a photo's capture time (ISO 8601) and the time zone it was read in.
            zoneNote = L("taken %s (%s)", ISO8601Timestamp.format(c.time), c.zone)
        case .failure(.none):
            facts.reason = exif.missing ? .noEXIF : .noTime
        case .failure(.unreadable(let text)):
            facts.reason = .unreadableTime
            facts.clockText = text
        case .failure(.unset(let text)):
            facts.reason = .clockUnset
            facts.clockText = text
        }
        if let o = exif.offsetTimeOriginal, PhotoClock.offsetSeconds(o) == nil {
            zoneNote += clauseSeparator + L("its EXIF offset %s is not a time zone and was ignored", o)
            facts.ignoredOffset = o
        }
        if exif.imageCut {
            facts.pictureCut = true
            zoneNote += clauseSeparator + PhotoFacts.pictureCutWords
        }
        if photo.takenAt == nil {
            // No time: the zone and correction say nothing.
            facts.zone = nil
            facts.zoneName = nil
            facts.correction = nil
        }
        func placed(_ p: PhotoPlace) {
            photo.coordinate = p.coordinate
            photo.elevation = p.elevation
            photo.distanceAlong = p.distanceAlong
            photo.distanceOff = p.distanceOff
            photo.placement = p.method.rawValue
        }
        // The GPS tag first, unless it is 0,0 (no fix) or farther than maxOff from the line.
        var gpsNote = ""
        if let gps = exif.gps {
            if let p = placer.place(gps: gps, altitude: exif.gpsAltitude) {
                if p.distanceOff <= options.maxOff {
                    placed(p)
                    photo.facts = facts
                    let along = p.distanceAlong.map { L("%s along", options.units.distance($0)) } ?? ""
                    // TRANSLATORS: the second %s is "N km along", the third a distance ("25 m").
                    let cut = exif.imageCut ? clauseSeparator + PhotoFacts.pictureCutWords : ""
                    return PhotoImportLine(path: path, photo: photo,
                                           message: L("%s: at its GPS tag, %s, %s off the line", path, along, options.units.distance(p.distanceOff)) + cut,
                                           exif: exif)
                }
                facts.gpsTag = .farOff
                facts.gpsOff = p.distanceOff
                gpsNote = L("its GPS tag is %s off the line", options.units.distance(p.distanceOff)) + clauseSeparator
            } else {
                facts.gpsTag = .zero
                gpsNote = L("its GPS tag is 0,0 (no fix)") + clauseSeparator
            }
        }
        guard let time = photo.takenAt else {
            photo.facts = facts
            return PhotoImportLine(path: path, photo: photo, message: L("%s: not placed: %s", path, photo.note(units: options.units) ?? ""),
                                   exif: exif)
        }
        switch placer.place(at: time, maxGap: options.maxGap) {
        case .success(let p):
            placed(p)
            photo.facts = facts
            let along = p.distanceAlong.map { L("%s along", options.units.distance($0)) } ?? ""
            // TRANSLATORS: the first %s is "N km along", the second when and in which time zone the photo was taken.
            return PhotoImportLine(path: path, photo: photo, message: path + ": " + gpsNote + L("by its time, %s; %s", along, zoneNote),
                                   exif: exif)
        case .failure(let why):
            switch why {
            case .untimedTrack: facts.reason = .untimedTrack
            case .beforeStart(let s): facts.reason = .beforeWalk; facts.seconds = s
            case .afterEnd(let s): facts.reason = .afterWalk; facts.seconds = s
            case .inGap(let s): facts.reason = .inGap; facts.seconds = s
            case .segmentBreak(let s): facts.reason = .inGap; facts.seconds = s; facts.segmentBreak = true
            }
            photo.facts = facts
            return PhotoImportLine(path: path, photo: photo,
                                   message: L("%s: not placed: %s", path, gpsNote + (facts.reasonWords ?? why.description) + clauseSeparator + zoneNote),
                                   exif: exif)
        }
    }

    /// The file's size and SHA-256, read in 1 MiB blocks.
    /// - Throws: what reading the file throws.
    public static func contentHash(_ path: String) throws -> (Int64, [UInt8]) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoPermission) }
        defer { try? handle.close() }
        var sha = SHA256()
        var size: Int64 = 0
        while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty {
            sha.update(Array(block))
            size += Int64(block.count)
        }
        return (size, sha.finalize())
    }
}
