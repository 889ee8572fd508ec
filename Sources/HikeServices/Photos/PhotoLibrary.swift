import Foundation
import TrailCore
import TrailFormats
import TrailPhotos
import TrailStore
import Localization

/// Photos kept with a stored hike, beyond reading one file (``PhotoImport``): a batch read for
/// one hike with copies folded, the listing with what is missing, moved files found again by
/// content, and the time zones capture times are read in. What `cairn photos`, `photos add` and
/// `photos relink` do; the words and the exit status stay with the command.
public enum PhotoLibrary {
    /// What became of one file given to an `add`.
    public enum FileOutcome: Sendable, Equatable {
        /// Not a readable photo (its ``PhotoImportLine/message`` says why).
        case refused
        /// Kept as ``Batch/photos``[index] (new, or already kept with the hike: ``Batch/keptRow``).
        case photo(Int)
        /// The same content as the file at `path`, which is what is kept: read earlier in this
        /// batch, or already kept with the hike (`keptRow`, its file still there). Not stored.
        case sameAs(path: String, keptRow: Int64?)
    }

    /// How a photo of a batch stands to the photos the hike keeps.
    public enum Kind: Sendable, Equatable {
        /// New to the hike.
        case new
        /// The same content is kept (``Batch/keptRow``); its path follows the file read.
        case kept
        /// A file at the path of a kept photo (or, when that photo's file is gone, of its name
        /// and capture time) whose bytes differ from those kept: edited since it was kept
        /// (darktable, a rotation, rewritten EXIF). The kept photo takes the new bytes.
        case edited
        /// The file of a kept photo whose content was not known (imported from a photo
        /// waypoint while its file was missing): its size and hash are now kept.
        case contentFound
    }

    /// Photos read for one hike, not yet stored.
    public struct Batch: Sendable {
        /// The photos to keep, each content once: a photo already kept whose file is still at
        /// its stored path keeps that path; otherwise the first path read.
        public var photos: [NewPhoto]
        /// For each of ``photos``: the number of the photo the hike already keeps as it (same
        /// content, or ``Kind/edited`` / ``Kind/contentFound``), nil for a photo new to the hike.
        public var keptRow: [Int64?] = []
        /// For each of ``photos``: how it stands to the kept photos.
        public var kinds: [Kind] = []
        /// For each of ``photos``: the kept photo as stored before this run (nil for a new one).
        public var before: [NewPhoto?] = []
        /// Every file's outcome in reading order, one each (``lines``[i] is file i's reading).
        public var files: [FileOutcome] = []
        /// Every file's reading in reading order (``PhotoImportLine/message`` says where its
        /// own tag or time would place it).
        public var lines: [PhotoImportLine]
        /// Whether this run corrected the clock (``PhotoImportOptions/clockCorrected``): kept
        /// photos were placed again.
        public var clockCorrected = false
        /// The distances' units of the report lines.
        public var units = UnitFormatter(system: .metric)
        /// Files that were not a readable photo.
        public var unreadable: Int { files.filter { $0 == .refused }.count }
        /// Files not stored because their content is kept under another path.
        public var sameContent: Int { files.filter { if case .sameAs = $0 { return true } else { return false } }.count }
        /// Photos new to the hike, photos it already kept (same content), and kept photos
        /// whose file has other bytes now (``Kind/edited``, ``Kind/contentFound``): with
        /// ``sameContent`` and ``unreadable``, one count per file given.
        public var added: Int { kinds.filter { $0 == .new }.count }
        public var alreadyKept: Int { kinds.filter { $0 == .kept }.count }
        public var updated: Int { kinds.filter { $0 == .edited || $0 == .contentFound }.count }
        /// Kept photos (same content) placed again with this run's corrected clock (not at a mark).
        public var replaced: Int { kinds.indices.filter { kinds[$0] == .kept && clockCorrected && atMark[$0] == nil }.count }
        /// Photos placed on the hike (by GPS tag, by time, or at a "photo here" mark).
        public var placed: Int { photos.filter { $0.placement != "none" }.count }
        /// "Photo here" marks to fill: index into ``photos`` → the mark's row (``fillMarks(_:marks:within:)``).
        public var filling: [Int: Int64] = [:]
        /// Photos placed at a mark, filled now or before: index into ``photos`` → the mark's row.
        public var atMark: [Int: Int64] = [:]
        /// Every unfilled mark of the hike with what became of it, in walking order.
        public var marks: [MarkFill] = []
        /// Kept photos whose file this batch replaces: index into ``photos`` → the kept photo's
        /// number (``Kind/edited``, ``Kind/contentFound``; ``HikeStore/addPhotos(_:to:filling:replacing:)``).
        public var replacing: [Int: Int64] {
            var out: [Int: Int64] = [:]
            for (i, k) in kinds.enumerated() where k == .edited || k == .contentFound { out[i] = keptRow[i] }
            return out
        }

        /// One line per file, in reading order, saying what is stored: where the photo is
        /// placed (at a mark when it fills or filled one), whether a kept photo kept its place
        /// or was placed again with the corrected clock (old → new), that a kept photo's file
        /// was edited, that it is a copy of a kept file, or why it was not read. Call after
        /// ``PhotoLibrary/fillMarks(_:marks:within:)``.
        public func report() -> [String] {
            zip(lines, files).map { line, outcome in
                switch outcome {
                case .refused:
                    return line.message
                case .sameAs(let kept, let row):
                    if let row, !lines.contains(where: { $0.path == kept }) {
                        return L("%s: the same photo as %s, already kept as #%s; not added again", line.path, kept, String(describing: row))
                    }
                    return L("%s: the same photo as %s; kept once", line.path, kept)
                case .photo(let i):
                    let number = keptRow[i].map { String(describing: $0) } ?? ""
                    let mark = atMark[i].map { String(describing: $0) }
                    // Where it is now, and (a kept photo) whether that changed.
                    var place: String
                    if let mark {
                        place = L("at photo-here mark #%s", mark)
                    } else if let old = before[i], kinds[i] != .new {
                        let now = PhotoLibrary.placeWords(photos[i], units: units)
                        // TRANSLATORS: %s are where the photo was placed before and now ("placed by its time, 1.2 km along").
                        place = clockCorrected ? L("re-placed with the corrected clock: %s → %s", PhotoLibrary.placeWords(old, units: units), now)
                            : L("%s, unchanged", now)
                        if clockCorrected, let t = photos[i].takenAt, let zone = photos[i].facts.zoneWords {
                            place += "; " + L("taken %s (%s)", ISO8601Timestamp.format(t), zone)
                        }
                    } else {
                        return line.message
                    }
                    switch kinds[i] {
                    case .new: return line.path + ": " + place
                    case .kept:
                        return mark != nil ? L("%s: %s; already kept", line.path, place)
                            : clockCorrected ? L("%s: already kept; %s", line.path, place) : L("%s: already kept (%s)", line.path, place)
                    case .edited: return L("%s: edited since it was kept as #%s: updated; %s", line.path, number, place)
                    case .contentFound:
                        return L("%s: kept as #%s without its content (from a photo waypoint): its size and hash are now kept; %s",
                                 line.path, number, place)
                    }
                }
            }
        }
    }

    /// Where a photo is, in words: "placed by its time, 1.2 km along", "placed at its GPS tag,
    /// …", "at a photo-here mark, …", "placed as exported, …", or "not placed (WHY)".
    public static func placeWords(_ p: NewPhoto, units: UnitFormatter) -> String {
        let along = p.distanceAlong.map(units.distance) ?? "?"
        switch p.placement {
        case "gps": return L("placed at its GPS tag, %s along", along)
        case "time": return L("placed by its time, %s along", along)
        case NewPhoto.markPlacement: return L("at a photo-here mark, %s along", along)
        case NewPhoto.waypointPlacement: return L("placed as exported, %s along", along)
        default:
            let why = p.facts.reasonWords ?? p.legacyNote
            return why.map { L("not placed (%s)", $0) } ?? L("not placed")
        }
    }

    /// What became of one "photo here" mark in an `add`.
    public struct MarkFill: Sendable {
        /// The mark as stored (placement "placeholder").
        public var mark: StoredPhoto
        /// The photo that fills it (its path and capture time), nil when none was near enough.
        public var path: String?
        public var takenAt: Date?
        /// The photo's capture time minus the mark's time, seconds.
        public var gap: TimeInterval?
    }

    /// Fills "photo here" marks with the photos of `batch` taken nearest in time: every pair
    /// of a mark with a time and a photo with a capture time at most `within` seconds apart is
    /// a candidate; the closest pair is matched first, then the closest of the rest, so each
    /// photo fills at most one mark and each mark at most one photo (ties: the earlier mark,
    /// then the earlier photo in reading order). A matched photo is placed at its mark
    /// (position, elevation, distance along and off; placement "mark"). A photo whose content
    /// already filled a mark of the hike (`kept`, placement "mark") keeps that place.
    /// - Parameters:
    ///   - marks: the hike's rows (``HikeStore/photos(of:)``); only placeholders are filled.
    ///   - within: seconds; the default 300 s is `--max-gap`'s (a mark a pause away is another picture).
    public static func fillMarks(_ batch: inout Batch, marks kept: [StoredPhoto], within: TimeInterval = 300) {
        for (i, p) in batch.photos.enumerated() {
            guard let number = batch.keptRow[i],
                  let row = kept.first(where: { $0.id == number && $0.photo.placement == NewPhoto.markPlacement })
            else { continue }
            batch.photos[i] = placed(p, at: row.photo)
            batch.atMark[i] = row.id
        }
        let open = kept.filter(\.photo.isPlaceholder)
        let replacing = batch.replacing
        var pairs: [(gap: TimeInterval, mark: Int, photo: Int)] = []
        for (m, mark) in open.enumerated() {
            guard let markTime = mark.photo.takenAt else { continue }
            // A photo that replaces a kept photo's file keeps that photo's number: it fills no mark.
            for (i, p) in batch.photos.enumerated() where p.placement != NewPhoto.markPlacement && replacing[i] == nil {
                guard let t = p.takenAt, abs(t.timeIntervalSince(markTime)) <= within else { continue }
                pairs.append((abs(t.timeIntervalSince(markTime)), m, i))
            }
        }
        pairs.sort { ($0.gap, $0.mark, $0.photo) < ($1.gap, $1.mark, $1.photo) }
        var markTaken = Set<Int>(), photoTaken = Set<Int>()
        var fills = open.map { MarkFill(mark: $0) }
        for pair in pairs where !markTaken.contains(pair.mark) && !photoTaken.contains(pair.photo) {
            markTaken.insert(pair.mark)
            photoTaken.insert(pair.photo)
            let mark = open[pair.mark], photo = batch.photos[pair.photo]
            fills[pair.mark].path = photo.path
            fills[pair.mark].takenAt = photo.takenAt
            fills[pair.mark].gap = photo.takenAt.flatMap { t in mark.photo.takenAt.map { t.timeIntervalSince($0) } }
            batch.photos[pair.photo] = placed(photo, at: mark.photo)
            batch.filling[pair.photo] = mark.id
            batch.atMark[pair.photo] = mark.id
        }
        batch.marks = fills
    }

    /// `photo` placed at `mark`'s place (placement "mark").
    private static func placed(_ photo: NewPhoto, at mark: NewPhoto) -> NewPhoto {
        var p = photo
        p.coordinate = mark.coordinate
        p.elevation = mark.elevation
        p.distanceAlong = mark.distanceAlong
        p.distanceOff = mark.distanceOff
        p.placement = NewPhoto.markPlacement
        // At the mark: no reason not to be placed, and no GPS tag's trouble.
        p.facts.reason = nil
        p.facts.seconds = nil
        p.facts.clockText = nil
        p.facts.gpsTag = nil
        p.facts.gpsOff = nil
        p.legacyNote = nil
        return p
    }

    /// Reads `files` for hike `id` of `store`: each photo placed on the hike's line (all its
    /// tracks' segments, as shown) by ``PhotoImport/read(_:track:options:progress:)``; the same
    /// content twice is one photo. A photo the hike already keeps whose file is still at its
    /// stored path keeps that path (a copy elsewhere is ``FileOutcome/sameAs(path:keptRow:)``);
    /// one whose file is gone takes the first path read (as a relink would).
    ///
    /// A file whose content is not kept but whose path is a kept photo's (whose content is not
    /// among the files read) is that photo with new bytes (``Kind/edited``, or
    /// ``Kind/contentFound`` for a photo kept without its content); so is one with the name
    /// and capture time of a kept photo whose file is gone (``matches(_:cameraTime:)``).
    ///
    /// A kept photo keeps its stored time and place unless `options` correct the clock
    /// (``PhotoImportOptions/clockCorrected``); then it is placed again by this reading. One
    /// at a "photo here" mark stays at its mark either way (``fillMarks(_:marks:within:)``).
    /// Nothing is stored.
    /// - Parameter progress: (files done, files in all), after each file.
    /// - Throws: the store's errors reading the hike's tracks and photos.
    public static func read(_ files: [String], for id: HikeID, in store: HikeStore, options: PhotoImportOptions,
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> Batch {
        let track = Track(segments: try store.tracks(of: id).flatMap(\.segments))
        let kept = try store.photos(of: id).filter { !$0.photo.isPlaceholder }
        var keptByHash: [[UInt8]: StoredPhoto] = [:]
        var keptByPath: [String: StoredPhoto] = [:]
        for s in kept {
            keptByHash[s.photo.contentHash] = s
            if keptByPath[s.photo.path] == nil { keptByPath[s.photo.path] = s }
        }
        let lines = PhotoImport.read(files, track: track, options: options, progress: progress)
        let readHashes = Set(lines.compactMap(\.photo?.contentHash))
        // The path each content is kept under: the stored one while its file is there, else the first read.
        var keeper: [[UInt8]: String] = [:]
        for p in lines.compactMap(\.photo) where keeper[p.contentHash] == nil {
            if let row = keptByHash[p.contentHash], FileManager.default.fileExists(atPath: row.photo.path) {
                keeper[p.contentHash] = row.photo.path
            } else {
                keeper[p.contentHash] = p.path
            }
        }
        var batch = Batch(photos: [], lines: lines)
        batch.clockCorrected = options.clockCorrected
        batch.units = options.units
        var taken = Set<[UInt8]>()
        var claimed = Set<Int64>()
        // Kept photos whose file is gone, by file name (read again only for a file of such a name).
        var goneByName: [String: [StoredPhoto]] = [:]
        for s in kept where !FileManager.default.fileExists(atPath: s.photo.path) {
            goneByName[(s.photo.path as NSString).lastPathComponent, default: []].append(s)
        }
        /// A kept photo this file is with other bytes: at its path, or (its file gone) by name and time.
        func replaced(_ p: NewPhoto) -> StoredPhoto? {
            let open = { (row: StoredPhoto) in !claimed.contains(row.id) && !readHashes.contains(row.photo.contentHash) }
            if let row = keptByPath[p.path], open(row) { return row }
            guard let gone = goneByName[(p.path as NSString).lastPathComponent]?.filter(open), !gone.isEmpty,
                  let time = cameraTime(p.path) else { return nil }
            return gone.first { matches($0.photo, cameraTime: time) }
        }
        for line in lines {
            guard let p = line.photo, let path = keeper[p.contentHash] else { batch.files.append(.refused); continue }
            guard path == p.path && taken.insert(p.contentHash).inserted else {
                batch.files.append(.sameAs(path: path, keptRow: keptByHash[p.contentHash]?.id))
                continue
            }
            var row: StoredPhoto?
            var kind = Kind.new
            if let same = keptByHash[p.contentHash] {
                row = same
                kind = .kept
            } else if let other = replaced(p) {
                row = other
                kind = other.photo.hasContentHash ? .edited : .contentFound
                claimed.insert(other.id)
            }
            batch.files.append(.photo(batch.photos.count))
            batch.photos.append(row.map { settled(p, kept: $0.photo, clockCorrected: options.clockCorrected) } ?? p)
            batch.keptRow.append(row?.id)
            batch.kinds.append(kind)
            batch.before.append(row?.photo)
        }
        return batch
    }

    /// `read` (a file's reading) as a kept photo `kept` becomes: its file, size and hash;
    /// with the stored time, place and note unless the clock was corrected. A note kept as
    /// text from before the codes (``NewPhoto/legacyNote``) gives way to the reading's codes
    /// when the reading has the same time and placement (the same outcome, now in codes).
    static func settled(_ read: NewPhoto, kept: NewPhoto, clockCorrected: Bool) -> NewPhoto {
        if clockCorrected { return read }
        var p = kept
        p.path = read.path
        p.size = read.size
        p.contentHash = read.contentHash
        if kept.legacyNote != nil, kept.facts.reason == nil || kept.facts.reason == .legacy,
           read.placement == kept.placement, read.takenAt == kept.takenAt {
            p.legacyNote = nil
            p.facts = read.facts
        }
        return p
    }

    /// The capture time of the file at `path` as the camera wrote it, without any correction:
    /// in the camera's offset when it wrote one (`hasOffset`), else read as UTC. Nil when it
    /// has none or is not a readable photo.
    static func cameraTime(_ path: String) -> (time: Date, hasOffset: Bool)? {
        guard let exif = try? PhotoEXIFReader.read(path: path),
              case .success(let c) = PhotoClock.capture(exif, zone: TimeZone(identifier: "UTC")!, zoneName: "UTC") else { return nil }
        return (c.time, c.cameraOffset != nil)
    }

    /// Whether a file with capture time `cameraTime` (``cameraTime(_:)``) is kept photo `p`
    /// by time (its name is compared by the caller): `p`'s stored time less its stored clock
    /// correction is within 1 s of it; when the file has no offset of its own (so the zone it
    /// was read in is not known), also when they differ by a whole number of quarter hours up
    /// to 14 h (any zone's offset) within 1 s. A photo stored without a time matches none.
    public static func matches(_ p: NewPhoto, cameraTime: (time: Date, hasOffset: Bool)) -> Bool {
        guard let stored = p.takenAt else { return false }
        let d = cameraTime.time.timeIntervalSince(stored.addingTimeInterval(-(p.facts.correction ?? 0)))
        if abs(d) < 1 { return true }
        guard !cameraTime.hasOffset, abs(d) <= PhotoClock.maximumOffset + 1 else { return false }
        return abs(d - (d / 900).rounded() * 900) < 1
    }

    /// Stores `batch` with hike `id` in one transaction (``HikeStore/addPhotos(_:to:filling:)``).
    /// - Returns: how many were added, and how many were already kept (their path, and with a
    ///   corrected clock their time and place, updated).
    @discardableResult
    public static func store(_ batch: Batch, with id: HikeID, in store: HikeStore) throws -> (added: Int, updated: Int) {
        try store.addPhotos(batch.photos, to: id, filling: batch.filling, replacing: batch.replacing)
        return (batch.added, batch.alreadyKept)
    }

    /// One kept photo as listed: the stored row and whether its file is gone from its path.
    /// Encodes as `cairn photos --json` gives it (SI units, ISO 8601 dates, the SHA-256 in hex).
    public struct Listed: Encodable, Sendable {
        public var number: Int64
        public var path: String
        public var missing: Bool
        /// Bytes and SHA-256 (hex) of the file as kept; null when not known: a "photo here"
        /// mark, or a photo imported from a photo waypoint while its file was missing (until
        /// `photos add` or `photos relink` finds it).
        public var size: Int64?
        public var sha256: String?
        public var takenAt: String?
        public var latitude: Double?
        public var longitude: Double?
        public var elevation: Double?
        public var distanceAlong: Double?
        public var distanceOff: Double?
        /// "gps", "time", "mark", "waypoint" (imported from an exported photo waypoint), "none", or
        /// "placeholder" (a "photo here" mark without a photo: `path` is empty).
        public var placement: String
        /// Why the photo is not placed, as a code (``PhotoFacts/Reason``: "before-walk",
        /// "after-walk", "in-gap", "no-time", "clock-unset", "untimed-track", "legacy" for a
        /// reason stored as text before the codes); null for a placed photo.
        public var reason: String?
        /// How it was read and placed, or why not, in the words of the listing's language.
        public var note: String?

        public init(_ s: StoredPhoto, missing: Bool) {
            let p = s.photo
            number = s.id
            path = p.path
            self.missing = missing
            size = p.hasContentHash ? p.size : nil
            sha256 = p.hasContentHash ? p.contentHash.map { String(format: "%02x", $0) }.joined() : nil
            takenAt = p.takenAt.map(ISO8601Timestamp.format)
            latitude = p.coordinate?.latitude
            longitude = p.coordinate?.longitude
            elevation = p.elevation
            distanceAlong = p.distanceAlong
            distanceOff = p.distanceOff
            placement = p.placement
            reason = p.reasonCode
            note = p.note(units: UnitFormatter(system: .metric), timestamp: ISO8601Timestamp.format)
        }

        enum CodingKeys: String, CodingKey {
            case number, path, missing, size, sha256, takenAt, latitude, longitude, elevation, distanceAlong, distanceOff,
                 placement, reason, note
        }

        /// Every key, null ones included (`"sha256": null` says the hash is not known).
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(number, forKey: .number)
            try c.encode(path, forKey: .path)
            try c.encode(missing, forKey: .missing)
            try c.encode(size, forKey: .size)
            try c.encode(sha256, forKey: .sha256)
            try c.encode(takenAt, forKey: .takenAt)
            try c.encode(latitude, forKey: .latitude)
            try c.encode(longitude, forKey: .longitude)
            try c.encode(elevation, forKey: .elevation)
            try c.encode(distanceAlong, forKey: .distanceAlong)
            try c.encode(distanceOff, forKey: .distanceOff)
            try c.encode(placement, forKey: .placement)
            try c.encode(reason, forKey: .reason)
            try c.encode(note, forKey: .note)
        }
    }

    /// The photos of hike `id` in walking order (``HikeStore/photos(of:)``), each with whether
    /// its file is missing.
    public static func listed(of id: HikeID, in store: HikeStore) throws -> [(stored: StoredPhoto, listed: Listed)] {
        try store.photos(of: id).map {
            ($0, Listed($0, missing: !$0.photo.isPlaceholder && !FileManager.default.fileExists(atPath: $0.photo.path)))
        }
    }

    /// The photos of hike `id` whose file is no longer at its path, and those whose content
    /// is not known (``NewPhoto/hasContentHash``) though their file is there.
    public static func missing(of id: HikeID, in store: HikeStore) throws -> [StoredPhoto] {
        try store.photos(of: id).filter {
            !$0.photo.isPlaceholder && (!$0.photo.hasContentHash || !FileManager.default.fileExists(atPath: $0.photo.path))
        }
    }

    /// What `relink` found.
    public struct Relinked: Sendable, Equatable {
        /// Photos found again by their content (SHA-256).
        public var byContent: Int = 0
        /// Photos found by their file's name and capture time, their content differing from
        /// what was kept (edited since) or not known before; or, not known before, at their
        /// own path: (number, new path, whether the content was known before, and — for a photo
        /// imported from a photo waypoint, whose time may hold a clock correction not known
        /// here, taken as the one file of its name — the file's camera time less the stored
        /// time in seconds when they differ).
        public var byNameAndTime: [(number: Int64, path: String, edited: Bool, offBy: TimeInterval?)] = []
        /// Files found by name and time that could not be taken: another photo of the hike has
        /// their content (number, path, that photo's number).
        public var refused: [(number: Int64, path: String, other: Int64)] = []
        public var found: Int { byContent + byNameAndTime.count }

        public static func == (a: Relinked, b: Relinked) -> Bool {
            a.byContent == b.byContent && a.byNameAndTime.map(\.number) == b.byNameAndTime.map(\.number)
                && a.byNameAndTime.map(\.path) == b.byNameAndTime.map(\.path) && a.refused.map(\.number) == b.refused.map(\.number)
        }
    }

    /// Points each of `missing` to the file among `files` with the same content (SHA-256;
    /// only files of a wanted size are hashed: ``HikeStore/relinkPhotos(of:found:)``). A photo
    /// no file's content finds is matched by its file's name and capture time
    /// (``matches(_:cameraTime:)``; the first such file in `files`' order) — one imported from
    /// a photo waypoint (whose time may hold a clock correction not known here) also by its
    /// name alone when it is the only such photo and the file the only one of that name —
    /// and takes that file's size and hash (``HikeStore/relinkPhoto(_:of:to:size:contentHash:)``): an edited
    /// photo, or one kept without its content. One kept without its content whose file is at
    /// its path takes that file's size and hash.
    public static func relink(_ missing: [StoredPhoto], of id: HikeID, in store: HikeStore, searching files: [String]) throws -> Relinked {
        let fm = FileManager.default
        var out = Relinked()
        var rest: [StoredPhoto] = []
        for s in missing {
            if !s.photo.hasContentHash, fm.fileExists(atPath: s.photo.path), let (size, hash) = try? PhotoImport.contentHash(s.photo.path) {
                do {
                    try store.relinkPhoto(s.id, of: id, to: s.photo.path, size: size, contentHash: hash)
                    out.byNameAndTime.append((s.id, s.photo.path, false, nil))
                } catch PhotoStoreError.sameContent(_, let other, _) {
                    out.refused.append((s.id, s.photo.path, other))
                }
            } else {
                rest.append(s)
            }
        }
        let wanted = Set(rest.filter(\.photo.hasContentHash).map(\.photo.contentHash))
        let sizes = Set(rest.filter(\.photo.hasContentHash).map(\.photo.size))
        var found: [[UInt8]: String] = [:]
        for f in files {
            guard let size = (try? fm.attributesOfItem(atPath: f)[.size] as? NSNumber)?.int64Value,
                  sizes.contains(size), let (_, hash) = try? PhotoImport.contentHash(f), wanted.contains(hash) else { continue }
            found[hash] = f
        }
        out.byContent = try store.relinkPhotos(of: id, found: found)
        var used = Set(found.values)
        let name = { (path: String) in (path as NSString).lastPathComponent }
        for s in rest where found[s.photo.contentHash] == nil {
            let candidates = files.filter { !used.contains($0) && name($0) == name(s.photo.path) }
            var pick = candidates.first { f in cameraTime(f).map { matches(s.photo, cameraTime: $0) } ?? false }
            var offBy: TimeInterval?
            // As exported: its time may hold a clock correction not known here; the one file of its name.
            if pick == nil, s.photo.placement == NewPhoto.waypointPlacement, s.photo.facts.correction == nil, candidates.count == 1,
               rest.filter({ name($0.photo.path) == name(s.photo.path) }).count == 1, let t = cameraTime(candidates[0]),
               let stored = s.photo.takenAt {
                pick = candidates[0]
                offBy = t.time.timeIntervalSince(stored)
            }
            guard let f = pick, let (size, hash) = try? PhotoImport.contentHash(f) else { continue }
            do {
                try store.relinkPhoto(s.id, of: id, to: f, size: size, contentHash: hash)
                out.byNameAndTime.append((s.id, f, s.photo.hasContentHash, offBy))
            } catch PhotoStoreError.sameContent(_, let other, _) {
                out.refused.append((s.id, f, other))
            }
            used.insert(f)
        }
        return out
    }

    /// The zone `name` names: an IANA name (Europe/Andorra, UTC, GMT) or an offset "+02:00";
    /// nil for anything else, POSIX rules such as "UTC+2" included (POSIX reads that as two
    /// hours *behind* UTC, and Foundation as ahead: neither sign is guessed).
    public static func timeZone(named name: String) -> TimeZone? {
        if let seconds = PhotoClock.offsetSeconds(name) { return TimeZone(secondsFromGMT: seconds) }
        let known = name == "UTC" || name == "GMT" || TimeZone.knownTimeZoneIdentifiers.contains(name)
        return known ? TimeZone(identifier: name) : nil
    }
}
