import Foundation
import Localization
import Testing
import TrailCore
import TrailSQLite
@testable import TrailStore

/// What is stored for a kept photo (issue 36, a newcomer's report): its place survives a
/// re-add without clock options, its "not placed" reason is a code worded when listed, a
/// photo imported without its file has no made-up hash, and an edited photo is the same photo.
/// The walk and photos are those of ``PhotosCommandTests`` (61 points 60 s apart from
/// 2018-05-02T08:00:00Z, due north along 1.520083° E from 42.55° N by 0.0005° a step).
@Suite struct PhotosKeptTests {
    static let photos = PhotosCommandTests.photos
    static let start = PhotosCommandTests.start

    /// Latitude at `steps` (fractional) trackpoints after the start: linear by time.
    static func latitude(steps: Double) -> Double { 42.55 + steps * 0.0005 }

    /// The first row's `note` ("" when none). A plain String, so `#expect` checks the call
    /// itself (an optional chain inside the macro is not asserted).
    static func note(_ rows: [[String: Any]]) -> String { rows.first?["note"] as? String ?? "" }

    func json(_ id: String, _ store: String) throws -> [[String: Any]] {
        let run = cairn(["photos", id, "--json", "--store", store])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout)\(run.stderr)")
    }

    /// The newcomer's case: placed with a clock correction, the folder added again without
    /// one → "already kept; …, unchanged", the same place; with another correction → placed
    /// again, the line saying old → new.
    @Test func aKeptPhotoKeepsItsPlaceUnlessTheClockIsCorrected() throws {
        let dir = makeTempDirectory("photos-kept-place")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let folder = dir + "/card"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // offset.jpg: 10:15:30.25+02:00 = 08:15:30.25Z; local.jpg: 10:15:30 without offset.
        try FileManager.default.copyItem(atPath: Self.photos + "offset.jpg", toPath: folder + "/a.jpg")
        try FileManager.default.copyItem(atPath: Self.photos + "local.jpg", toPath: folder + "/b.jpg")
        // --offset 600: a.jpg at 08:25:30.25Z (25.504 steps); b.jpg read in UTC (the test's TZ)
        // 10:25:30Z, after the walk. Then --tz +02:00 --offset 600 for b: 08:25:30Z (25.5 steps).
        #expect(cairn(["photos", "add", id, folder + "/a.jpg", "--offset", "600", "--store", store]).status == 0)
        #expect(cairn(["photos", "add", id, folder + "/b.jpg", "--tz", "+02:00", "--offset", "600", "--store", store]).status == 0)
        func latitudes() throws -> [String: Double] {
            var out: [String: Double] = [:]
            for row in try json(id, store) {
                let name = ((row["path"] as? String ?? "") as NSString).lastPathComponent
                out[name] = row["latitude"] as? Double ?? .nan
            }
            return out
        }
        let placed = try latitudes()
        #expect(abs((placed["a.jpg"] ?? 0) - Self.latitude(steps: 25 + 30.25 / 60)) < 1e-7, "\(placed)")
        #expect(abs((placed["b.jpg"] ?? 0) - Self.latitude(steps: 25.5)) < 1e-7, "\(placed)")

        // The folder again, no clock option: both unchanged (b.jpg would otherwise be 10:15:30Z, after the walk).
        let again = cairn(["photos", "add", id, folder, "--store", store])
        #expect(again.status == 0 && again.stdout.contains("0 photos added, 2 of 2 placed, 2 already kept\n"), "\(again.stdout)\(again.stderr)")
        for name in ["a.jpg", "b.jpg"] {
            let line = again.stderr.split(separator: "\n").first { $0.hasPrefix(folder + "/" + name + ": ") } ?? ""
            #expect(line.hasPrefix(folder + "/" + name + ": already kept; placed by its time, ") && line.hasSuffix(" along, unchanged"),
                    "\(again.stderr)")
        }
        let unchanged = try latitudes()
        #expect(unchanged == placed)
        let stored = try HikeStore(path: store).photos(of: HikeID(id)!).first { $0.photo.path.hasSuffix("/b.jpg") }
        #expect(abs((stored?.photo.takenAt?.timeIntervalSince(Self.start) ?? 0) - 1530) < 1e-6)

        // Another correction (--offset 1200): placed again, at 35.504 steps; said old → new.
        let corrected = cairn(["photos", "add", id, folder + "/a.jpg", "--offset", "1200", "--store", store])
        #expect(corrected.stdout.contains("1 already kept (1 re-placed with --offset 1200)"), "\(corrected.stdout)")
        let along = { (steps: Double) in
            UnitFormatter(system: .metric).distance(Geodesy.distance(from: Coordinate(latitude: 42.55, longitude: 1.520083),
                                                                     to: Coordinate(latitude: Self.latitude(steps: steps), longitude: 1.520083)))
        }
        let expected = folder + "/a.jpg: already kept; re-placed with --offset 1200: placed by its time, "
            + along(25 + 30.25 / 60) + " along → placed by its time, " + along(35 + 30.25 / 60) + " along"
        #expect(corrected.stderr.contains(expected), "\(corrected.stderr)\nexpected: \(expected)")
        let replaced = try latitudes()
        #expect(abs((replaced["a.jpg"] ?? 0) - Self.latitude(steps: 35 + 30.25 / 60)) < 1e-7)
    }

    /// A clock option typed on a re-add replaces only itself (newcomer of stop 44: a photo kept
    /// with --tz Europe/Andorra jumped two hours when re-added with --offset 30, its zone lost).
    /// local.jpg: 10:15:30 without an offset; with --tz +02:00 08:15:30Z (15.5 steps), then with
    /// --offset 600 too 08:25:30Z (25.5 steps), then --tz +01:00 keeps the 600 s: 09:25:30Z (85.5
    /// steps: after the walk's 60 points, not placed).
    @Test func aClockOptionTypedOnAReAddReplacesOnlyItself() throws {
        let dir = makeTempDirectory("photos-kept-clock")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let photo = dir + "/b.jpg"
        try FileManager.default.copyItem(atPath: Self.photos + "local.jpg", toPath: photo)
        #expect(cairn(["photos", "add", id, photo, "--tz", "+02:00", "--store", store]).status == 0)
        func taken() throws -> TimeInterval {
            let stored = try HikeStore(path: store).photos(of: HikeID(id)!).first { $0.photo.path == photo }
            return try #require(stored?.photo.takenAt).timeIntervalSince(Self.start)
        }
        #expect(abs(try taken() - 930) < 1e-6)
        let offset = cairn(["photos", "add", id, photo, "--offset", "600", "--store", store])
        #expect(offset.status == 0, "\(offset.stderr)")
        #expect(abs(try taken() - 1530) < 1e-6, "the zone +02:00 was dropped: \(offset.stderr)")
        let rows = try json(id, store)
        #expect(abs((rows.first?["latitude"] as? Double ?? 0) - Self.latitude(steps: 25.5)) < 1e-7)
        // The listing says the correction in effect (the newcomer could not tell).
        #expect(Self.note(rows).contains("camera clock corrected by +600 s"), "\(rows)")
        let zone = cairn(["photos", "add", id, photo, "--tz", "+01:00", "--store", store])
        #expect(abs(try taken() - (1530 + 3600)) < 1e-6, "the correction 600 s was dropped: \(zone.stderr)")
    }

    /// One mistyped path does not cancel the others: it is refused alone ("no such file"), the
    /// readable photo is kept, and the exit status says "partly" (23); alone it is 1.
    @Test func aMistypedPathIsRefusedAloneAndTheOthersAreKept() throws {
        let dir = makeTempDirectory("photos-mistyped")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let run = cairn(["photos", "add", id, dir + "/nope.jpg", Self.photos + "offset.jpg", "--store", store])
        #expect(run.status == 23, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("1 photo added") && run.stderr.contains(dir + "/nope.jpg: cannot be read: no such file"),
                "\(run.stdout)\(run.stderr)")
        #expect(try HikeStore(path: store).photos(of: HikeID(id)!).count == 1)
        let alone = cairn(["photos", "add", id, dir + "/nope.jpg", "--store", store])
        #expect(alone.status == 1)
    }

    /// Relink by content prefers the file of the photo's own name among identical copies, and
    /// says when it takes a file of another name (newcomer of stop 44: #1 silently pointed to
    /// a copy while the original, edited, became a new photo on the next add).
    @Test func relinkPrefersTheOwnNameAndSaysAnotherName() throws {
        let dir = makeTempDirectory("photos-relink-names")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let old = dir + "/old", new = dir + "/new"
        for d in [old, new] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: Self.photos + "offset.jpg", toPath: old + "/a.jpg")
        #expect(cairn(["photos", "add", id, old + "/a.jpg", "--store", store]).status == 0)
        try FileManager.default.removeItem(atPath: old + "/a.jpg")
        // Two identical copies: the one named a.jpg is taken, silently as before.
        try FileManager.default.copyItem(atPath: Self.photos + "offset.jpg", toPath: new + "/z-copy.jpg")
        try FileManager.default.copyItem(atPath: Self.photos + "offset.jpg", toPath: new + "/a.jpg")
        let same = cairn(["photos", "relink", id, new, "--store", store])
        #expect(same.status == 0 && !same.stdout.contains("another name"), "\(same.stdout)")
        #expect(try HikeStore(path: store).photos(of: HikeID(id)!).first?.photo.path == new + "/a.jpg")
        // Moved again, a.jpg edited (bytes appended): only the copy has the content, and it is said.
        let newer = dir + "/newer"
        try FileManager.default.moveItem(atPath: new, toPath: newer)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: newer + "/a.jpg"))
        handle.seekToEndOfFile(); handle.write(Data([0, 1, 2])); try handle.close()
        let other = cairn(["photos", "relink", id, newer, "--store", store])
        #expect(other.stdout.contains("#1: found by its content at " + newer + "/z-copy.jpg, under another name (it was a.jpg)"),
                "\(other.stdout)\(other.stderr)")
    }

    /// A re-add says again what the first add said of the file: its picture data cut short
    /// (newcomer of stop 44: the "already kept … unchanged" line dropped it).
    @Test func aReAddStillSaysThePictureIsCut() throws {
        let dir = makeTempDirectory("photos-kept-cut")
        let (store, id) = try PhotosCommandTests().walk(dir)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.photos + "offset.jpg")))
        #expect(bytes.suffix(2) == [0xFF, 0xD9])
        bytes.removeLast(40)  // the end-of-image marker and some picture data gone, the EXIF intact
        let cut = dir + "/cut.jpg"
        try Data(bytes).write(to: URL(fileURLWithPath: cut))
        let first = cairn(["photos", "add", id, cut, "--store", store])
        #expect(first.status == 0 && first.stderr.contains(PhotoFacts.pictureCutWords), "\(first.stderr)")
        let again = cairn(["photos", "add", id, cut, "--store", store])
        let line = again.stderr.split(separator: "\n").first { $0.hasPrefix(cut + ": already kept") } ?? ""
        #expect(line.contains("unchanged") && line.contains(PhotoFacts.pictureCutWords), "\(again.stderr)")
    }

    /// de.po's translations of single-line, context-free entries (msgid → msgstr): the
    /// reference for the German wording, read here from the catalogue itself.
    static func german() -> [String: String]? {
        guard let text = try? String(contentsOfFile: repoRoot + "/po/de.po", encoding: .utf8) else { return nil }
        func unquote(_ s: Substring) -> String {
            String(s.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
        }
        var out: [String: String] = [:]
        var msgid: String?
        var context = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgctxt ") { context = true } else if line.hasPrefix("msgid ") {
                msgid = context ? nil : unquote(line.dropFirst(6))
                context = false
            } else if line.hasPrefix("msgstr "), let id = msgid {
                let str = unquote(line.dropFirst(7))
                if !str.isEmpty { out[id] = str }
                msgid = nil
            } else if line.hasPrefix("msgid_plural") { msgid = nil }
        }
        return out
    }

    /// A photo not placed under LANG=C is listed with its reason in German under a German
    /// catalogue: the row holds a code and numbers, no sentence.
    @Test func notPlacedReasonsAreStoredAsCodesAndWordedWhenListed() throws {
        guard let de = Self.german() else { print("skipped: po/de.po not found"); return }
        let dir = makeTempDirectory("photos-kept-reason")
        let (store, id) = try PhotosCommandTests().walk(dir)
        // local.jpg read in UTC: 10:15:30Z, 75.5 min after the walk's end at 09:00:00Z.
        let add = cairn(["photos", "add", id, Self.photos + "local.jpg", "--tz", "UTC", "--store", store], environment: ["LANG": "C"])
        #expect(add.stderr.contains("not placed: taken 1 h 16 min after the walk ended"), "\(add.stderr)")
        let row = try #require(try HikeStore(path: store).connection.query("SELECT note, reason, facts FROM photos") {
            ($0.optionalString(0), $0.optionalString(1), $0.optionalString(2))
        }.first)
        #expect(row.0 == nil && row.1 == "after-walk", "\(row)")
        let facts = try #require(try JSONSerialization.jsonObject(with: Data((row.2 ?? "").utf8)) as? [String: Any])
        #expect(facts["seconds"] as? Double == 4530 && facts["zone"] as? String == "tz" && facts["zoneName"] as? String == "UTC", "\(facts)")
        #expect(!(row.2 ?? "").contains(" "), "a sentence in \(row.2 ?? "")")  // codes and numbers only

        // The German words, from de.po: "%s nach Ende der Begehung aufgenommen" with "1 h 16 min".
        let span = try #require(de["%d h %d min"]).replacingOccurrences(of: "%d h", with: "1 h").replacingOccurrences(of: "%d min", with: "16 min")
        let reason = try #require(de["taken %s after the walk ended"]).replacingOccurrences(of: "%s", with: span)
        let heading = try #require(de["#%s not placed: %s"]).replacingOccurrences(of: "#%s", with: "#1")
            .replacingOccurrences(of: "%s", with: reason)
        try Localization.$translator.withValue({ de[$0] ?? $0 }) {
            let listing = cairn(["photos", id, "--store", store])
            #expect(listing.stdout.contains(heading), "\(listing.stdout)\nexpected: \(heading)")
            let rows = try json(id, store)
            #expect(rows.first?["reason"] as? String == "after-walk")
            #expect(Self.note(rows).hasPrefix(reason), "\(rows)")
        }
        // A reason kept as text before the codes is shown as it was, and becomes codes when
        // the photo is added again with the same outcome.
        try HikeStore(path: store).connection.execute("UPDATE photos SET note = 'nach dem Ende', reason = 'legacy', facts = NULL")
        #expect(cairn(["photos", id, "--store", store]).stdout.contains("#1 not placed: nach dem Ende"))
        let legacy = try json(id, store)
        #expect(legacy.first?["reason"] as? String == "legacy" && legacy.first?["note"] as? String == "nach dem Ende", "\(legacy)")
        let readd = cairn(["photos", "add", id, Self.photos + "local.jpg", "--store", store])
        #expect(readd.stdout.contains("1 already kept") && readd.stderr.contains("not placed: taken 1 h 16 min after the walk ended, unchanged"),
                "\(readd.stdout)\(readd.stderr)")
        let upgraded = try #require(try HikeStore(path: store).connection.query("SELECT note, reason FROM photos") {
            ($0.optionalString(0), $0.optionalString(1))
        }.first)
        #expect(upgraded.0 == nil && upgraded.1 == "after-walk", "\(upgraded)")
        // And in English again: the same row. The legacy row kept no zone, so the re-add (no
        // --tz) read it in the environment's zone, and says so.
        let rows = try json(id, store)
        #expect(Self.note(rows).hasPrefix("taken 1 h 16 min after the walk ended; taken 2018-05-02T10:15:30Z (TZ=UTC)"),
                "\(rows)")
    }

    /// sha256sum's hex of `path`, nil (with a notice) without the tool.
    static func sha256sum(_ path: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") else {
            print("skipped the SHA-256 check: /usr/bin/sha256sum not found")
            return nil
        }
        let run = Process(), pipe = Pipe()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        run.arguments = [path]
        run.standardOutput = pipe
        try run.run()
        run.waitUntilExit()
        return String(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64))
    }

    static func size(_ path: String) throws -> Int64 {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).int64Value
    }

    /// A photo waypoint imported while its file was missing: no hash or size is made up
    /// (null in --json, "hash unknown" in the listing); relink finds the file by its name and
    /// capture time, and a re-add at its path, each filling in the real hash and size.
    @Test func aPhotoImportedWithoutItsFileHasNoHashUntilFound() throws {
        let dir = makeTempDirectory("photos-kept-missing")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let original = dir + "/Gipfel.jpg"
        try FileManager.default.copyItem(atPath: Self.photos + "gps.jpg", toPath: original)
        #expect(cairn(["photos", "add", id, original, "--store", store]).status == 0)
        #expect(cairn(["export", id, "-o", dir + "/exp.gpx", "--store", store]).status == 0)
        try FileManager.default.moveItem(atPath: original, toPath: dir + "/away.jpg")
        for (n, way) in ["relink", "add"].enumerated() {
            let other = dir + "/other\(n).sqlite"
            #expect(cairn(["import", dir + "/exp.gpx", "--store", other]).status == 0)
            let hike = try #require(try HikeStore(path: other).summaries().first).id.rawValue
            let before = try #require(try json(hike, other).first)
            #expect(before["sha256"] is NSNull && before["size"] is NSNull && before["missing"] as? Bool == true, "\(before)")
            #expect(cairn(["photos", hike, "--store", other]).stdout.contains("Gipfel.jpg (file missing; hash unknown)"))
            if way == "relink" {
                // Found elsewhere by its name and capture time (09:00:00Z, as exported).
                try FileManager.default.createDirectory(atPath: dir + "/found", withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: dir + "/away.jpg", toPath: dir + "/found/Gipfel.jpg")
                let relink = cairn(["photos", "relink", hike, dir + "/found", "--store", other])
                #expect(relink.status == 0 && relink.stdout.contains("#1: found by its file's name and capture time at " + dir + "/found/Gipfel.jpg; its content was not known"),
                        "\(relink.stdout)\(relink.stderr)")
            } else {
                // Back at its path, added again: the kept photo takes its hash (not a second photo).
                try FileManager.default.copyItem(atPath: dir + "/away.jpg", toPath: original)
                let add = cairn(["photos", "add", hike, original, "--store", other])
                #expect(add.stdout.contains("0 photos added, 1 of 1 placed, 1 kept photo updated (its file changed since)"), "\(add.stdout)")
                #expect(add.stderr.contains(original + ": kept as #1 without its content (from a photo waypoint): its size and hash are now kept; placed as exported, "),
                        "\(add.stderr)")
            }
            let after = try json(hike, other)
            let path = try #require(after.first?["path"] as? String)
            let size = try Self.size(path)
            #expect(after.count == 1 && (after.first?["size"] as? NSNumber)?.int64Value == size, "\(after)")
            if let hex = try Self.sha256sum(path) { #expect(after.first?["sha256"] as? String == hex) }
            #expect(after.first?["placement"] as? String == "waypoint")
        }
    }

    /// An edited photo (new bytes at a kept photo's path) updates the kept photo instead of
    /// adding a second; moved and edited, relink finds it by its name and capture time. The
    /// "edit" appends bytes after the JPEG's end (as an editor rewriting the file changes its
    /// bytes), keeping its EXIF.
    @Test func anEditedPhotoIsTheSamePhoto() throws {
        let dir = makeTempDirectory("photos-kept-edited")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/card", withIntermediateDirectories: true)
        let path = dir + "/card/view.jpg"
        try fm.copyItem(atPath: Self.photos + "offset.jpg", toPath: path)
        #expect(cairn(["photos", "add", id, path, "--store", store]).status == 0)
        let first = try #require(try json(id, store).first)
        func edit(_ p: String, _ text: String) throws {
            let h = try #require(FileHandle(forWritingAtPath: p))
            try h.seekToEnd()
            try h.write(contentsOf: Data(text.utf8))
            try h.close()
        }
        try edit(path, "darktable")
        let again = cairn(["photos", "add", id, path, "--store", store])
        #expect(again.stdout.contains("0 photos added, 1 of 1 placed, 1 kept photo updated (its file changed since)"), "\(again.stdout)")
        #expect(again.stderr.contains(path + ": edited since it was kept as #1: updated; placed by its time, "), "\(again.stderr)")
        var rows = try json(id, store)
        #expect(rows.count == 1 && rows[0]["number"] as? Int == 1 && rows[0]["latitude"] as? Double == first["latitude"] as? Double)
        let size = try Self.size(path)
        #expect((rows[0]["size"] as? NSNumber)?.int64Value == size && rows[0]["sha256"] as? String != first["sha256"] as? String)
        if let hex = try Self.sha256sum(path) { #expect(rows[0]["sha256"] as? String == hex) }

        // Moved and edited again: relink finds it by name and capture time, and says so.
        try fm.createDirectory(atPath: dir + "/archive", withIntermediateDirectories: true)
        try fm.moveItem(atPath: path, toPath: dir + "/archive/view.jpg")
        try edit(dir + "/archive/view.jpg", " rotated")
        // A file of the same name with another capture time is not taken.
        try fm.createDirectory(atPath: dir + "/archive/0-other", withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.photos + "gps.jpg", toPath: dir + "/archive/0-other/view.jpg")
        let relink = cairn(["photos", "relink", id, dir + "/archive", "--store", store])
        #expect(relink.status == 0 && relink.stdout.contains("#1: found by its file's name and capture time at " + dir
                                                               + "/archive/view.jpg; its content differs from what was kept (edited since)"),
                "\(relink.stdout)\(relink.stderr)")
        #expect(relink.stdout.contains("1 photo found again"), "\(relink.stdout)")
        rows = try json(id, store)
        #expect(rows.count == 1 && rows[0]["path"] as? String == dir + "/archive/view.jpg" && rows[0]["missing"] as? Bool == false)
        if let hex = try Self.sha256sum(dir + "/archive/view.jpg") { #expect(rows[0]["sha256"] as? String == hex) }

        // Moved and edited once more, then added from there: the same photo (by name and time), not a second one.
        try fm.createDirectory(atPath: dir + "/export", withIntermediateDirectories: true)
        try fm.moveItem(atPath: dir + "/archive/view.jpg", toPath: dir + "/export/view.jpg")
        try edit(dir + "/export/view.jpg", " cropped")
        let added = cairn(["photos", "add", id, dir + "/export", "--store", store])
        #expect(added.stdout.contains("0 photos added, 1 of 1 placed, 1 kept photo updated"), "\(added.stdout)")
        #expect(added.stderr.contains(dir + "/export/view.jpg: was #1 (missing at " + dir + "/archive/view.jpg): moved and edited; updated; placed by its time, "),
                "\(added.stderr)")
        #expect(try json(id, store).map { $0["path"] as? String } == [dir + "/export/view.jpg"])
    }

    /// A photo placed with a clock correction, exported, imported elsewhere while its file was
    /// away: its time as exported holds the correction, which the import cannot know; relink
    /// takes the one file of its name and says by how much the times differ.
    @Test func relinkTakesTheOnlyFileOfItsNameForAnExportedPhoto() throws {
        let dir = makeTempDirectory("photos-kept-exported")
        let (store, id) = try PhotosCommandTests().walk(dir)
        let original = dir + "/view.jpg"
        try FileManager.default.copyItem(atPath: Self.photos + "offset.jpg", toPath: original)
        #expect(cairn(["photos", "add", id, original, "--offset", "600", "--store", store]).status == 0)
        #expect(cairn(["export", id, "-o", dir + "/exp.gpx", "--store", store]).status == 0)
        try FileManager.default.createDirectory(atPath: dir + "/moved", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: original, toPath: dir + "/moved/view.jpg")
        let other = dir + "/other.sqlite"
        #expect(cairn(["import", dir + "/exp.gpx", "--store", other]).status == 0)
        let hike = try #require(try HikeStore(path: other).summaries().first).id.rawValue
        // The camera's 08:15:30.25Z against 08:25:30.25Z as exported: -600 s.
        let relink = cairn(["photos", "relink", hike, dir + "/moved", "--store", other])
        #expect(relink.status == 0 && relink.stdout.contains("#1: found by its file's name at " + dir
                                                               + "/moved/view.jpg, the only file of that name (its camera time differs by -600 s"),
                "\(relink.stdout)\(relink.stderr)")
        let rows = try json(hike, other)
        #expect(rows.first?["path"] as? String == dir + "/moved/view.jpg" && rows.first?["sha256"] is String, "\(rows)")
        // A second file of that name: which one is not guessed.
        let third = dir + "/third.sqlite"
        #expect(cairn(["import", dir + "/exp.gpx", "--store", third]).status == 0)
        try FileManager.default.createDirectory(atPath: dir + "/moved/b", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.photos + "gps.jpg", toPath: dir + "/moved/b/view.jpg")
        let thirdHike = try #require(try HikeStore(path: third).summaries().first).id.rawValue
        let two = cairn(["photos", "relink", thirdHike, dir + "/moved", "--store", third])
        #expect(two.status == 1 && two.stdout.contains("0 photos found again, 1 still missing"), "\(two.stdout)")
    }
}
