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
    public static let about = N("One line per photo: its number (for 'cairn photos remove'), the distance along the hike,\nthe capture time, how it was placed (at its GPS tag, or by its time against the track)\nand the file. Photos not placed come last with the reason. A \"photo here\" mark noted while\nrecording or following (key i, or `cairn record photo`) that no photo filled yet is\nlisted as \"(no photo yet)\". A file no longer where it\nwas is marked \"missing\" ('cairn photos relink' finds moved files by their content); a photo\nimported from a photo waypoint while its file was missing has no hash yet (\"hash unknown\";\n--json gives null sha256 and size). --json gives why a photo is not placed as a code\n(\"reason\") and in words (\"note\").\n\n'cairn photos add' and 'cairn photos relink' exit 0 when all is done, 23 when partly\n(some files kept or found, others refused or still missing: each said on stderr), 1 when\nnothing is (their --help says more).")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let json = OptionSpec("--json", help: N("a JSON array (SI units, ISO 8601 dates) instead of the table"))
    public static let options: [OptionSpec] = [json, .units, .store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count == 1 else { throw CLIError.usage(L("photos needs exactly one ID")) }
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
            context.stdout.write(L("%s: no photos kept (cairn photos add %s DIR adds them)", id, id) + "\n")
            return 0
        }
        // TRANSLATORS: column headings of `cairn photos ID`: distance along the hike, capture time, how it was placed, file.
        // The capture time's heading names the time zone the times are in (TZ): "TAKEN (Europe/Andorra)".
        let taken = L("TAKEN (%s)", TerminalText.clean(units.timeZone.identifier))
        var t = TextTable(headers: ["#", L("ALONG"), taken, L("PLACED"), L("FILE")], rightAligned: [0, 1])
        for (s, listed) in photos {
            let p = s.photo
            let placed: String
            switch p.placement {
            // TRANSLATORS: how a photo was placed, in the PLACED column of `cairn photos ID`.
            case "gps": placed = L("GPS tag")
            case "time": placed = L("by time")
            case NewPhoto.markPlacement: placed = L("at a mark")
            case NewPhoto.waypointPlacement: placed = L("as exported")
            case NewPhoto.placeholderPlacement: placed = L("photo here")
            default: placed = L("not placed")
            }
            let file = p.isPlaceholder ? L("(no photo yet)")
                : listed.missing && !p.hasContentHash ? L("%s (file missing; hash unknown)", TerminalText.clean(p.path))
                : listed.missing ? L("%s (missing)", TerminalText.clean(p.path))
                : !p.hasContentHash ? L("%s (hash unknown: 'cairn photos relink' reads it)", TerminalText.clean(p.path))
                : TerminalText.clean(p.path)
            t.add(["\(s.id)", p.distanceAlong.map { units.distance($0) } ?? "--",
                   p.takenAt.map { units.dateTime($0) } ?? "--", placed, file])
        }
        var out = Ln("%s: %d photo", "%s: %d photos", photos.count, id, photos.count) + "\n" + t.render() + "\n"
        for (s, _) in photos where s.photo.placement == "none" {
            out += "  " + L("#%s not placed: %s", String(describing: s.id), TerminalText.clean(s.photo.note(units: units) ?? "")) + "\n"
        }
        // A placed photo whose picture data is cut says so (an unplaced one's note does).
        for (s, _) in photos where s.photo.placement != "none" && s.photo.facts.pictureCut == true {
            out += "  " + "#\(s.id): " + PhotoFacts.pictureCutWords + "\n"
        }
        context.stdout.write(out)
        return 0
    }
}

/// `cairn photos add ID PATH…`: keeps photos with a hike, placed where they were taken.
public enum PhotosAddCommand: Command {
    public static let name = "photos add"
    public static let summary = N("Keep photos with a hike, placed where they were taken")
    public static let about = N("Reads each photo's EXIF (JPEG, and HEIC through libheif; libexif): a photo with a GPS tag is placed there; one\nwithout is placed by its capture time on the hike's track, interpolated between the\ntrackpoints around it, never across a segment break or a pause longer than --max-gap.\nA capture time without the camera's offset (OffsetTimeOriginal) is read in --tz, else\nin TZ. Directories are read recursively (.jpg/.jpeg/.heic/.heif). A photo without any EXIF is\nkept, not placed. Photos are referenced, never\ncopied or changed: path, size and a SHA-256 of the content are kept, so moved files\nare found again by 'cairn photos relink'. All photos are stored at once or none.\n\n\"Photo here\" marks noted while recording or following are filled first: each with the\nphoto taken nearest in time to it (within --mark-gap; the closest pair first, each photo\nfills one mark), placed at the mark. Each mark's outcome is said.\n\nA photo already kept keeps its place unless a placement option is typed (--tz, --offset,\n--offset-from, --max-gap, --max-off: it is placed again, a clock option reading its time\nanew, the others in the zone and correction it was kept with) or its file's capture time or\nGPS tag changed since (an edit: placed again from the new EXIF). A file whose name is that\nof exactly one missing kept photo, neither content nor time matching another, is that\nphoto, moved and edited.\n\nExit status: 0 when every file given is kept (added, already kept, or a copy of a kept\nfile; placed or not); 23 when some are kept and others refused (each refused file is\nsaid on stderr; as rsync's 23, \"partial transfer\"); 1 when none is kept (2: usage error).")
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
        guard args.positionals.count >= 2 else { throw CLIError.usage(L("photos add needs an ID and a PATH")) }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([args.positionals[0]], in: store)[0]
        var options = try zone(args, context)
        let units = try UnitsOption.formatter(args, context)
        options.units = units
        guard let gap = TimeInterval(args.value(maxGap) ?? "300"), gap >= 0, gap.isFinite else {
            throw CLIError.usage(L("--max-gap takes seconds, not '%s'", TerminalText.clean(args.value(maxGap) ?? "")))
        }
        options.maxGap = gap
        guard let off = Double(args.value(maxOff) ?? "500"), off >= 0, off.isFinite else {
            throw CLIError.usage(L("--max-off takes metres, not '%s'", TerminalText.clean(args.value(maxOff) ?? "")))
        }
        options.maxOff = off
        guard let markWithin = TimeInterval(args.value(markGap) ?? "300"), markWithin >= 0, markWithin.isFinite else {
            throw CLIError.usage(L("--mark-gap takes seconds, not '%s'", TerminalText.clean(args.value(markGap) ?? "")))
        }
        if let text = args.value(offset) {
            guard let v = TimeInterval(text), v.isFinite, abs(v) < 366 * 86_400 else {
                throw CLIError.usage(L("--offset takes seconds (+90, -3600), not '%s'", TerminalText.clean(text)))
            }
            options.correction = v
        }
        if let text = args.value(offsetFrom) {
            if args.value(offset) != nil { throw CLIError.usage(L("give --offset or --offset-from, not both")) }
            options.correction = try correction(from: text, options, context)
            // TRANSLATORS: %s is PHOTO=TIME as given, then a signed number of seconds ("+300 s").
            context.stderr.write(L("camera clock offset from %s: %s", TerminalText.clean(text), PhotoFacts.signedSeconds(options.correction)) + "\n")
        }
        // Any placement option typed places kept photos again (the report names it); without
        // one they keep their place.
        options.clockCorrected = args.has(tz) || args.has(offset) || args.has(offsetFrom)
        var given: [String] = []
        if args.has(tz), let v = args.value(tz) { given.append("--tz " + TerminalText.clean(v)) }
        if args.has(offset), let v = args.value(offset) { given.append("--offset " + TerminalText.clean(v)) }
        if args.has(offsetFrom) { given.append("--offset-from " + PhotoFacts.signedSeconds(options.correction)) }
        if args.has(maxGap), let v = args.value(maxGap) { given.append("--max-gap " + TerminalText.clean(v)) }
        if args.has(maxOff), let v = args.value(maxOff) { given.append("--max-off " + TerminalText.clean(v)) }
        options.given = given
        let files: [String]
        do {
            files = try PhotoImport.files(Array(args.positionals.dropFirst()), currentDirectory: context.currentDirectory,
                                          missingAsFiles: true)
        } catch let e as CocoaError {
            let path = (e.userInfo[NSFilePathErrorKey] as? String) ?? "?"
            throw CLIError.failure(L("%s: no such file or directory; nothing was added", TerminalText.clean(path)))
        }
        guard !files.isEmpty else { throw CLIError.failure(L("no .jpg, .jpeg, .heic or .heif files found there; nothing was added")) }
        let showProgress = context.stderrIsTerminal && files.count > 20
        var batch = try PhotoLibrary.read(files, for: id, in: store, options: options) { done, total in
            if showProgress && (done % 10 == 0 || done == total) {
                context.stderr.write("\r" + L("Reading photos: %d of %d", done, total) + (done == total ? "\n" : ""))
            }
        }
        PhotoLibrary.fillMarks(&batch, marks: try store.photos(of: id), within: markWithin)
        // One line per file, saying what is stored (a photo that fills a mark is placed there).
        for line in batch.report() {
            context.stderr.write(TerminalText.clean(line) + "\n")
        }
        guard !batch.photos.isEmpty || batch.sameContent > 0 else { throw CLIError.failure(L("no readable photo; nothing was added")) }
        for fill in batch.marks {
            let when = fill.mark.photo.takenAt.map { units.dateTime($0) } ?? L("no time")
            let markID = String(describing: fill.mark.id)
            // TRANSLATORS: a mark's number, when it was noted and (second form) how far along the hike; what became of it follows.
            var line = (fill.mark.photo.distanceAlong.map { L("photo-here mark #%s (%s, %s along)", markID, when, units.distance($0)) }
                ?? L("photo-here mark #%s (%s)", markID, when)) + ": "
            if let path = fill.path {
                let gap = Int((fill.gap ?? 0).rounded())
                let file = TerminalText.clean(path)
                line += gap == 0 ? L("filled with %s, taken then", file)
                    : gap > 0 ? L("filled with %s, taken %d s after", file, abs(gap)) : L("filled with %s, taken %d s before", file, abs(gap))
            } else if fill.mark.photo.takenAt == nil {
                line += L("no time noted: not filled")
            } else {
                line += L("no photo taken within %d s: still waiting (--mark-gap widens that)", Int(markWithin))
            }
            context.stdout.write(line + "\n")
        }
        let (added, kept) = try PhotoLibrary.store(batch, with: id, in: store)
        let unreadable = batch.unreadable, copies = batch.sameContent, updated = batch.updated, replaced = batch.replaced
        // Added + already kept + updated + copies + not read = the files given.
        var summary = [Ln("%s: %d photo added, %d of %d placed", "%s: %d photos added, %d of %d placed", added,
                          id, added, batch.placed, batch.photos.count)]
        if kept > 0 {
            // TRANSLATORS: the %s are the placement options given ("--offset 300", "--max-gap 900").
            summary.append(replaced > 0 ? L("%d already kept (%d re-placed with %s)", kept, replaced, batch.givenWords) : L("%d already kept", kept))
        }
        if updated > 0 { summary.append(Ln("%d kept photo updated (its file changed since)", "%d kept photos updated (their files changed since)", updated, updated)) }
        if copies > 0 { summary.append(Ln("%d copy of another file", "%d copies of another file", copies, copies)) }
        if unreadable > 0 { summary.append(Ln("%d file not read", "%d files not read", unreadable, unreadable)) }
        context.stdout.write(summary.joined(separator: ", ") + "\n")
        // Something was kept (the guard above): refusals make it partial.
        return unreadable > 0 ? ExitStatus.partial : ExitStatus.success
    }

    /// --tz, else TZ, else UTC (``PhotoLibrary/timeZone(named:)`` says which names are read).
    static func zone(_ args: ParsedArguments, _ context: CommandContext) throws -> PhotoImportOptions {
        let named = PhotoLibrary.timeZone(named:)
        if let name = args.value(tz) {
            guard let z = named(name) else {
                throw CLIError.usage(L("--tz: '%s' is not a time zone name (as in /usr/share/zoneinfo, e.g. Europe/Andorra) or an offset like +02:00",
                                       TerminalText.clean(name)))
            }
            return PhotoImportOptions(zone: z, zoneName: "--tz \(name)", zoneSource: .tz, zoneSourceName: name)
        }
        if let name = context.environment["TZ"]?.trimmingCharacters(in: CharacterSet(charactersIn: ":")), !name.isEmpty {
            if let z = named(name) { return PhotoImportOptions(zone: z, zoneName: "TZ=\(name)", zoneSource: .environment, zoneSourceName: name) }
            context.stderr.write(L("cairn photos add: TZ=%s is not a zone name Cairn reads; times without the camera's offset are read in UTC (give --tz Europe/Andorra or --tz +02:00)",
                                   TerminalText.clean(name)) + "\n")
            return PhotoImportOptions(zone: TimeZone(identifier: "UTC")!, zoneName: L("UTC, as TZ=%s is not read", name),
                                      zoneSource: .utcUnreadTZ, zoneSourceName: name)
        }
        return PhotoImportOptions(zone: TimeZone(identifier: "UTC")!, zoneName: L("UTC, as neither --tz nor TZ is set"), zoneSource: .utcDefault)
    }

    /// `PHOTO=TIME`: TIME minus the photo's own capture time.
    static func correction(from text: String, _ options: PhotoImportOptions, _ context: CommandContext) throws -> TimeInterval {
        guard let eq = text.firstIndex(of: "=") else { throw CLIError.usage(L("--offset-from takes PHOTO=TIME")) }
        let photo = context.resolve(String(text[..<eq])), timeText = String(text[text.index(after: eq)...])
        // The time shown on the clock needs its zone: a bare local time would be read as UTC.
        let zoned = timeText.range(of: #"(Z|[+-][0-9]{2}:?[0-9]{2})$"#, options: .regularExpression) != nil
        guard zoned, let truth = ISO8601Timestamp.parse(timeText) else {
            throw CLIError.usage(L("--offset-from: '%s' is not an ISO 8601 time with a zone (2018-05-02T10:15:00+02:00)", TerminalText.clean(timeText)))
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
        guard args.positionals.count >= 2 else { throw CLIError.usage(L("photos remove needs an ID and a photo number")) }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([args.positionals[0]], in: store)[0]
        let given = try args.positionals.dropFirst().map { t -> Int64 in
            guard let n = Int64(t.hasPrefix("#") ? String(t.dropFirst()) : t) else {
                throw CLIError.usage(L("'%s' is not a photo number (see 'cairn photos %s')", TerminalText.clean(t), id))
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
        context.stdout.write(Ln("%s: %d photo forgotten (the files stay)", "%s: %d photos forgotten (the files stay)", numbers.count,
                                id, numbers.count) + "\n")
        return 0
    }
}

/// Whether the photo `s` (row id) points to a file that is there now.
private func relinked(_ s: StoredPhoto, now: [StoredPhoto]) -> Bool {
    guard let row = now.first(where: { $0.id == s.id }) else { return true }
    return FileManager.default.fileExists(atPath: row.photo.path)
}

/// `cairn photos relink ID DIR…`: finds moved photos again by their content.
public enum PhotosRelinkCommand: Command {
    public static let name = "photos relink"
    public static let summary = N("Find a hike's moved photos again by their content")
    public static let about = N("Reads the .jpg/.jpeg/.heic/.heif files under each DIR and points every photo of the hike whose\nfile is missing to the file with the same content (SHA-256). A photo no content matches\n(edited since it was kept, or imported without its file) is found by its file's name and\ncapture time, and said so. Photos still in place are not read again. Every DIR must exist, even when\nno photo is missing.\n\nExit status: 0 when no photo is missing any more; 23 when some were found and others\nare still missing (as rsync's 23, \"partial transfer\"); 1 when none was found.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'")),
                                   ArgumentSpec("DIR", count: .oneOrMore, help: N("where the photos are now"))]
    public static let options: [OptionSpec] = [.store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count >= 2 else { throw CLIError.usage(L("photos relink needs an ID and a DIR")) }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([args.positionals[0]], in: store)[0]
        // Every DIR is checked first: a mistyped one is an error even when nothing is missing.
        let files: [String]
        do {
            files = try PhotoImport.files(Array(args.positionals.dropFirst()), currentDirectory: context.currentDirectory)
        } catch let e as CocoaError {
            throw CLIError.failure(L("%s: no such directory", TerminalText.clean((e.userInfo[NSFilePathErrorKey] as? String) ?? "?")))
        }
        let missing = try PhotoLibrary.missing(of: id, in: store)
        guard !missing.isEmpty else {
            context.stdout.write(L("%s: every photo is where it was; nothing to relink", id) + "\n")
            return 0
        }
        let outcome = try PhotoLibrary.relink(missing, of: id, in: store, searching: files)
        for r in outcome.renamed {
            context.stdout.write(L("#%s: found by its content at %s, under another name (it was %s)",
                                   String(describing: r.number), TerminalText.clean(r.path), TerminalText.clean(r.was)) + "\n")
        }
        for found in outcome.byNameAndTime {
            let number = String(describing: found.number), path = TerminalText.clean(found.path)
            // TRANSLATORS: the third %s is a signed number of seconds ("-600").
            let how = found.offBy.map {
                L("#%s: found by its file's name at %s, the only file of that name (its camera time differs by %s s from the time kept: a clock correction made before it was exported?)",
                  number, path, String(format: "%+.0f", $0))
            } ?? L("#%s: found by its file's name and capture time at %s", number, path)
            var what = found.edited ? L("its content differs from what was kept (edited since): its size and hash are updated")
                : L("its content was not known: its size and hash are now kept")
            if let r = outcome.replaced.first(where: { $0.number == found.number }) {
                let units = UnitFormatter(system: .metric)
                let (was, now) = PhotoLibrary.changeWords(r.before, r.now, units: units)
                what += clauseSeparator + L("re-placed from its new EXIF: %s → %s", was, now)
            }
            context.stdout.write(how + clauseSeparator + what + "\n")
        }
        for c in outcome.candidates {
            let number = String(describing: c.number)
            if c.paths.count == 1 {
                let path = TerminalText.clean(c.paths[0])
                context.stdout.write(L("#%s: a file of that name is at %s but its content and capture time differ; `cairn photos add %s %s` takes it as #%s",
                                       number, path, id, path, number) + "\n")
            } else {
                context.stdout.write(L("#%s: %d files of that name are there (%s) but their content and capture time differ; none taken",
                                       number, c.paths.count, c.paths.map(TerminalText.clean).joined(separator: ", ")) + "\n")
            }
        }
        for r in outcome.refused {
            context.stdout.write(L("#%s: %s has its name and capture time, but photo #%s has the same content; not relinked",
                                   String(describing: r.number), TerminalText.clean(r.path), String(describing: r.other)) + "\n")
        }
        let moved = outcome.found
        let still = missing.count - moved
        context.stdout.write(Ln("%s: %d photo found again", "%s: %d photos found again", moved, id, moved)
                             + (still > 0 ? ", " + L("%d still missing", still) : "") + "\n")
        if still > 0 {
            let now = try store.photos(of: id)
            // A photo with a candidate file was said above.
            for s in missing where !relinked(s, now: now) && !outcome.candidates.contains(where: { $0.number == s.id }) {
                context.stderr.write(L("#%s %s: not found under the directories given", String(describing: s.id), TerminalText.clean(s.photo.path)) + "\n")
            }
        }
        return still == 0 ? ExitStatus.success : moved > 0 ? ExitStatus.partial : ExitStatus.failure
    }
}
