import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// `cairn photos add | photos | photos remove | photos relink` (issue 36) on a walk written
/// here: 61 points 60 s apart from 2018-05-02T08:00:00Z, due north along 1.520083° E from
/// 42.55° N by 0.0005° a step (about 55.6 m). The test photos are Tests/TrailPhotosTests/Fixtures
/// (made by make-photos.py with Pillow).
@Suite struct PhotosCommandTests {
    static let photos = repoRoot + "/Tests/TrailPhotosTests/Fixtures/"
    static let start = Date(timeIntervalSince1970: 1_525_248_000)  // 2018-05-02T08:00:00Z

    func walk(_ dir: String) throws -> (store: String, id: String) {
        var gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        let f = ISO8601DateFormatter()
        for i in 0...60 {
            gpx += "<trkpt lat=\"\(42.55 + Double(i) * 0.0005)\" lon=\"1.520083\"><ele>\(2000 + i)</ele>"
                + "<time>\(f.string(from: Self.start.addingTimeInterval(Double(i) * 60)))</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        try gpx.write(toFile: dir + "/walk.gpx", atomically: true, encoding: .utf8)
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", dir + "/walk.gpx", "--store", store]).status == 0)
        return (store, try #require(try HikeStore(path: store).summaries().first).id.rawValue)
    }

    @Test func addPlacesByTimeAndByTagAndListsInWalkingOrder() throws {
        let dir = makeTempDirectory("photos")
        let (store, id) = try walk(dir)
        let run = cairn(["photos", "add", id, Self.photos + "offset.jpg", Self.photos + "gps.jpg", Self.photos + "no-exif.jpg",
                         "--store", store])
        // no-exif.jpg is kept, not placed (issue 36): every file kept, exit 0.
        #expect(run.status == 0 && run.stdout.contains("3 photos added, 2 of 3 placed"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("no-exif.jpg: not placed: no EXIF data (saved without its metadata?)"), "\(run.stderr)")
        let json = cairn(["photos", id, "--json", "--store", store])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 3 && rows[2]["reason"] as? String == "no-exif", "\(rows)")
        // offset.jpg: 10:15:30.25 at +02:00 = 08:15:30.25Z, 15.504 steps after the start:
        // latitude 42.55 + 15.504 × 0.0005 (linear by time between points 15 and 16).
        let byTime = try #require(rows.first)
        #expect(byTime["placement"] as? String == "time")
        let lat = try #require(byTime["latitude"] as? Double)
        #expect(abs(lat - (42.55 + 15.504_166_7 * 0.0005)) < 1e-7, "\(lat)")
        #expect(abs((byTime["elevation"] as? Double ?? 0) - 2015.504_166_7) < 1e-4)
        // gps.jpg: at its tag (42.562667 N), about 25.33 steps up the line: placed after.
        let byTag = rows[1]
        #expect(byTag["placement"] as? String == "gps" && abs((byTag["latitude"] as? Double ?? 0) - 42.562667) < 1e-6)
        let along = try #require(byTag["distanceAlong"] as? Double)
        let expected = Geodesy.distance(from: Coordinate(latitude: 42.55, longitude: 1.520083),
                                        to: Coordinate(latitude: 42.562667, longitude: 1.520083))
        #expect(abs(along - expected) < 1, "\(along) vs \(expected)")
        let text = cairn(["photos", id, "--store", store])
        #expect(text.stdout.contains("by time") && text.stdout.contains("GPS tag"), "\(text.stdout)")
    }

    @Test func aClockCorrectionMovesThePhotoAndOutsideTheWalkIsNotPlaced() throws {
        let dir = makeTempDirectory("photos-offset")
        let (store, id) = try walk(dir)
        // The camera said 08:15:30.25Z; a photo of a GPS screen showing 08:45:30.25Z means +1800 s.
        let run = cairn(["photos", "add", id, Self.photos + "offset.jpg", "--offset-from",
                         Self.photos + "offset.jpg=2018-05-02T08:45:30.25Z", "--store", store])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(cairn(["photos", id, "--json", "--store", store]).stdout.utf8)) as? [[String: Any]])
        #expect(abs((rows.first?["latitude"] as? Double ?? 0) - (42.55 + 45.504_166_7 * 0.0005)) < 1e-7, "\(rows)")
        // 10:15:30Z, 75.5 min after the walk ended at 09:00 (rounded to 76): kept, not placed, said why.
        let late = cairn(["photos", "add", id, Self.photos + "local.jpg", "--tz", "UTC", "--store", store])
        #expect(late.stderr.contains("not placed: taken 1 h 16 min after the walk ended"), "\(late.stderr)")
        #expect(cairn(["photos", "add", id, Self.photos + "local.jpg", "--tz", "Mars/Olympus", "--store", store]).status == 2)
        // "UTC+2" means two hours behind UTC to POSIX and ahead to Foundation: refused; +02:00 is read.
        #expect(cairn(["photos", "add", id, Self.photos + "local.jpg", "--tz", "UTC+2", "--store", store]).status == 2)
        let plus2 = cairn(["photos", "add", id, Self.photos + "local.jpg", "--tz", "+02:00", "--store", store])
        #expect(plus2.stderr.contains("taken 2018-05-02T08:15:30Z (--tz +02:00)"), "\(plus2.stderr)")
        let env = cairn(["photos", "add", id, Self.photos + "local.jpg", "--store", store], environment: ["TZ": "UTC+2"])
        #expect(env.stderr.contains("TZ=UTC+2 is not a zone name Cairn reads"), "\(env.stderr)")
        // A clock time without its zone is refused for --offset-from.
        #expect(cairn(["photos", "add", id, Self.photos + "offset.jpg", "--offset-from",
                       Self.photos + "offset.jpg=2018-05-02T08:45:30", "--store", store]).status == 2)
    }

    @Test func removeIsAllOrNoneAndRelinkFindsMovedFiles() throws {
        let dir = makeTempDirectory("photos-relink")
        let (store, id) = try walk(dir)
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/card", withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.photos + "gps.jpg", toPath: dir + "/card/a.jpg")
        try fm.copyItem(atPath: Self.photos + "offset.jpg", toPath: dir + "/card/b.jpg")
        #expect(cairn(["photos", "add", id, dir + "/card", "--store", store]).status == 0)
        try fm.moveItem(atPath: dir + "/card", toPath: dir + "/moved")
        #expect(cairn(["photos", id, "--store", store]).stdout.contains("(missing)"))
        let relink = cairn(["photos", "relink", id, dir + "/moved", "--store", store])
        #expect(relink.status == 0 && relink.stdout.contains("2 photos found again"), "\(relink.stdout)")
        #expect(!cairn(["photos", id, "--store", store]).stdout.contains("(missing)"))
        let numbers = try HikeStore(path: store).photos(of: HikeID(id)!).map(\.id)
        let bad = cairn(["photos", "remove", id, "\(numbers[0])", "999999", "--store", store])
        let kept = try HikeStore(path: store).photos(of: HikeID(id)!).count
        #expect(bad.status != 0 && kept == 2)
        #expect(cairn(["photos", "remove", id, "#\(numbers[0])", "\(numbers[0])", "--store", store]).status == 0)  // twice: once
        #expect(try HikeStore(path: store).photos(of: HikeID(id)!).count == 1)
        #expect(fm.fileExists(atPath: dir + "/moved/a.jpg") && fm.fileExists(atPath: dir + "/moved/b.jpg"))
    }

    /// Placed photos are exported as waypoints with a link to the file (GPX valid against the
    /// schema, and GeoJSON points), and a re-import keeps the link.
    @Test func exportWritesPhotosAsLinkedWaypointsAndImportKeepsTheLink() throws {
        let dir = makeTempDirectory("photos-export")
        let (store, id) = try walk(dir)
        #expect(cairn(["photos", "add", id, Self.photos + "offset.jpg", Self.photos + "unset-clock.jpg", "--store", store]).status == 0)
        let exported = cairn(["export", id, "--store", store])
        let gpx = exported.stdout
        // The photo left out is said (issue 36), with its name.
        let unset = try #require(try HikeStore(path: store).photos(of: HikeID(id)!).first { $0.photo.path.hasSuffix("/unset-clock.jpg") }).id
        #expect(exported.status == 0 && exported.stderr.contains("1 photo not placed on the track is not in the export: #\(unset) unset-clock.jpg\n"),
                "\(exported.stderr)")
        let href = URL(fileURLWithPath: Self.photos + "offset.jpg").absoluteString
        #expect(gpx.contains("<link href=\"\(href)\">") && gpx.contains("<type>photo</type>"), "\(gpx)")
        #expect(!gpx.contains("unset-clock.jpg"))  // not placed: no position to write
        try gpx.write(toFile: dir + "/out.gpx", atomically: true, encoding: .utf8)
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        lint.arguments = ["--noout", "--schema", repoRoot + "/../shared/data/schema/gpx-1.1.xsd", dir + "/out.gpx"]
        if FileManager.default.fileExists(atPath: repoRoot + "/../shared/data/schema/gpx-1.1.xsd") {
            try lint.run()
            lint.waitUntilExit()
            #expect(lint.terminationStatus == 0)
        }
        let geojson = cairn(["export", id, "--format", "geojson", "--store", store]).stdout
        #expect(geojson.contains("\"link\":\"\(href)\"") && geojson.contains("\"Point\""), "\(geojson.suffix(600))")
        let other = dir + "/other.sqlite"
        let imported = cairn(["import", dir + "/out.gpx", "--store", other])
        #expect(imported.status == 0 && imported.stdout.contains("1 photo"), "\(imported.stdout)\(imported.stderr)")
        let original = try #require(try HikeStore(path: store).photos(of: HikeID(id)!).first { $0.photo.path == Self.photos + "offset.jpg" })
        try expectPhotoCameBack(store: other, path: Self.photos + "offset.jpg", like: original.photo)
        // KML: the same link (atom:link, and an <img> for Google Earth's balloon), a photo again on import.
        let kml = cairn(["export", id, "-o", dir + "/out.kml", "--store", store])
        #expect(kml.status == 0, "\(kml.stderr)")
        let kmlText = try String(contentsOfFile: dir + "/out.kml", encoding: .utf8)
        #expect(kmlText.contains("<atom:link href=\"\(href)\" type=\"image/jpeg\""), "\(kmlText.suffix(800))")
        let third = dir + "/third.sqlite"
        #expect(cairn(["import", dir + "/out.kml", "--store", third]).status == 0)
        try expectPhotoCameBack(store: third, path: Self.photos + "offset.jpg", like: original.photo)
        // --again into the same store: the new hike keeps the photo too.
        #expect(cairn(["import", "--again", dir + "/out.gpx", "--store", store]).status == 0)
        let hikes = try HikeStore(path: store).summaries().map(\.id)
        #expect(hikes.count == 2)
        for h in hikes { #expect(try HikeStore(path: store).photos(of: h).contains { $0.photo.path == Self.photos + "offset.jpg" }) }
    }

    /// A placed photo whose file is gone keeps its link in the export and is named on stderr;
    /// unplaced ones are counted and named, cut after three (DECISIONS 1007, 1035).
    @Test func exportSaysWhatIsLeftOutAndWhatIsMissing() throws {
        let dir = makeTempDirectory("photos-export-gaps")
        let (store, id) = try walk(dir)
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/card", withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.photos + "offset.jpg", toPath: dir + "/card/gone.jpg")
        // Five unplaced photos: copies of unset-clock.jpg (a 1970 time, outside the walk), each
        // with bytes appended after the image so that each is content of its own.
        var unset = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.photos + "unset-clock.jpg")))
        for i in 1...5 {
            unset.append(UInt8(i))
            try Data(unset).write(to: URL(fileURLWithPath: dir + "/card/u\(i).jpg"))
        }
        #expect(cairn(["photos", "add", id, dir + "/card", "--store", store]).status == 0)
        try fm.removeItem(atPath: dir + "/card/gone.jpg")
        // Each named "#N name" (DECISIONS 1035), N the number the store gave it.
        let number = { (name: String) in
            try #require(try HikeStore(path: store).photos(of: HikeID(id)!).first { $0.photo.path == dir + "/card/" + name }).id
        }
        let u = try (1...3).map { "#\(try number("u\($0).jpg")) u\($0).jpg" }.joined(separator: ", ")
        let gone = "#\(try number("gone.jpg")) gone.jpg"
        for format in ["gpx", "geojson"] {
            let run = cairn(["export", id, "--format", format, "--store", store])
            #expect(run.status == 0)
            #expect(run.stderr.contains("5 photos not placed on the track are not in the export: \(u) and 2 more ('cairn photos \(id)' lists them all)"),
                    "\(run.stderr)")
            #expect(run.stderr.contains("1 photo's file is not where it was; its link is kept as it was: \(gone)"), "\(run.stderr)")
            #expect(run.stdout.contains(URL(fileURLWithPath: dir + "/card/gone.jpg").absoluteString), "\(run.stdout.suffix(400))")
        }
        let tcx = cairn(["export", id, "--format", "tcx", "--store", store])
        #expect(tcx.stderr.contains("1 placed photo is not in the export: TCX has no waypoints"), "\(tcx.stderr)")
    }

    /// The imported hike's only photo is `path`, at `like`'s place and time, placed "as
    /// exported", with the file's size and its SHA-256 as sha256sum gives it; no photo waypoint
    /// is left as a place.
    func expectPhotoCameBack(store: String, path: String, like: NewPhoto) throws {
        let back = try HikeStore(path: store)
        let hike = try #require(try back.summaries().first).id
        #expect(try back.waypoints(of: hike).allSatisfy { $0.type != "photo" })
        let photos = try back.photos(of: hike)
        let p = try #require(photos.first?.photo)
        #expect(photos.count == 1 && p.path == path && p.placement == "waypoint", "\(photos)")
        #expect(abs((p.coordinate?.latitude ?? 0) - (like.coordinate?.latitude ?? 1)) < 1e-6
                && abs((p.coordinate?.longitude ?? 0) - (like.coordinate?.longitude ?? 1)) < 1e-6)
        #expect(abs((p.takenAt ?? .distantPast).timeIntervalSince(like.takenAt ?? .distantFuture)) < 1)
        #expect(abs((p.distanceAlong ?? 0) - (like.distanceAlong ?? 1)) < 1, "\(String(describing: p.distanceAlong))")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).int64Value
        #expect(p.size == size)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") {
            let run = Process(), pipe = Pipe()
            run.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            run.arguments = [path]
            run.standardOutput = pipe
            try run.run()
            run.waitUntilExit()
            let hex = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
            #expect(p.contentHash.map { String(format: "%02x", $0) }.joined() == hex)
        } else {
            print("skipped the SHA-256 check: /usr/bin/sha256sum not found")
        }
        let listing = cairn(["photos", hike.rawValue, "--store", store])
        #expect(listing.stdout.contains("as exported") && !listing.stdout.contains("(missing)"), "\(listing.stdout)")
    }

    /// A photo waypoint whose file is gone is still a photo of the imported hike, listed
    /// "(missing)" (relink finds it once it is back under another name).
    @Test func anExportedPhotoWhoseFileIsGoneIsKeptMissing() throws {
        let dir = makeTempDirectory("photos-export-missing")
        let (store, id) = try walk(dir)
        try FileManager.default.copyItem(atPath: Self.photos + "gps.jpg", toPath: dir + "/Gipfel Blick ä.jpg")
        #expect(cairn(["photos", "add", id, dir + "/Gipfel Blick ä.jpg", "--store", store]).status == 0)
        #expect(cairn(["export", id, "-o", dir + "/exp.gpx", "--store", store]).status == 0)
        try FileManager.default.removeItem(atPath: dir + "/Gipfel Blick ä.jpg")
        let other = dir + "/other.sqlite"
        #expect(cairn(["import", dir + "/exp.gpx", "--store", other]).status == 0)
        let back = try HikeStore(path: other)
        let hike = try #require(try back.summaries().first).id
        let p = try #require(try back.photos(of: hike).first?.photo)
        #expect(p.path == dir + "/Gipfel Blick ä.jpg" && p.size == 0 && p.placement == "waypoint", "\(p)")
        let listing = cairn(["photos", hike.rawValue, "--store", other])
        #expect(listing.stdout.contains("Gipfel Blick ä.jpg (file missing; hash unknown)"), "\(listing.stdout)")
    }

    /// "Photo here" marks (issue 36): noted while recording or following (here straight into the
    /// store, as the recorder does), filled by `photos add` with the photo taken nearest in time,
    /// the photo then placed at the mark; a mark no photo is near stays "(no photo yet)".
    @Test func photoHereMarksAreFilledByTheNearestPhotoInTime() throws {
        let dir = makeTempDirectory("photos-marks")
        let (storePath, idText) = try walk(dir)
        let id = try #require(HikeID(idText))
        let store = try HikeStore(path: storePath)
        // The walk's point k is at 42.55 + k × 0.0005 N, 08:00Z + k min.
        func point(_ k: Int) -> Coordinate { Coordinate(latitude: 42.55 + Double(k) * 0.0005, longitude: 1.520083) }
        func along(_ k: Int) -> Double { Geodesy.distance(from: point(0), to: point(k)) }
        // Mark A 08:15:00Z at point 15; mark D 08:15:20Z at point 16 (closer in time to
        // offset.jpg's 08:15:30.25Z: 10.25 s against 30.25 s); mark B 09:00:00Z at point 58
        // (gps.jpg: 11:00:00+02:00, gap 0); mark C 08:40:00Z (no photo within 300 s).
        let a = try store.addPhotoMark(PhotoMark(coordinate: point(15), elevation: 2015, time: Self.start.addingTimeInterval(900),
                                                 distanceAlong: along(15)), to: id)
        let d = try store.addPhotoMark(PhotoMark(coordinate: point(16), elevation: 2016, time: Self.start.addingTimeInterval(920),
                                                 distanceAlong: along(16)), to: id)
        let b = try store.addPhotoMark(PhotoMark(coordinate: point(58), time: Self.start.addingTimeInterval(3600),
                                                 distanceAlong: along(58)), to: id)
        let c = try store.addPhotoMark(PhotoMark(coordinate: point(40), time: Self.start.addingTimeInterval(2400),
                                                 distanceAlong: along(40)), to: id)
        // Unfilled marks are listed, pinned (they have a place), and not "missing".
        let before = cairn(["photos", idText, "--store", storePath])
        #expect(before.stdout.contains("(no photo yet)") && !before.stdout.contains("(missing)"), "\(before.stdout)")
        // The capture times are in TZ's zone, and the heading says which.
        #expect(before.stdout.contains("TAKEN (\(TimeZone(identifier: "UTC")!.identifier))"), "\(before.stdout)")
        let andorra = cairn(["photos", idText, "--store", storePath], environment: ["TZ": "Europe/Andorra"]).stdout
        #expect(andorra.contains("TAKEN (Europe/Andorra)"), "\(andorra)")
        // In --json an unfilled mark has no file: "path" is null, not "".
        let listed = cairn(["photos", idText, "--json", "--store", storePath]).stdout
        let marks = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        let placeholders = marks.filter { $0["placement"] as? String == "placeholder" }
        #expect(placeholders.count == 4 && placeholders.allSatisfy { $0["path"] is NSNull }, "\(listed)")
        let relink = cairn(["photos", "relink", idText, dir, "--store", storePath])
        #expect(relink.stdout.contains("every photo is where it was"), "\(relink.stdout)")

        let run = cairn(["photos", "add", idText, Self.photos + "offset.jpg", Self.photos + "gps.jpg", "--store", storePath])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("photo-here mark #\(d) ") && run.stdout.contains("filled with " + Self.photos + "offset.jpg, taken 10 s after"),
                "\(run.stdout)")
        #expect(run.stdout.contains("mark #\(b) (") && run.stdout.contains("filled with " + Self.photos + "gps.jpg, taken then"), "\(run.stdout)")
        #expect(run.stdout.contains("mark #\(a) (") && run.stdout.contains("no photo taken within 300 s: still waiting"), "\(run.stdout)")
        #expect(run.stdout.contains("2 photos added, 2 of 2 placed"), "\(run.stdout)")
        #expect(run.stderr.contains(Self.photos + "offset.jpg: at photo-here mark #\(d)\n") && !run.stderr.contains("by its time"), "\(run.stderr)")
        let rows = Dictionary(uniqueKeysWithValues: try store.photos(of: id).map { ($0.id, $0.photo) })
        #expect(rows.count == 4)
        // offset.jpg at mark D's place (not by its time: that would be 42.557752 N), gps.jpg at
        // mark B's (not at its tag 42.562667 N); both "mark", keeping the mark's number.
        #expect(rows[d]?.path == Self.photos + "offset.jpg" && rows[d]?.placement == "mark")
        #expect(rows[d]?.coordinate == point(16) && rows[d]?.elevation == 2016 && rows[d]?.distanceAlong == along(16))
        #expect(abs((rows[d]?.takenAt?.timeIntervalSince(Self.start) ?? 0) - 930.25) < 1e-6)
        #expect(rows[b]?.path == Self.photos + "gps.jpg" && rows[b]?.coordinate == point(58))
        #expect(rows[a]?.placement == "placeholder" && rows[c]?.placement == "placeholder")
        // The same photos again: each keeps its mark (not placed again by time or tag).
        let again = cairn(["photos", "add", idText, Self.photos + "offset.jpg", Self.photos + "gps.jpg", "--store", storePath])
        #expect(again.status == 0 && again.stdout.contains("2 already kept"), "\(again.stdout)")
        let after = Dictionary(uniqueKeysWithValues: try store.photos(of: id).map { ($0.id, $0.photo) })
        #expect(after[d]?.coordinate == point(16) && after[b]?.coordinate == point(58) && after[a]?.placement == "placeholder")
        // A wider --mark-gap fills A with a third photo: local.jpg read in UTC+2 is 08:15:30Z, 30 s after A.
        let wide = cairn(["photos", "add", idText, Self.photos + "local.jpg", "--tz", "+02:00", "--mark-gap", "60", "--store", storePath])
        #expect(wide.stdout.contains("mark #\(a) (") && wide.stdout.contains("local.jpg, taken 30 s after"), "\(wide.stdout)")
        #expect(cairn(["photos", "add", idText, Self.photos + "local.jpg", "--mark-gap", "soon", "--store", storePath]).status == 2)
        // Export: filled marks are waypoints with their link, unfilled ones are not.
        let gpx = cairn(["export", idText, "--store", storePath]).stdout
        #expect(gpx.components(separatedBy: "<type>photo</type>").count - 1 == 3, "\(gpx)")
        #expect(gpx.contains("photo, at a photo-here mark"))
    }

    /// Re-adding a folder (the newcomer's report, issue 36): a kept photo whose file is still
    /// there keeps its path although a byte-identical copy sorts first; one line per file; a
    /// photo kept at a mark is said to be at the mark and stays there; the summary's counts
    /// add up to the files given.
    @Test func reAddingAFolderKeepsStoredPathsAndReportsOneLinePerFile() throws {
        let dir = makeTempDirectory("photos-readd")
        let (storePath, idText) = try walk(dir)
        let id = try #require(HikeID(idText))
        let store = try HikeStore(path: storePath)
        let fm = FileManager.default
        let folder = dir + "/photos"
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (from, to) in [("offset.jpg", "p1.jpg"), ("gps.jpg", "p3.jpg"), ("local.jpg", "p5.jpg"), ("no-exif.jpg", "p6.jpg")] {
            try fm.copyItem(atPath: Self.photos + from, toPath: folder + "/" + to)
        }
        // Mark B at point 58, 09:00:00Z: gps.jpg (p3, 11:00:00+02:00) fills it.
        let b = try store.addPhotoMark(PhotoMark(coordinate: Coordinate(latitude: 42.55 + 58 * 0.0005, longitude: 1.520083),
                                                 time: Self.start.addingTimeInterval(3600)), to: id)
        let first = cairn(["photos", "add", idText, folder + "/p1.jpg", folder + "/p3.jpg", "--store", storePath])
        #expect(first.status == 0 && first.stdout.contains("2 photos added"), "\(first.stdout)\(first.stderr)")
        // A byte-identical copy of p1 that sorts before it ("G" < "p").
        let copy = folder + "/Gipfel Blick ä.jpg"
        try fm.copyItem(atPath: folder + "/p1.jpg", toPath: copy)
        let again = cairn(["photos", "add", idText, folder, "--tz", "+02:00", "--store", storePath])
        // 5 files: p5 and p6 (no EXIF: kept, not placed) added; p1 and p3 already kept; the copy not stored.
        // --tz does not apply to p1 (its camera wrote its offset): not re-placed; p3 stays at its mark.
        #expect(again.status == 0 && again.stdout.contains("2 photos added, 3 of 4 placed, 2 already kept, 1 copy of another file\n"),
                "\(again.stdout)\(again.stderr)")
        let lines = again.stderr.split(separator: "\n").map(String.init)
        for name in ["Gipfel Blick ä.jpg", "p1.jpg", "p3.jpg", "p5.jpg", "p6.jpg"] {
            #expect(lines.filter { $0.hasPrefix(folder + "/" + name + ":") }.count == 1, "\(name): \(again.stderr)")
        }
        #expect(lines.contains(copy + ": the same photo as " + folder + "/p1.jpg; kept once"), "\(again.stderr)")
        #expect(lines.contains(folder + "/p3.jpg: at photo-here mark #\(b); already kept"), "\(again.stderr)")
        #expect(lines.contains { $0.hasPrefix(folder + "/p1.jpg: already kept; placed by its time, ")
                && $0.hasSuffix("; the clock options do not apply to it (its EXIF has an offset)") }, "\(again.stderr)")
        // What was said is what is stored.
        let rows = Dictionary(uniqueKeysWithValues: try store.photos(of: id).map { ($0.photo.path, $0) })
        #expect(Set(rows.keys) == [folder + "/p1.jpg", folder + "/p3.jpg", folder + "/p5.jpg", folder + "/p6.jpg"], "\(rows.keys)")
        #expect(rows[folder + "/p1.jpg"]?.photo.placement == "time" && rows[folder + "/p5.jpg"]?.photo.placement == "time")
        #expect(rows[folder + "/p3.jpg"]?.id == b && rows[folder + "/p3.jpg"]?.photo.placement == "mark")
        // Only the copy given: said to be the kept photo, nothing stored or changed.
        let only = cairn(["photos", "add", idText, copy, "--store", storePath])
        #expect(only.status == 0 && only.stdout.contains("0 photos added, 0 of 0 placed, 1 copy of another file"), "\(only.stdout)\(only.stderr)")
        #expect(only.stderr.contains(copy + ": the same photo as " + folder + "/p1.jpg, already kept as #"), "\(only.stderr)")
        #expect(try store.photos(of: id).map(\.photo.path).sorted() == rows.keys.sorted())
        // p1 moved away: the copy is then where the photo is (found again, as relink would).
        try fm.removeItem(atPath: folder + "/p1.jpg")
        #expect(cairn(["photos", "add", idText, copy, "--store", storePath]).stdout.contains("1 already kept"))
        #expect(try store.photos(of: id).contains { $0.photo.path == copy })
    }

    /// Distances in the report use the locale's decimal separator (as `cairn show` does), and
    /// the zone words have no nested brackets.
    @Test func reportLinesUseTheLocalesDecimalSeparator() throws {
        let dir = makeTempDirectory("photos-decimal")
        let (store, id) = try walk(dir)
        let run = cairn(["photos", "add", id, Self.photos + "gps.jpg", Self.photos + "local.jpg", "--store", store],
                        environment: ["LC_NUMERIC": "de_DE.UTF-8", "TZ": ""])
        // gps.jpg's tag 42.562667 N is about 1408 m up the line: 1.41 km, "1,41 km" in German.
        let along = Geodesy.distance(from: Coordinate(latitude: 42.55, longitude: 1.520083),
                                     to: Coordinate(latitude: 42.562667, longitude: 1.520083))
        let km = String(format: "%.2f", along / 1000).replacingOccurrences(of: ".", with: ",")
        #expect(run.stderr.contains("gps.jpg: at its GPS tag, \(km) km along, 0 m off the line"), "\(run.stderr)")
        #expect(run.stderr.contains("(UTC, as neither --tz nor TZ is set)") && !run.stderr.contains("(UTC ("), "\(run.stderr)")
    }

    /// Exit status of the real binary (issue 36): 0 all kept, 23 some kept and some refused
    /// (each refusal on stderr), 1 nothing kept; relink: 0 all found, 23 some, 1 none, and a
    /// DIR that does not exist is an error even when nothing is missing.
    @Test func exitStatusTellsPartialFromNothingStored() throws {
        guard let exe = cairnExecutable() else { print("skipped: no .build/debug/cairn"); return }
        let dir = makeTempDirectory("photos-exit")
        let (store, id) = try walk(dir)
        let fm = FileManager.default
        try Data().write(to: URL(fileURLWithPath: dir + "/empty.jpg"))
        try Data([0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A] + [UInt8](repeating: 0, count: 40))
            .write(to: URL(fileURLWithPath: dir + "/shot.jpg"))
        func run(_ args: [String]) throws -> ProcessResult {
            try runToEnd(exe, args + ["--store", store], environment: ["TZ": "UTC", "LANG": "C.UTF-8", "HOME": dir], dir: dir)
        }
        // Nothing readable: nothing stored, 1.
        let none = try run(["photos", "add", id, dir + "/empty.jpg", dir + "/shot.jpg"])
        #expect(none.status == 1, "\(none.stderr)")
        #expect(none.stderr.contains("empty.jpg: empty file") && none.stderr.contains("shot.jpg: not a JPEG or HEIC image (looks like PNG)"),
                "\(none.stderr)")
        #expect(try HikeStore(path: store).photos(of: HikeID(id)!).isEmpty)
        // One kept, two refused: 23, each refusal on stderr.
        let some = try run(["photos", "add", id, Self.photos + "offset.jpg", dir + "/empty.jpg", dir + "/shot.jpg"])
        #expect(some.status == 23, "\(some.stdout)\(some.stderr)")
        #expect(some.stderr.contains("empty.jpg: empty file") && some.stderr.contains("shot.jpg: not a JPEG"), "\(some.stderr)")
        #expect(try HikeStore(path: store).photos(of: HikeID(id)!).count == 1)
        // Everything given kept (one already): 0.
        let all = try run(["photos", "add", id, Self.photos + "offset.jpg", Self.photos + "gps.jpg"])
        #expect(all.status == 0, "\(all.stderr)")
        // The help says what the codes mean.
        let help = try run(["photos", "add", "--help"])
        #expect(help.stdout.contains("23") && help.stdout.contains("rsync"), "\(help.stdout)")
        #expect(try run(["photos", "--help"]).stdout.contains("23 when partly"))

        // relink: a directory that is not there is an error even with nothing missing.
        let nowhere = try run(["photos", "relink", id, dir + "/nowhere"])
        #expect(nowhere.status == 1 && nowhere.stderr.contains("nowhere: no such directory"), "\(nowhere.stdout)\(nowhere.stderr)")
        // Both photos moved away, one found again: 23; the other named on stderr.
        let kept = try HikeStore(path: store).photos(of: HikeID(id)!)
        try fm.createDirectory(atPath: dir + "/card", withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.photos + "offset.jpg", toPath: dir + "/card/a.jpg")
        try fm.copyItem(atPath: Self.photos + "gps.jpg", toPath: dir + "/card/b.jpg")
        #expect(kept.count == 2)
        _ = try runToEnd(exe, ["photos", "remove", id] + kept.map { "\($0.id)" } + ["--store", store], dir: dir)
        #expect(try run(["photos", "add", id, dir + "/card"]).status == 0)
        try fm.createDirectory(atPath: dir + "/moved", withIntermediateDirectories: true)
        try fm.moveItem(atPath: dir + "/card/a.jpg", toPath: dir + "/moved/a.jpg")
        try fm.moveItem(atPath: dir + "/card/b.jpg", toPath: dir + "/elsewhere.jpg")
        let partial = try run(["photos", "relink", id, dir + "/moved"])
        #expect(partial.status == 23 && partial.stdout.contains("1 photo found again, 1 still missing"), "\(partial.stdout)")
        #expect(partial.stderr.contains("card/b.jpg: not found"), "\(partial.stderr)")
        // Nothing found: 1.
        try fm.createDirectory(atPath: dir + "/empty-dir", withIntermediateDirectories: true)
        let nothing = try run(["photos", "relink", id, dir + "/empty-dir"])
        #expect(nothing.status == 1 && nothing.stdout.contains("0 photos found again"), "\(nothing.stdout)")
        // All found: 0.
        let found = try run(["photos", "relink", id, dir])
        #expect(found.status == 0 && found.stdout.contains("1 photo found again"), "\(found.stdout)\(found.stderr)")
    }
}
