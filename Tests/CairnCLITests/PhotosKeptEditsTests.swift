import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// Kept photos whose files were edited or moved, and re-adds with placement options (issue 36,
/// a fourth newcomer's report). The walk and photos are those of ``PhotosCommandTests`` (61
/// points 60 s apart from 2018-05-02T08:00:00Z, due north along 1.520083° E from 42.55° N by
/// 0.0005° a step); offset-gps.jpg is offset.jpg's time (08:15:30.25Z) with a GPS tag at
/// 42.5675° N 1.520083° E (point 35), written by make-photos.py.
@Suite struct PhotosKeptEditsTests {
    static let photos = PhotosCommandTests.photos
    static let start = PhotosCommandTests.start
    let fm = FileManager.default

    func json(_ id: String, _ store: String) throws -> [[String: Any]] {
        let run = cairn(["photos", id, "--json", "--store", store])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout)\(run.stderr)")
    }

    /// The distance from the walk's start to latitude `lat` on its meridian, as the report words it.
    static func along(_ lat: Double) -> String {
        UnitFormatter(system: .metric).distance(Geodesy.distance(from: Coordinate(latitude: 42.55, longitude: 1.520083),
                                                                 to: Coordinate(latitude: lat, longitude: 1.520083)))
    }

    /// `from` copied to `to` with every `old` in its bytes replaced by `new` (same length): an
    /// EXIF text rewritten in place, as a tool that edits one tag does.
    func rewrite(_ from: String, _ to: String, _ old: String, _ new: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: from)))
        let o = Array(old.utf8), n = Array(new.utf8)
        #expect(o.count == n.count)
        var found = false
        var i = 0
        while i + o.count <= bytes.count {
            if Array(bytes[i..<i + o.count]) == o { bytes.replaceSubrange(i..<i + o.count, with: n); found = true }
            i += 1
        }
        #expect(found, "\(old) not in \(from)")
        if fm.fileExists(atPath: to) { try fm.removeItem(atPath: to) }
        try Data(bytes).write(to: URL(fileURLWithPath: to))
    }

    func copy(_ fixture: String, _ to: String) throws {
        try fm.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if fm.fileExists(atPath: to) { try fm.removeItem(atPath: to) }
        try fm.copyItem(atPath: Self.photos + fixture, toPath: to)
    }

    /// Item 1: a kept photo whose file's capture time, then GPS tag, was rewritten is placed
    /// again from the new data, and says so; relink does the same for a moved file.
    @Test func anEditedFilesNewTimeOrTagPlacesItAgain() throws {
        let dir = makeTempDirectory("photos-edit-exif")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let path = dir + "/card/view.jpg"
        try copy("offset.jpg", path)
        #expect(cairn(["photos", "add", id, path, "--store", store]).status == 0)
        // 10:15:30.25+02:00 → 10:25:30.25+02:00: from 15.504 to 25.504 steps.
        try rewrite(Self.photos + "offset.jpg", path, "2018:05:02 10:15:30", "2018:05:02 10:25:30")
        let timed = cairn(["photos", "add", id, path, "--store", store])
        let was = Self.along(42.55 + (15 + 30.25 / 60) * 0.0005), now = Self.along(42.55 + (25 + 30.25 / 60) * 0.0005)
        let expected = path + ": edited since it was kept as #1: updated; re-placed from its new EXIF: placed by its time, " + was
            + " along → placed by its time, " + now + " along"
        #expect(timed.status == 0 && timed.stderr.contains(expected), "\(timed.stderr)\nexpected: \(expected)")
        var row = try #require(try json(id, store).first)
        #expect(abs((row["latitude"] as? Double ?? 0) - (42.55 + (25 + 30.25 / 60) * 0.0005)) < 1e-7, "\(row)")
        #expect(row["takenAt"] as? String == "2018-05-02T08:25:30.250Z", "\(row)")

        // Geotagged afterwards (offset-gps.jpg: the first time, a tag at point 35).
        try copy("offset-gps.jpg", path)
        let tagged = cairn(["photos", "add", id, path, "--store", store])
        #expect(tagged.stderr.contains(path + ": edited since it was kept as #1: updated; re-placed from its new EXIF: placed by its time, " + now
                                       + " along → placed at its GPS tag, " + Self.along(42.5675) + " along"), "\(tagged.stderr)")
        row = try #require(try json(id, store).first)
        #expect(row["placement"] as? String == "gps" && abs((row["latitude"] as? Double ?? 0) - 42.5675) < 1e-6, "\(row)")

        // Relink: kept as offset.jpg, moved and geotagged: found by name and time, placed at its tag.
        let other = dir + "/b.sqlite"
        #expect(cairn(["import", dir + "/walk.gpx", "--store", other]).status == 0)
        let hike = try #require(try HikeStore(path: other).summaries().first).id.rawValue
        try copy("offset.jpg", path)
        #expect(cairn(["photos", "add", hike, path, "--store", other]).status == 0)
        try fm.removeItem(atPath: path)
        try copy("offset-gps.jpg", dir + "/moved/view.jpg")
        let relink = cairn(["photos", "relink", hike, dir + "/moved", "--store", other])
        #expect(relink.status == 0 && relink.stdout.contains("#1: found by its file's name and capture time at " + dir + "/moved/view.jpg")
                && relink.stdout.contains("re-placed from its new EXIF: placed by its time, " + was + " along → placed at its GPS tag, "
                                          + Self.along(42.5675) + " along"), "\(relink.stdout)\(relink.stderr)")
        row = try #require(try json(hike, other).first)
        #expect(row["placement"] as? String == "gps" && row["path"] as? String == dir + "/moved/view.jpg", "\(row)")
    }

    /// Item 2: --max-gap alone places a kept photo again (with the clock correction it was
    /// kept with), the report naming it; the gap's note says which --max-gap places it.
    @Test func maxGapPlacesAKeptPhotoAndTheGapNoteSaysHow() throws {
        let dir = makeTempDirectory("photos-max-gap")
        // Points 0–20 a minute apart from 08:00:00Z, then a 842 s gap, then points 21–30.
        var gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        let f = ISO8601DateFormatter()
        for i in 0...30 {
            let t = i <= 20 ? Double(i) * 60 : 1200 + 842 + Double(i - 21) * 60
            gpx += "<trkpt lat=\"\(42.55 + Double(i) * 0.0005)\" lon=\"1.520083\"><ele>2000</ele><time>\(f.string(from: Self.start.addingTimeInterval(t)))</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        try gpx.write(toFile: dir + "/gap.gpx", atomically: true, encoding: .utf8)
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", dir + "/gap.gpx", "--store", store]).status == 0)
        let id = try #require(try HikeStore(path: store).summaries().first).id.rawValue
        // offset.jpg 08:15:30.25Z + 720 s = 08:27:30.25Z: 450.25 s into the 842 s gap (14.03 min; ⌈842/60⌉ × 60 = 900).
        let first = cairn(["photos", "add", id, Self.photos + "offset.jpg", "--offset", "720", "--store", store])
        let note = "taken during a 14 min gap in the recording: a pause or a lost signal; `--max-gap 900` places it"
        #expect(first.status == 0 && first.stderr.contains("not placed: " + note), "\(first.stderr)")
        #expect(cairn(["photos", id, "--store", store]).stdout.contains("#1 not placed: " + note))
        // --max-gap 840 does not bridge 842 s: unchanged, said so.
        let short = cairn(["photos", "add", id, Self.photos + "offset.jpg", "--max-gap", "840", "--store", store])
        #expect(short.stdout.contains("1 already kept\n") && short.stderr.contains(", unchanged (--max-gap 840 gives the same place)"),
                "\(short.stdout)\(short.stderr)")
        let placed = cairn(["photos", "add", id, Self.photos + "offset.jpg", "--max-gap", "900", "--store", store])
        let lat = 42.55 + (20 + 450.25 / 842) * 0.0005
        #expect(placed.stdout.contains("0 photos added, 1 of 1 placed, 1 already kept (1 re-placed with --max-gap 900)"), "\(placed.stdout)")
        #expect(placed.stderr.contains("offset.jpg: already kept; re-placed with --max-gap 900: not placed: " + note
                                       + " → placed by its time, " + Self.along(lat) + " along"), "\(placed.stderr)")
        let row = try #require(try json(id, store).first)
        #expect(abs((row["latitude"] as? Double ?? 0) - lat) < 1e-7 && row["takenAt"] as? String == "2018-05-02T08:27:30.250Z", "\(row)")
        // The --max-gap it was placed with holds for a later clock option given without it.
        let clock = cairn(["photos", "add", id, Self.photos + "offset.jpg", "--offset", "720", "--store", store])
        #expect(clock.stdout.contains("1 of 1 placed, 1 already kept\n") && clock.stderr.contains(", unchanged (the corrected clock gives the same place)"),
                "\(clock.stdout)\(clock.stderr)")
    }

    /// Item 2: --max-off alone places a kept photo again: a tag 11 000 km off the line
    /// (gps-south-west.jpg, 33.45° S 70.6667° W, taken 2020) is not used by default, and is with
    /// a --max-off beyond that.
    @Test func maxOffPlacesAKeptPhotoAgain() throws {
        let dir = makeTempDirectory("photos-max-off")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let photo = Self.photos + "gps-south-west.jpg"
        #expect(cairn(["photos", "add", id, photo, "--store", store]).stdout.contains("1 photo added, 0 of 1 placed"))
        let off = Geodesy.distance(from: Coordinate(latitude: 42.55, longitude: 1.520083), to: Coordinate(latitude: -33.45, longitude: -70.6667))
        let run = cairn(["photos", "add", id, photo, "--max-off", "20000000", "--store", store])
        #expect(run.stdout.contains("1 of 1 placed, 1 already kept (1 re-placed with --max-off 20000000)"), "\(run.stdout)")
        #expect(run.stderr.contains(photo + ": already kept; re-placed with --max-off 20000000: not placed: taken "), "\(run.stderr)")
        let row = try #require(try json(id, store).first)
        #expect(row["placement"] as? String == "gps" && abs((row["latitude"] as? Double ?? 0) + 33.45) < 1e-6, "\(row)")
        // The nearest point of the line is its start (the tag lies south-west of it).
        #expect(abs((row["distanceOff"] as? Double ?? 0) - off) < 1, "\(row) vs \(off)")
    }

    /// Item 4: only the photos whose place or time changed are said re-placed and counted.
    @Test func onlyPhotosThatMovedAreSaidReplaced() throws {
        let dir = makeTempDirectory("photos-replaced-count")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let folder = dir + "/card"
        try copy("offset.jpg", folder + "/a.jpg")       // 10:15:30.25+02:00: its own offset
        try copy("local.jpg", folder + "/b.jpg")        // 10:15:30, no offset
        try copy("unset-clock.jpg", folder + "/c.jpg")  // 1970: no capture time
        #expect(cairn(["photos", "add", id, folder, "--tz", "+02:00", "--store", store]).status == 0)
        // --tz +03:00: b.jpg is 07:15:30Z, 44.5 min before the walk (its words are checked in part).
        let run = cairn(["photos", "add", id, folder, "--tz", "+03:00", "--store", store])
        #expect(run.stdout.contains("0 photos added, 1 of 3 placed, 3 already kept (1 re-placed with --tz +03:00)"), "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(folder + "/a.jpg: already kept; placed by its time, ")
                && $0.hasSuffix(" along; the clock options do not apply to it (its EXIF has an offset)") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix(folder + "/b.jpg: already kept; re-placed with --tz +03:00: placed by its time, ")
                && $0.contains(" → not placed: taken ") && $0.contains(" before the walk began") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix(folder + "/c.jpg: already kept; not placed: ")
                && $0.hasSuffix("; the clock options do not apply to it (no capture time)") }, "\(run.stderr)")
        // --offset 0 gives a.jpg the same place: unchanged, said so.
        let zero = cairn(["photos", "add", id, folder + "/a.jpg", "--offset", "0", "--store", store])
        #expect(zero.stdout.contains("1 already kept\n") && zero.stderr.contains(", unchanged (the corrected clock gives the same place)"),
                "\(zero.stdout)\(zero.stderr)")
    }

    /// Item 3: a kept photo moved and edited (its time changed too) is taken by a re-add at its
    /// new path when it is the one missing photo of that name; relink names the candidate.
    @Test func aMovedAndEditedPhotoIsTakenByItsName() throws {
        let dir = makeTempDirectory("photos-moved-edited")
        let (store, id) = try PhotosCommandTests().walk(dir)
        try copy("offset.jpg", dir + "/card/view.jpg")
        #expect(cairn(["photos", "add", id, dir + "/card/view.jpg", "--store", store]).status == 0)
        try fm.removeItem(atPath: dir + "/card/view.jpg")
        // Its new file: another time (gps.jpg, 11:00:00+02:00) and a GPS tag.
        try copy("gps.jpg", dir + "/new/view.jpg")
        let relink = cairn(["photos", "relink", id, dir + "/new", "--store", store])
        #expect(relink.status == 1 && relink.stdout.contains("#1: a file of that name is at " + dir + "/new/view.jpg but its content and capture time differ; `cairn photos add "
                                                             + id + " " + dir + "/new/view.jpg` takes it as #1"), "\(relink.stdout)")
        // Two files of that name: said, neither taken.
        try copy("gps.jpg", dir + "/two/a/view.jpg")
        try copy("unset-clock.jpg", dir + "/two/b/view.jpg")
        let two = cairn(["photos", "relink", id, dir + "/two", "--store", store])
        #expect(two.status == 1 && two.stdout.contains("#1: 2 files of that name are there (" + dir + "/two/a/view.jpg, " + dir
                                                       + "/two/b/view.jpg) but their content and capture time differ; none taken"), "\(two.stdout)")
        let add = cairn(["photos", "add", id, dir + "/new/view.jpg", "--store", store])
        #expect(add.stdout.contains("0 photos added, 1 of 1 placed, 1 kept photo updated"), "\(add.stdout)")
        #expect(add.stderr.contains(dir + "/new/view.jpg: was #1 (missing at " + dir + "/card/view.jpg): moved and edited; updated; re-placed from its new EXIF: placed by its time, "
                                    + Self.along(42.55 + (15 + 30.25 / 60) * 0.0005) + " along → placed at its GPS tag, " + Self.along(42.562667) + " along"),
                "\(add.stderr)")
        let rows = try json(id, store)
        #expect(rows.count == 1 && rows[0]["path"] as? String == dir + "/new/view.jpg" && rows[0]["missing"] as? Bool == false, "\(rows)")

        // Two missing photos of that name: neither is taken.
        let other = dir + "/b.sqlite"
        #expect(cairn(["import", dir + "/walk.gpx", "--store", other]).status == 0)
        let hike = try #require(try HikeStore(path: other).summaries().first).id.rawValue
        try copy("offset.jpg", dir + "/a/x.jpg")
        try copy("local.jpg", dir + "/b/x.jpg")
        #expect(cairn(["photos", "add", hike, dir + "/a/x.jpg", dir + "/b/x.jpg", "--tz", "UTC", "--store", other]).status == 0)
        try fm.removeItem(atPath: dir + "/a/x.jpg")
        try fm.removeItem(atPath: dir + "/b/x.jpg")
        try copy("gps.jpg", dir + "/c/x.jpg")
        let both = cairn(["photos", "add", hike, dir + "/c/x.jpg", "--store", other])
        #expect(both.stdout.contains("1 photo added") && both.stderr.contains("kept photos #1, #2 are missing and have this file's name"), "\(both.stdout)\(both.stderr)")
        #expect(try json(hike, other).count == 3)
    }

    /// Items 5–7: a photo without EXIF is kept, not placed; an unreadable time is said as
    /// such; an offset that is no zone says its fallback once; --offset-from says the offset it
    /// worked out; a JPEG cut in its picture data is kept and said to be cut.
    @Test func photosWithoutEXIFOrWithBadDataAreKeptAndSaidSo() throws {
        let dir = makeTempDirectory("photos-bad-data")
        let (store, id) = try PhotosCommandTests().walk(dir)
        try copy("no-exif.jpg", dir + "/bare.jpg")
        let bare = cairn(["photos", "add", id, dir + "/bare.jpg", "--store", store])
        #expect(bare.status == 0 && bare.stdout.contains("1 photo added, 0 of 1 placed"), "\(bare.stdout)\(bare.stderr)")
        #expect(bare.stderr.contains(dir + "/bare.jpg: not placed: no EXIF data (saved without its metadata?)"), "\(bare.stderr)")
        #expect(try json(id, store).first?["reason"] as? String == "no-exif")

        try rewrite(Self.photos + "local.jpg", dir + "/zero.jpg", "2018:05:02 10:15:30", "0000:00:00 00:00:00")
        let zero = cairn(["photos", "add", id, dir + "/zero.jpg", "--store", store])
        #expect(zero.stderr.contains(dir + "/zero.jpg: not placed: unreadable capture time '0000:00:00 00:00:00' in its EXIF"), "\(zero.stderr)")
        #expect(try json(id, store).contains { $0["reason"] as? String == "unreadable-time" })

        let lying = cairn(["photos", "add", id, Self.photos + "lying-offset.jpg", "--store", store], environment: ["TZ": ""])
        let line = lying.stderr.split(separator: "\n").first { $0.contains("lying-offset.jpg") }.map(String.init) ?? ""
        #expect(line.contains("its EXIF offset +25:00 is not a time zone and was ignored")
                && line.components(separatedBy: "neither --tz nor TZ is set").count == 2, "\(lying.stderr)")

        // The camera said 08:15:30.25Z; the clock in the picture 08:20:30.25Z: +300 s.
        let from = Self.photos + "offset.jpg=2018-05-02T08:20:30.25Z"
        let offset = cairn(["photos", "add", id, Self.photos + "offset.jpg", "--offset-from", from, "--store", store])
        #expect(offset.stderr.contains("camera clock offset from " + from + ": +300 s"), "\(offset.stderr)")

        // gps.jpg without its last 2 bytes (its end marker, FF D9): its EXIF is whole, its picture data is not.
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.photos + "gps.jpg"))
        #expect(Array(whole.suffix(2)) == [0xFF, 0xD9])
        try whole.prefix(whole.count - 2).write(to: URL(fileURLWithPath: dir + "/cut.jpg"))
        let cut = cairn(["photos", "add", id, dir + "/cut.jpg", "--store", store])
        let words = "the picture data is cut (the file ends before the image's end marker): it may not display"
        #expect(cut.status == 0 && cut.stderr.contains(dir + "/cut.jpg: at its GPS tag, ") && cut.stderr.contains(words), "\(cut.stderr)")
        #expect(cairn(["photos", id, "--store", store]).stdout.contains(words))
        // A whole file, and one with bytes after its end marker, are not said cut.
        #expect(!cairn(["photos", "add", id, Self.photos + "local.jpg", "--store", store]).stderr.contains("cut"))
    }
}
