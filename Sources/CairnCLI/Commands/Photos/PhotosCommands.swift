import Localization
import Foundation
import HikeServices
import TrailCore
import TrailFormats
import TrailPhotos
import TrailStore

/// `cairn photos ID`: the photos kept with a hike, in walking order.
public enum PhotosCommand: Command {
    public static let name = "photos"
    public static let summary = N("List the photos kept with a hike, in walking order")
    public static let about = N("One line per photo: its number (for 'cairn photos remove'), the distance along the hike,\nthe capture time, how it was placed (at its GPS tag, or by its time against the track)\nand the file. Photos not placed come last with the reason. A \"photo here\" mark noted while\nrecording or following (key i, or `cairn record photo`) that no photo filled yet is\nlisted as \"(no photo yet)\". A file no longer where it\nwas is marked \"missing\" ('cairn photos relink' finds moved files by their content).")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let json = OptionSpec("--json", help: N("a JSON array (SI units, ISO 8601 dates) instead of the table"))
    public static let options: [OptionSpec] = [json, .units, .store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count == 1 else { throw CLIError.usage("photos needs exactly one ID") }
        let units = try UnitsOption.formatter(args, context)
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false)
        let id = try StoreAccess.ids(args.positionals, in: store)[0]
        let photos = try PhotoLibrary.listed(of: id, in: store)
        if args.has(json) {
            let rows = photos.map(\.listed)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            context.stdout.write(String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n")
            return 0
        }
        guard !photos.isEmpty else {
            context.stdout.write("\(id): no photos kept (cairn photos add \(id) DIR adds them)\n")
            return 0
        }
        var t = TextTable(headers: ["#", "ALONG", "TAKEN", "PLACED", "FILE"], rightAligned: [0, 1])
        for (s, listed) in photos {
            let p = s.photo
            let placed: String
            switch p.placement {
            case "gps": placed = "GPS tag"
            case "time": placed = "by time"
            case NewPhoto.markPlacement: placed = "at a mark"
            case NewPhoto.placeholderPlacement: placed = "photo here"
            default: placed = "not placed"
            }
            let missing = listed.missing ? " (missing)" : ""
            let file = p.isPlaceholder ? "(no photo yet)" : TerminalText.clean(p.path) + missing
            t.add(["\(s.id)", p.distanceAlong.map { units.distance($0) } ?? "--",
                   p.takenAt.map { units.dateTime($0) } ?? "--", placed, file])
        }
        var out = "\(id): \(photos.count) photo\(photos.count == 1 ? "" : "s")\n" + t.render() + "\n"
        for (s, _) in photos where s.photo.placement == "none" {
            out += "  #\(s.id) not placed: \(TerminalText.clean(s.photo.note ?? ""))\n"
        }
        context.stdout.write(out)
        return 0
    }
}

/// `cairn photos add ID PATH…`: keeps photos with a hike, placed where they were taken.
public enum PhotosAddCommand: Command {
    public static let name = "photos add"
    public static let summary = N("Keep photos with a hike, placed where they were taken")
    public static let about = N("Reads each photo's EXIF (JPEG, and HEIC through libheif; libexif): a photo with a GPS tag is placed there; one\nwithout is placed by its capture time on the hike's track, interpolated between the\ntrackpoints around it, never across a segment break or a pause longer than --max-gap.\nA capture time without the camera's offset (OffsetTimeOriginal) is read in --tz, else\nin TZ. Directories are read recursively (.jpg/.jpeg/.heic/.heif). Photos are referenced, never\ncopied or changed: path, size and a SHA-256 of the content are kept, so moved files\nare found again by 'cairn photos relink'. All photos are stored at once or none.\n\n\"Photo here\" marks noted while recording or following are filled first: each with the\nphoto taken nearest in time to it (within --mark-gap; the closest pair first, each photo\nfills one mark), placed at the mark. Each mark's outcome is said.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'")),
                                   ArgumentSpec("PATH", count: .oneOrMore, help: N("photo files or directories"))]
    static let tz = OptionSpec("--tz", value: "ZONE", help: N("time zone of capture times without an offset (e.g. Europe/Andorra); default TZ, else UTC"))
    static let offset = OptionSpec("--offset", value: "SECONDS", help: N("add to every camera time (a camera 90 s slow: --offset 90)"))
    static let offsetFrom = OptionSpec("--offset-from", value: "PHOTO=TIME",
                                       help: N("work the offset out from a photo of a clock or GPS screen showing TIME (ISO 8601, e.g. 2018-05-02T10:15:00+02:00)"))
    static let maxGap = OptionSpec("--max-gap", value: "SECONDS", defaultValue: "300",
                                   help: N("longest pause or signal gap a photo is placed in"))
    static let maxOff = OptionSpec("--max-off", value: "METRES", defaultValue: "500",
                                   help: N("farthest a GPS tag may be from the line (farther: placed by its time instead)"))
    static let markGap = OptionSpec("--mark-gap", value: "SECONDS", defaultValue: "300",
                                    help: N("farthest in time a photo may be from a \"photo here\" mark it fills"))
    public static let options: [OptionSpec] = [tz, offset, offsetFrom, maxGap, maxOff, markGap, .units, .store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count >= 2 else { throw CLIError.usage("photos add needs an ID and a PATH") }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([args.positionals[0]], in: store)[0]
        var options = try zone(args, context)
        guard let gap = TimeInterval(args.value(maxGap) ?? "300"), gap >= 0, gap.isFinite else {
            throw CLIError.usage("--max-gap takes seconds, not '\(TerminalText.clean(args.value(maxGap) ?? ""))'")
        }
        options.maxGap = gap
        guard let off = Double(args.value(maxOff) ?? "500"), off >= 0, off.isFinite else {
            throw CLIError.usage("--max-off takes metres, not '\(TerminalText.clean(args.value(maxOff) ?? ""))'")
        }
        options.maxOff = off
        guard let markWithin = TimeInterval(args.value(markGap) ?? "300"), markWithin >= 0, markWithin.isFinite else {
            throw CLIError.usage("--mark-gap takes seconds, not '\(TerminalText.clean(args.value(markGap) ?? ""))'")
        }
        if let text = args.value(offset) {
            guard let v = TimeInterval(text), v.isFinite, abs(v) < 366 * 86_400 else {
                throw CLIError.usage("--offset takes seconds (+90, -3600), not '\(TerminalText.clean(text))'")
            }
            options.correction = v
        }
        if let text = args.value(offsetFrom) {
            if args.value(offset) != nil { throw CLIError.usage("give --offset or --offset-from, not both") }
            options.correction = try correction(from: text, options, context)
        }
        let files: [String]
        do {
            files = try PhotoImport.files(Array(args.positionals.dropFirst()), currentDirectory: context.currentDirectory)
        } catch let e as CocoaError {
            let path = (e.userInfo[NSFilePathErrorKey] as? String) ?? "?"
            throw CLIError.failure("\(TerminalText.clean(path)): no such file or directory; nothing was added")
        }
        guard !files.isEmpty else { throw CLIError.failure("no .jpg, .jpeg, .heic or .heif files found there; nothing was added") }
        let showProgress = context.stderrIsTerminal && files.count > 20
        var batch = try PhotoLibrary.read(files, for: id, in: store, options: options) { done, total in
            if showProgress && (done % 10 == 0 || done == total) {
                context.stderr.write("\rReading photos: \(done) of \(total)" + (done == total ? "\n" : ""))
            }
        }
        for (path, first) in batch.sameContent {
            context.stderr.write("\(TerminalText.clean(path)): the same photo as \(TerminalText.clean(first)); kept once\n")
        }
        let units = try UnitsOption.formatter(args, context)
        PhotoLibrary.fillMarks(&batch, marks: try store.photos(of: id), within: markWithin)
        // A photo that fills a mark is placed there, not where its own time or tag would put it.
        let atMark = Dictionary(batch.marks.compactMap { m in m.path.map { ($0, m.mark.id) } }, uniquingKeysWith: { a, _ in a })
        for l in batch.lines {
            if let mark = atMark[l.path] {
                context.stderr.write(TerminalText.clean(l.path) + ": at photo-here mark #\(mark)\n")
            } else {
                context.stderr.write(TerminalText.clean(l.message) + "\n")
            }
        }
        guard !batch.photos.isEmpty else { throw CLIError.failure("no readable photo; nothing was added") }
        for fill in batch.marks {
            let when = fill.mark.photo.takenAt.map { units.dateTime($0) } ?? "no time"
            var line = "photo-here mark #\(fill.mark.id) (\(when)"
                + (fill.mark.photo.distanceAlong.map { ", " + units.distance($0) + " along" } ?? "") + "): "
            if let path = fill.path {
                let gap = Int((fill.gap ?? 0).rounded())
                line += "filled with " + TerminalText.clean(path)
                    + (gap == 0 ? ", taken then" : ", taken \(abs(gap)) s \(gap > 0 ? "after" : "before")")
            } else if fill.mark.photo.takenAt == nil {
                line += "no time noted: not filled"
            } else {
                line += "no photo taken within \(Int(markWithin)) s: still waiting (--mark-gap widens that)"
            }
            context.stdout.write(line + "\n")
        }
        let (added, updated) = try PhotoLibrary.store(batch, with: id, in: store)
        let unreadable = batch.unreadable
        var summary = "\(id): \(added) photo\(added == 1 ? "" : "s") added, \(batch.placed) of \(batch.photos.count) placed"
        if updated > 0 { summary += ", \(updated) already kept (updated)" }
        if unreadable > 0 { summary += ", \(unreadable) file\(unreadable == 1 ? "" : "s") not read" }
        context.stdout.write(summary + "\n")
        return unreadable > 0 ? 1 : 0
    }

    /// --tz, else TZ, else UTC (``PhotoLibrary/timeZone(named:)`` says which names are read).
    static func zone(_ args: ParsedArguments, _ context: CommandContext) throws -> PhotoImportOptions {
        let named = PhotoLibrary.timeZone(named:)
        if let name = args.value(tz) {
            guard let z = named(name) else {
                throw CLIError.usage("--tz: '\(TerminalText.clean(name))' is not a time zone name (as in /usr/share/zoneinfo, e.g."
                                     + " Europe/Andorra) or an offset like +02:00")
            }
            return PhotoImportOptions(zone: z, zoneName: "--tz \(name)")
        }
        if let name = context.environment["TZ"]?.trimmingCharacters(in: CharacterSet(charactersIn: ":")), !name.isEmpty {
            if let z = named(name) { return PhotoImportOptions(zone: z, zoneName: "TZ=\(name)") }
            context.stderr.write("cairn photos add: TZ=\(TerminalText.clean(name)) is not a zone name Cairn reads; times without"
                                 + " the camera's offset are read in UTC (give --tz Europe/Andorra or --tz +02:00)\n")
            return PhotoImportOptions(zone: TimeZone(identifier: "UTC")!, zoneName: "UTC (TZ=\(name) not read)")
        }
        return PhotoImportOptions(zone: TimeZone(identifier: "UTC")!, zoneName: "UTC (no --tz or TZ)")
    }

    /// `PHOTO=TIME`: TIME minus the photo's own capture time.
    static func correction(from text: String, _ options: PhotoImportOptions, _ context: CommandContext) throws -> TimeInterval {
        guard let eq = text.firstIndex(of: "=") else { throw CLIError.usage("--offset-from takes PHOTO=TIME") }
        let photo = context.resolve(String(text[..<eq])), timeText = String(text[text.index(after: eq)...])
        // The time shown on the clock needs its zone: a bare local time would be read as UTC.
        let zoned = timeText.range(of: #"(Z|[+-][0-9]{2}:?[0-9]{2})$"#, options: .regularExpression) != nil
        guard zoned, let truth = ISO8601Timestamp.parse(timeText) else {
            throw CLIError.usage("--offset-from: '\(TerminalText.clean(timeText))' is not an ISO 8601 time with a zone (2018-05-02T10:15:00+02:00)")
        }
        let exif: PhotoEXIF
        do { exif = try PhotoEXIFReader.read(path: photo) } catch { throw CLIError.failure("--offset-from: \(error)") }
        switch PhotoClock.capture(exif, zone: options.zone, zoneName: options.zoneName) {
        case .success(let c): return truth.timeIntervalSince(c.time)
        case .failure(let why): throw CLIError.failure("--offset-from: \(TerminalText.clean(photo)): \(why)")
        }
    }
}

/// `cairn photos remove ID N…`: forgets photos (the files stay).
public enum PhotosRemoveCommand: Command {
    public static let name = "photos remove"
    public static let summary = N("Forget photos kept with a hike (the files stay)")
    public static let about = N("Forgets the photos numbered as 'cairn photos ID' lists them. All or none: an unknown\nnumber removes nothing. The files themselves are never touched.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'")),
                                   ArgumentSpec("N", count: .oneOrMore, help: N("photo numbers from 'cairn photos ID'"))]
    public static let options: [OptionSpec] = [.store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count >= 2 else { throw CLIError.usage("photos remove needs an ID and a photo number") }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([args.positionals[0]], in: store)[0]
        let given = try args.positionals.dropFirst().map { t -> Int64 in
            guard let n = Int64(t.hasPrefix("#") ? String(t.dropFirst()) : t) else {
                throw CLIError.usage("'\(TerminalText.clean(t))' is not a photo number (see 'cairn photos \(id)')")
            }
            return n
        }
        // A number given twice is one photo.
        var seen = Set<Int64>()
        let numbers = given.filter { seen.insert($0).inserted }
        do {
            try store.removePhotos(numbers, from: id)
        } catch let e as PhotoStoreError {
            throw CLIError.failure("\(e)")
        }
        context.stdout.write("\(id): \(numbers.count) photo\(numbers.count == 1 ? "" : "s") forgotten (the files stay)\n")
        return 0
    }
}

/// `cairn photos relink ID DIR…`: finds moved photos again by their content.
public enum PhotosRelinkCommand: Command {
    public static let name = "photos relink"
    public static let summary = N("Find a hike's moved photos again by their content")
    public static let about = N("Reads the .jpg/.jpeg/.heic/.heif files under each DIR and points every photo of the hike whose\nfile is missing to the file with the same content (SHA-256). Photos still in place\nare not read again.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'")),
                                   ArgumentSpec("DIR", count: .oneOrMore, help: N("where the photos are now"))]
    public static let options: [OptionSpec] = [.store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count >= 2 else { throw CLIError.usage("photos relink needs an ID and a DIR") }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([args.positionals[0]], in: store)[0]
        let missing = try PhotoLibrary.missing(of: id, in: store)
        guard !missing.isEmpty else {
            context.stdout.write("\(id): every photo is where it was; nothing to relink\n")
            return 0
        }
        let files: [String]
        do {
            files = try PhotoImport.files(Array(args.positionals.dropFirst()), currentDirectory: context.currentDirectory)
        } catch let e as CocoaError {
            throw CLIError.failure("\(TerminalText.clean((e.userInfo[NSFilePathErrorKey] as? String) ?? "?")): no such directory")
        }
        let moved = try PhotoLibrary.relink(missing, of: id, in: store, searching: files)
        let still = missing.count - moved
        context.stdout.write("\(id): \(moved) photo\(moved == 1 ? "" : "s") found again"
                             + (still > 0 ? ", \(still) still missing" : "") + "\n")
        return still > 0 ? 1 : 0
    }
}
