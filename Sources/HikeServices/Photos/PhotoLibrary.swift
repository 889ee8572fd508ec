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

    /// Photos read for one hike, not yet stored.
    public struct Batch: Sendable {
        /// The photos to keep, each content once: a photo already kept whose file is still at
        /// its stored path keeps that path; otherwise the first path read.
        public var photos: [NewPhoto]
        /// For each of ``photos``: the row already keeping that content with the hike, nil for a
        /// photo new to the hike.
        public var keptRow: [Int64?] = []
        /// Every file's outcome in reading order, one each (``lines``[i] is file i's reading).
        public var files: [FileOutcome] = []
        /// Every file's reading in reading order (``PhotoImportLine/message`` says where its
        /// own tag or time would place it).
        public var lines: [PhotoImportLine]
        /// Files that were not a readable photo.
        public var unreadable: Int { files.filter { $0 == .refused }.count }
        /// Files not stored because their content is kept under another path.
        public var sameContent: Int { files.filter { if case .sameAs = $0 { return true } else { return false } }.count }
        /// Photos new to the hike, and photos it already kept.
        public var added: Int { keptRow.filter { $0 == nil }.count }
        public var alreadyKept: Int { keptRow.filter { $0 != nil }.count }
        /// Photos placed on the hike (by GPS tag, by time, or at a "photo here" mark).
        public var placed: Int { photos.filter { $0.placement != "none" }.count }
        /// "Photo here" marks to fill: index into ``photos`` → the mark's row (``fillMarks(_:marks:within:)``).
        public var filling: [Int: Int64] = [:]
        /// Photos placed at a mark, filled now or before: index into ``photos`` → the mark's row.
        public var atMark: [Int: Int64] = [:]
        /// Every unfilled mark of the hike with what became of it, in walking order.
        public var marks: [MarkFill] = []

        /// One line per file, in reading order, saying what is stored: where the photo is
        /// placed (at a mark when it fills or filled one), that it is a copy of a kept file, or
        /// why it was not read. Call after ``PhotoLibrary/fillMarks(_:marks:within:)``.
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
                    var text = atMark[i].map { L("%s: at photo-here mark #%s", line.path, String(describing: $0)) } ?? line.message
                    if keptRow[i] != nil { text += "; " + L("already kept") }
                    return text
                }
            }
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
            guard let row = kept.first(where: { $0.photo.contentHash == p.contentHash && $0.photo.placement == NewPhoto.markPlacement })
            else { continue }
            batch.photos[i] = placed(p, at: row.photo)
            batch.atMark[i] = row.id
        }
        let open = kept.filter(\.photo.isPlaceholder)
        var pairs: [(gap: TimeInterval, mark: Int, photo: Int)] = []
        for (m, mark) in open.enumerated() {
            guard let markTime = mark.photo.takenAt else { continue }
            for (i, p) in batch.photos.enumerated() where p.placement != NewPhoto.markPlacement {
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
        p.note = L("at a photo-here mark")
        return p
    }

    /// Reads `files` for hike `id` of `store`: each photo placed on the hike's line (all its
    /// tracks' segments, as shown) by ``PhotoImport/read(_:track:options:progress:)``; the same
    /// content twice is one photo. A photo the hike already keeps whose file is still at its
    /// stored path keeps that path (a copy elsewhere is ``FileOutcome/sameAs(path:keptRow:)``);
    /// one whose file is gone takes the first path read (as a relink would). Nothing is stored.
    /// - Parameter progress: (files done, files in all), after each file.
    /// - Throws: the store's errors reading the hike's tracks and photos.
    public static func read(_ files: [String], for id: HikeID, in store: HikeStore, options: PhotoImportOptions,
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> Batch {
        let track = Track(segments: try store.tracks(of: id).flatMap(\.segments))
        var keptByHash: [[UInt8]: StoredPhoto] = [:]
        for s in try store.photos(of: id) where !s.photo.isPlaceholder { keptByHash[s.photo.contentHash] = s }
        let lines = PhotoImport.read(files, track: track, options: options, progress: progress)
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
        var taken = Set<[UInt8]>()
        for line in lines {
            guard let p = line.photo, let path = keeper[p.contentHash] else { batch.files.append(.refused); continue }
            if path == p.path && taken.insert(p.contentHash).inserted {
                batch.files.append(.photo(batch.photos.count))
                batch.photos.append(p)
                batch.keptRow.append(keptByHash[p.contentHash]?.id)
            } else {
                batch.files.append(.sameAs(path: path, keptRow: keptByHash[p.contentHash]?.id))
            }
        }
        return batch
    }

    /// Stores `batch` with hike `id` in one transaction (``HikeStore/addPhotos(_:to:filling:)``).
    /// - Returns: how many were added, and how many were already kept (their time and place updated).
    @discardableResult
    public static func store(_ batch: Batch, with id: HikeID, in store: HikeStore) throws -> (added: Int, updated: Int) {
        try store.addPhotos(batch.photos, to: id, filling: batch.filling)
        return (batch.added, batch.alreadyKept)
    }

    /// One kept photo as listed: the stored row and whether its file is gone from its path.
    /// Encodes as `cairn photos --json` gives it (SI units, ISO 8601 dates, the SHA-256 in hex).
    public struct Listed: Encodable, Sendable {
        public var number: Int64
        public var path: String
        public var missing: Bool
        public var size: Int64
        public var sha256: String
        public var takenAt: String?
        public var latitude: Double?
        public var longitude: Double?
        public var elevation: Double?
        public var distanceAlong: Double?
        public var distanceOff: Double?
        /// "gps", "time", "mark", "waypoint" (imported from an exported photo waypoint), "none", or
        /// "placeholder" (a "photo here" mark without a photo: `path` is empty).
        public var placement: String
        public var note: String?

        public init(_ s: StoredPhoto, missing: Bool) {
            let p = s.photo
            number = s.id
            path = p.path
            self.missing = missing
            size = p.size
            sha256 = p.contentHash.map { String(format: "%02x", $0) }.joined()
            takenAt = p.takenAt.map(ISO8601Timestamp.format)
            latitude = p.coordinate?.latitude
            longitude = p.coordinate?.longitude
            elevation = p.elevation
            distanceAlong = p.distanceAlong
            distanceOff = p.distanceOff
            placement = p.placement
            note = p.note
        }
    }

    /// The photos of hike `id` in walking order (``HikeStore/photos(of:)``), each with whether
    /// its file is missing.
    public static func listed(of id: HikeID, in store: HikeStore) throws -> [(stored: StoredPhoto, listed: Listed)] {
        try store.photos(of: id).map {
            ($0, Listed($0, missing: !$0.photo.isPlaceholder && !FileManager.default.fileExists(atPath: $0.photo.path)))
        }
    }

    /// The photos of hike `id` whose file is no longer at its path.
    public static func missing(of id: HikeID, in store: HikeStore) throws -> [StoredPhoto] {
        try store.photos(of: id).filter { !$0.photo.isPlaceholder && !FileManager.default.fileExists(atPath: $0.photo.path) }
    }

    /// Points each of `missing` to the file among `files` with the same content (SHA-256);
    /// only files of a wanted size are hashed (``HikeStore/relinkPhotos(of:found:)``).
    /// - Returns: how many photos were found again.
    public static func relink(_ missing: [StoredPhoto], of id: HikeID, in store: HikeStore, searching files: [String]) throws -> Int {
        let wanted = Set(missing.map(\.photo.contentHash))
        let sizes = Set(missing.map(\.photo.size))
        var found: [[UInt8]: String] = [:]
        for f in files {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: f)[.size] as? NSNumber)?.int64Value,
                  sizes.contains(size), let (_, hash) = try? PhotoImport.contentHash(f), wanted.contains(hash) else { continue }
            found[hash] = f
        }
        return try store.relinkPhotos(of: id, found: found)
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
