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
    /// Photos read for one hike, not yet stored.
    public struct Batch: Sendable {
        /// The photos to keep, each content once (the first path read is kept).
        public var photos: [NewPhoto]
        /// Files whose content was already read under another path: (this path, the kept path).
        public var sameContent: [(path: String, kept: String)]
        /// Every file's outcome in reading order (``PhotoImportLine/message`` says it).
        public var lines: [PhotoImportLine]
        /// Files that were not a readable photo.
        public var unreadable: Int { lines.filter { $0.photo == nil }.count }
        /// Photos placed on the hike (by GPS tag, by time, or at a "photo here" mark).
        public var placed: Int { photos.filter { $0.placement != "none" }.count }
        /// "Photo here" marks to fill: index into ``photos`` → the mark's row (``fillMarks(_:marks:within:)``).
        public var filling: [Int: Int64] = [:]
        /// Every unfilled mark of the hike with what became of it, in walking order.
        public var marks: [MarkFill] = []
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
    /// content twice (a copy in another folder) is one photo. Nothing is stored.
    /// - Parameter progress: (files done, files in all), after each file.
    /// - Throws: the store's errors reading the hike's tracks.
    public static func read(_ files: [String], for id: HikeID, in store: HikeStore, options: PhotoImportOptions,
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> Batch {
        let track = Track(segments: try store.tracks(of: id).flatMap(\.segments))
        let lines = PhotoImport.read(files, track: track, options: options, progress: progress)
        var firstPath: [[UInt8]: String] = [:]
        var batch = Batch(photos: [], sameContent: [], lines: lines)
        for p in lines.compactMap(\.photo) {
            if let first = firstPath[p.contentHash] {
                batch.sameContent.append((p.path, first))
                continue
            }
            firstPath[p.contentHash] = p.path
            batch.photos.append(p)
        }
        return batch
    }

    /// Stores `batch` with hike `id` in one transaction (``HikeStore/addPhotos(_:to:)``).
    /// - Returns: how many were added, and how many were already kept (their path updated).
    public static func store(_ batch: Batch, with id: HikeID, in store: HikeStore) throws -> (added: Int, updated: Int) {
        let outcomes = try store.addPhotos(batch.photos, to: id, filling: batch.filling)
        let added = outcomes.filter { if case .alreadyKept = $0 { return false } else { return true } }.count
        return (added, outcomes.count - added)
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
        /// "gps", "time", "mark", "none", or "placeholder" (a "photo here" mark without a photo: `path` is empty).
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
