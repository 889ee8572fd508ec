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
        /// Whether this run corrected the clock (``PhotoImportOptions/clockCorrected``).
        public var clockCorrected = false
        /// The placement options given (``PhotoImportOptions/given``): kept photos were placed again.
        public var given: [String] = []
        /// For each of ``photos``: how a kept photo's place came out (nil for a new one).
        public var placings: [Placing?] = []
        /// For each of ``photos``: the stored path of a kept photo whose file was gone and is
        /// this one, moved and edited (nil otherwise).
        public var moved: [String?] = []
        /// For each of ``photos`` new to the hike: the numbers of two or more missing kept
        /// photos with its file name, neither taken (its content and time match none).
        public var ambiguous: [[Int64]] = []
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
        /// Kept photos (same content) placed again with this run's options whose placement,
        /// time or place changed (not at a mark).
        public var replaced: Int { kinds.indices.filter { kinds[$0] == .kept && placings[$0] == .replaced && atMark[$0] == nil }.count }
        /// The options given in words: "--offset 1200", "--tz +02:00 --max-gap 900", or "the
        /// corrected clock" when a caller set only ``clockCorrected``.
        public var givenWords: String { given.isEmpty ? L("the corrected clock") : given.joined(separator: " ") }
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
                        let (was, changed) = PhotoLibrary.changeWords(old, photos[i], units: units)
                        switch placings[i] ?? .kept {
                        case .kept: place = L("%s, unchanged", now)
                        // TRANSLATORS: %s are where the photo was placed before and now ("placed by its time, 1.2 km along").
                        case .newEXIF: place = PhotoLibrary.samePlace(old, photos[i]) ? L("%s, unchanged", now) : L("re-placed from its new EXIF: %s → %s", was, changed)
                        // TRANSLATORS: the first %s are the options given ("--offset 300", "--max-gap 900"), then where the photo was and is.
                        case .replaced: place = L("re-placed with %s: %s → %s", givenWords, was, changed)
                        case .same:
                            place = clockCorrected && PhotoImportOptions.onlyClockTyped(given)
                                ? L("%s, unchanged (the corrected clock gives the same place)", now)
                                : L("%s, unchanged (%s gives the same place)", now, givenWords)
                        case .clockDoesNotApply(let why):
                            let reason = switch why {
                            case .offset: L("its EXIF has an offset")
                            case .noTime: L("no capture time")
                            case .gpsTag: L("placed at its GPS tag")
                            }
                            place = now + clauseSeparator + L("the clock options do not apply to it (%s)", reason)
                        }
                        if placings[i] == .replaced || placings[i] == .newEXIF, let t = photos[i].takenAt, let zone = photos[i].facts.zoneWords {
                            place += clauseSeparator + L("taken %s (%s)", ISO8601Timestamp.format(t), zone)
                        }
                        // What the first add said of the file stays said: a GPS tag far off the
                        // line, a picture cut short.
                        if let g = photos[i].facts.gpsWords(units: units) { place = g + clauseSeparator + place }
                        if photos[i].facts.pictureCut == true { place += clauseSeparator + PhotoFacts.pictureCutWords }
                    } else {
                        guard !ambiguous[i].isEmpty else { return line.message }
                        let numbers = ambiguous[i].map { "#" + String(describing: $0) }.joined(separator: ", ")
                        // TRANSLATORS: %s are photo numbers ("#5, #7").
                        return line.message + clauseSeparator + L("kept photos %s are missing and have this file's name, but neither its content nor its time: none taken, added as new", numbers)
                    }
                    switch kinds[i] {
                    case .new: return line.path + ": " + place
                    case .kept:
                        return mark != nil ? L("%s: %s; already kept", line.path, place) : L("%s: already kept; %s", line.path, place)
                    case .edited:
                        if let was = moved[i] {
                            // TRANSLATORS: the second %s is the photo's number, the third the path it was kept at.
                            return L("%s: was #%s (missing at %s): moved and edited; updated; %s", line.path, number, was, place)
                        }
                        return L("%s: edited since it was kept as #%s: updated; %s", line.path, number, place)
                    case .contentFound:
                        return L("%s: kept as #%s without its content (from a photo waypoint): its size and hash are now kept; %s",
                                 line.path, number, place)
                    }
                }
            }
        }
    }

    /// Where a photo is, in words: "placed by its time, 1.2 km along", "placed at its GPS tag,
    /// …", "at a photo-here mark, …", "placed as exported, …", or "not placed: WHY".
    public static func placeWords(_ p: NewPhoto, units: UnitFormatter) -> String {
        let along = p.distanceAlong.map(units.distance) ?? "?"
        switch p.placement {
        case "gps": return L("placed at its GPS tag, %s along", along)
        case "time": return L("placed by its time, %s along", along)
        case NewPhoto.markPlacement: return L("at a photo-here mark, %s along", along)
        case NewPhoto.waypointPlacement: return L("placed as exported, %s along", along)
        default:
            let why = p.facts.reasonWords ?? p.legacyNote
            return why.map { L("not placed: %s", $0) } ?? L("not placed")
        }
    }

    /// Where a photo was and is now, in words (``placeWords(_:units:)``), for "OLD → NEW": when
    /// both read the same though the place or time differs (a GPS tag moved a few metres, a time
    /// shifted within one reason's rounding), the new words say by how much: "(12 m from where
    /// it was)", "(taken 40 s later)".
    public static func changeWords(_ old: NewPhoto, _ new: NewPhoto, units: UnitFormatter) -> (was: String, now: String) {
        let was = placeWords(old, units: units), now = placeWords(new, units: units)
        guard was == now else { return (was, now) }
        if let a = old.coordinate, let b = new.coordinate, a != b {
            return (was, now + " " + L("(%s from where it was)", units.distance(Geodesy.distance(from: a, to: b))))
        }
        if let a = old.takenAt, let b = new.takenAt, a != b {
            let d = b.timeIntervalSince(a)
            // TRANSLATORS: %s is a time span ("40 s", "5 min").
            return (was, now + " " + (d > 0 ? L("(taken %s later)", PhotoFacts.span(d)) : L("(taken %s earlier)", PhotoFacts.span(-d))))
        }
        return (was, now)
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
    /// One with neither content nor time kept whose name is that of exactly one missing kept
    /// photo is that photo, moved and edited (``Batch/moved``); with two or more such photos
    /// none is taken (``Batch/ambiguous``).
    ///
    /// A kept photo keeps its stored time and place unless `options` give a placement option
    /// (``PhotoImportOptions/given``), or its file's EXIF time or GPS tag changed
    /// (``settled(_:exif:kept:kind:options:)``); then it is placed again: with a clock option
    /// (--tz, --offset, --offset-from) as this run reads it, else in the zone and with the
    /// correction it was kept with (``keptOptions(_:)``) and this run's --max-gap and --max-off. One
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
        let placer = PhotoPlacer(track: track)
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
        batch.given = options.given
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
            var moved: String?
            var ambiguous: [Int64] = []
            if let same = keptByHash[p.contentHash] {
                row = same
                kind = .kept
            } else if let other = replaced(p) {
                row = other
                kind = other.photo.hasContentHash ? .edited : .contentFound
                claimed.insert(other.id)
                if other.photo.path != p.path, kind == .edited { moved = other.photo.path }
            } else if let gone = goneByName[(p.path as NSString).lastPathComponent]?
                        .filter({ !claimed.contains($0.id) && !readHashes.contains($0.photo.contentHash) && $0.photo.hasContentHash }) {
                // Neither its content nor its time is kept: the one missing photo of its name is
                // this file, moved and edited (its time changed too); two such photos: neither.
                if gone.count == 1 {
                    row = gone[0]
                    kind = .edited
                    moved = gone[0].photo.path
                    claimed.insert(gone[0].id)
                } else if gone.count > 1 {
                    ambiguous = gone.map(\.id).sorted()
                }
            }
            batch.files.append(.photo(batch.photos.count))
            if let row {
                // Without a clock option, a kept photo is read again in the zone and with the
                // correction it was kept with (and this run's --max-gap, --max-off).
                // A --max-gap or --max-off it was kept with holds unless typed again.
                var reading = line
                let f = row.photo.facts
                let gapTyped = options.typed("--max-gap"), offTyped = options.typed("--max-off")
                let limits = !gapTyped && f.maxGap != nil || !offTyped && f.maxOff != nil
                // A clock option typed now replaces only itself: a kept photo read with --tz keeps
                // its zone when only --offset is typed, and its correction when only --tz is.
                if options.replaces || kind == .edited, f.zone != nil || f.correction != nil || limits {
                    var o = keptOptions(f)
                    if options.clockCorrected {
                        let kept = o
                        o = options
                        let tzTyped = options.typed("--tz")
                        let offsetTyped = options.typed("--offset") || options.typed("--offset-from")
                        if !tzTyped, f.zone != nil, f.zone != .camera {
                            o.zone = kept.zone; o.zoneName = kept.zoneName
                            o.zoneSource = kept.zoneSource; o.zoneSourceName = kept.zoneSourceName
                        }
                        if !offsetTyped, let c = f.correction { o.correction = c }
                    }
                    o.maxGap = gapTyped ? options.maxGap : f.maxGap ?? options.maxGap
                    o.maxOff = offTyped ? options.maxOff : f.maxOff ?? options.maxOff
                    o.units = options.units
                    let again = PhotoImport.line(p.path, placer, o)
                    if again.photo?.contentHash == p.contentHash { reading = again }
                }
                let (photo, placing) = settled(reading.photo ?? p, exif: reading.exif, kept: row.photo, kind: kind, options: options)
                batch.photos.append(photo)
                batch.placings.append(placing)
            } else {
                batch.photos.append(p)
                batch.placings.append(nil)
            }
            batch.keptRow.append(row?.id)
            batch.kinds.append(kind)
            batch.before.append(row?.photo)
            batch.moved.append(moved)
            batch.ambiguous.append(ambiguous)
        }
        return batch
    }

    /// How a kept photo's place came out of an `add`.
    public enum Placing: Sendable, Equatable {
        /// Its stored time and place are kept (no placement option given, its EXIF unchanged).
        case kept
        /// The options given place it as before (same placement, time and place).
        case same
        /// Only clock options were given and they cannot change it: `offset` — its EXIF has its
        /// own offset and only --tz was given; `noTime` — it has no capture time; `gpsTag` — it
        /// is placed at its GPS tag.
        case clockDoesNotApply(ClockExemption)
        /// Placed again with the options given; its placement, time or place changed.
        case replaced
        /// Its file's capture time or GPS tag differs from what was kept (edited in another
        /// tool): placed again from the file's new data with the run's options.
        case newEXIF
    }

    /// Why the clock options do not apply to a photo (``Placing/clockDoesNotApply(_:)``).
    public enum ClockExemption: Sendable, Equatable { case offset, noTime, gpsTag }

    /// `read` (a file's reading) as a kept photo `kept` becomes, and how its place came out:
    /// - a file whose capture time or GPS tag differs from the kept photo's (``exifChanged(_:exif:kept:)``;
    ///   only for an edited photo, moved or not) takes the reading: ``Placing/newEXIF``;
    /// - with placement options given (``PhotoImportOptions/given``) the reading, said
    ///   ``Placing/replaced`` only when its placement, time or place differs from the kept one;
    /// - otherwise its file, size and hash with the stored time, place and note. A note kept
    ///   as text from before the codes (``NewPhoto/legacyNote``) gives way to the reading's
    ///   codes when the reading has the same time and placement (the same outcome, now in codes).
    static func settled(_ read: NewPhoto, exif: PhotoEXIF?, kept: NewPhoto, kind: Kind,
                        options: PhotoImportOptions) -> (NewPhoto, Placing) {
        if kind == .edited, exifChanged(read, exif: exif, kept: kept) { return (read, .newEXIF) }
        if options.replaces {
            if !samePlace(read, kept) { return (read, .replaced) }
            let clockOnly = PhotoImportOptions.onlyClockTyped(options.given)
            let offsetGiven = options.typed("--offset") || options.typed("--offset-from")
            if clockOnly {
                if read.placement == "gps" { return (read, .clockDoesNotApply(.gpsTag)) }
                if read.takenAt == nil { return (read, .clockDoesNotApply(.noTime)) }
                if read.facts.zone == .camera, !offsetGiven { return (read, .clockDoesNotApply(.offset)) }
            }
            return (read, .same)
        }
        var p = kept
        p.path = read.path
        p.size = read.size
        p.contentHash = read.contentHash
        p.facts.pictureCut = read.facts.pictureCut
        if kept.legacyNote != nil, kept.facts.reason == nil || kept.facts.reason == .legacy,
           read.placement == kept.placement, read.takenAt == kept.takenAt {
            p.legacyNote = nil
            p.facts = read.facts
        }
        return (p, .kept)
    }

    /// Whether `a` and `b` are placed alike: the same placement, capture time (within 1 ms),
    /// position (within 1e-7°, about a centimetre), distance along (within 1 cm) and reason
    /// not to be placed (with its seconds within 0.5 s).
    static func samePlace(_ a: NewPhoto, _ b: NewPhoto) -> Bool {
        func near(_ x: Double?, _ y: Double?, _ tolerance: Double) -> Bool {
            switch (x, y) {
            case (nil, nil): return true
            case let (x?, y?): return abs(x - y) <= tolerance
            default: return false
            }
        }
        return a.placement == b.placement
            && near(a.takenAt?.timeIntervalSinceReferenceDate, b.takenAt?.timeIntervalSinceReferenceDate, 0.001)
            && near(a.coordinate?.latitude, b.coordinate?.latitude, 1e-7) && near(a.coordinate?.longitude, b.coordinate?.longitude, 1e-7)
            && near(a.distanceAlong, b.distanceAlong, 0.01)
            && a.facts.reason == b.facts.reason && near(a.facts.seconds, b.facts.seconds, 0.5)
    }

    /// The options a kept photo was read with, from its facts (``storedZone(_:)``, its clock
    /// correction; UTC for a photo kept without a zone), with the `--max-gap` and `--max-off`
    /// it was kept with (300 s and 500 m unless stored): what `relink` places an edited photo with.
    static func keptOptions(_ f: PhotoFacts) -> PhotoImportOptions {
        let zone = storedZone(f) ?? TimeZone(identifier: "UTC")!
        let source: PhotoFacts.ZoneSource? = f.zone == .camera ? nil : f.zone
        return PhotoImportOptions(zone: zone, zoneName: f.zoneWords ?? "UTC", correction: f.correction ?? 0,
                                  maxGap: f.maxGap ?? 300, maxOff: f.maxOff ?? 500,
                                  zoneSource: source, zoneSourceName: source == nil ? nil : f.zoneName)
    }

    /// The zone a kept photo's time was read in, from its facts (``PhotoFacts/zone``); nil
    /// when not stored (a photo kept before the codes).
    static func storedZone(_ f: PhotoFacts) -> TimeZone? {
        switch f.zone {
        case .camera: return f.zoneName.flatMap(PhotoClock.offsetSeconds).flatMap { TimeZone(secondsFromGMT: $0) }
        case .tz, .environment: return f.zoneName.flatMap(timeZone(named:))
        case .utcUnreadTZ, .utcDefault: return TimeZone(identifier: "UTC")
        case nil: return nil
        }
    }

    /// Whether the file read as `read` (its EXIF `exif`) has another capture time or GPS tag
    /// than kept photo `kept` was placed with (an edit that rewrote the EXIF):
    /// - time: the file's EXIF time read in the kept photo's zone (``storedZone(_:)``) with its
    ///   stored clock correction differs from its stored time by 1 ms or more; one with a time
    ///   against one without; for a photo kept without a zone, ``matches(_:cameraTime:)``;
    /// - GPS tag: one against none; 0,0 against a fix; a tag used against another position
    ///   (1e-7°); a tag too far off the line against another distance off (0.5 m).
    /// A photo at a mark or placed as exported is judged by its time only.
    static func exifChanged(_ read: NewPhoto, exif: PhotoEXIF?, kept: NewPhoto) -> Bool {
        guard let exif else { return false }
        // Time.
        switch (kept.takenAt, read.takenAt) {
        case (nil, nil):
            if kept.facts.clockText != read.facts.clockText || kept.facts.reason != read.facts.reason && kept.facts.reason != .legacy {
                return true
            }
        case (nil, _?), (_?, nil):
            return true
        case (let stored?, _?):
            if let zone = storedZone(kept.facts) {
                guard case .success(let c) = PhotoClock.capture(exif, zone: zone, zoneName: "", correction: kept.facts.correction ?? 0),
                      abs(c.time.timeIntervalSince(stored)) < 0.001 else { return true }
            } else if let t = cameraTime(read.path), !matches(kept, cameraTime: t) {
                return true
            }
        }
        if kept.placement == NewPhoto.markPlacement || kept.placement == NewPhoto.waypointPlacement { return false }
        // GPS tag.
        let fileZero = exif.gps.map { $0.latitude == 0 && $0.longitude == 0 } ?? false
        switch (kept.placement == "gps" ? "used" : kept.facts.gpsTag?.rawValue ?? "none", exif.gps) {
        case ("none", nil): return false
        case ("none", _?), (_, nil): return true
        case ("zero", _): return !fileZero
        case ("used", let g?):
            guard let c = kept.coordinate else { return true }
            return abs(c.latitude - g.latitude) > 1e-7 || abs(c.longitude - g.longitude) > 1e-7
        case (_, _?):  // far off the line
            let off = read.facts.gpsOff ?? (read.placement == "gps" ? read.distanceOff : nil)
            guard let off, let was = kept.facts.gpsOff, !fileZero else { return true }
            return abs(off - was) > 0.5
        }
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
        /// The photo's file; null for a "photo here" mark no photo filled yet.
        public var path: String?
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
        /// "placeholder" (a "photo here" mark without a photo: `path` is null).
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
            path = p.isPlaceholder ? nil : p.path
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
        /// Photos found by name and time whose file's GPS tag (or time, in its kept zone)
        /// differs from what was kept: placed again from the file's data (number, the photo as
        /// kept, as placed now; ``exifChanged(_:exif:kept:)``).
        public var replaced: [(number: Int64, before: NewPhoto, now: NewPhoto)] = []
        /// Missing photos no file's content, nor name and time, finds, with the files of their
        /// name under the directories given (number, those paths): one is likely the photo,
        /// moved and edited; `photos add ID PATH` takes it. Not relinked.
        public var candidates: [(number: Int64, paths: [String])] = []
        /// Files found by name and time that could not be taken: another photo of the hike has
        /// their content (number, path, that photo's number).
        public var refused: [(number: Int64, path: String, other: Int64)] = []
        /// Photos found by their content in a file of another name (a copy, or the photo
        /// renamed): (number, the file found, the name the photo had). Said, so a hiker who
        /// edited the photo under its own name learns which file was taken.
        public var renamed: [(number: Int64, path: String, was: String)] = []
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
        let name = { (path: String) in (path as NSString).lastPathComponent }
        let wanted = Set(rest.filter(\.photo.hasContentHash).map(\.photo.contentHash))
        let sizes = Set(rest.filter(\.photo.hasContentHash).map(\.photo.size))
        // Several files with the wanted content (copies): the one of the photo's own name wins.
        let ownName = Dictionary(rest.filter(\.photo.hasContentHash).map { ($0.photo.contentHash, name($0.photo.path)) },
                                 uniquingKeysWith: { a, _ in a })
        var found: [[UInt8]: String] = [:]
        for f in files {
            guard let size = (try? fm.attributesOfItem(atPath: f)[.size] as? NSNumber)?.int64Value,
                  sizes.contains(size), let (_, hash) = try? PhotoImport.contentHash(f), wanted.contains(hash) else { continue }
            if let kept = found[hash], name(kept) == ownName[hash] { continue }
            found[hash] = f
        }
        out.byContent = try store.relinkPhotos(of: id, found: found)
        for s in rest where s.photo.hasContentHash {
            if let f = found[s.photo.contentHash], name(f) != name(s.photo.path) { out.renamed.append((s.id, f, name(s.photo.path))) }
        }
        var used = Set(found.values)
        let placer = PhotoPlacer(track: Track(segments: try store.tracks(of: id).flatMap(\.segments)))
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
            guard let f = pick else {
                if !candidates.isEmpty, s.photo.hasContentHash { out.candidates.append((s.id, candidates)) }
                continue
            }
            guard let (size, hash) = try? PhotoImport.contentHash(f) else { continue }
            do {
                // An edited photo whose EXIF changed is placed again from it, in its kept zone and correction.
                let options = keptOptions(s.photo.facts)
                let line = PhotoImport.line(f, placer, options)
                if s.photo.hasContentHash, let now = line.photo, exifChanged(now, exif: line.exif, kept: s.photo) {
                    try store.addPhotos([now], to: id, replacing: [0: s.id])
                    out.replaced.append((s.id, s.photo, now))
                } else {
                    try store.relinkPhoto(s.id, of: id, to: f, size: size, contentHash: hash)
                }
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
