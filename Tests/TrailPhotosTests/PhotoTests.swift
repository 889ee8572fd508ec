import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailPhotos

enum PhotoPaths {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = tests.deletingLastPathComponent().deletingLastPathComponent()
    static func fixture(_ name: String) -> String { tests.appendingPathComponent("Fixtures/" + name).path }
    /// `<repo>/../shared/data`, or nil (with a notice) when this checkout has none.
    static func sharedData(_ test: String = #function) -> URL? {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/data")
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("gpx").path) { return url }
        print("\(test): skipped: ../shared/data not found")
        return nil
    }
}

/// EXIF as Fixtures/make-photos.py (Pillow) wrote it, read back with libexif.
@Suite struct PhotoEXIFTests {
    @Test func captureTimeOffsetAndSubSeconds() throws {
        let e = try PhotoEXIFReader.read(path: PhotoPaths.fixture("offset.jpg"))
        #expect(e == PhotoEXIF(dateTimeOriginal: "2018:05:02 10:15:30", offsetTimeOriginal: "+02:00", subSecTimeOriginal: "25"))
    }

    @Test func gpsTagsInEveryHemisphere() throws {
        let ne = try PhotoEXIFReader.read(path: PhotoPaths.fixture("gps.jpg"))
        // Written as 42° 33′ 45.6012″ N, 1° 31′ 12.2988″ E (Pillow's rationals of 42.562667, 1.520083).
        let gps = try #require(ne.gps)
        #expect(abs(gps.latitude - 42.562667) < 1e-6 && abs(gps.longitude - 1.520083) < 1e-6, "\(gps)")
        #expect(ne.gpsAltitude == 2345.5)
        let sw = try PhotoEXIFReader.read(path: PhotoPaths.fixture("gps-south-west.jpg"))
        let c = try #require(sw.gps)
        #expect(abs(c.latitude + 33.45) < 1e-6 && abs(c.longitude + 70.6667) < 1e-6, "\(c)")
        #expect(sw.gpsAltitude == -12.25)  // below sea level: GPSAltitudeRef 1
    }

    /// A JPEG without its end-of-image marker (FF D9, ITU-T T.81 B.1.1.4) is read, said cut;
    /// bytes appended after the marker (as an editor may) are not a cut.
    @Test func aJPEGWithoutItsEndMarkerIsSaidCut() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-cut-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: PhotoPaths.fixture("offset.jpg")))
        #expect(Array(whole.suffix(2)) == [0xFF, 0xD9])
        #expect(try !PhotoEXIFReader.read(path: PhotoPaths.fixture("offset.jpg")).imageCut)
        let cut = dir.appendingPathComponent("cut.jpg"), extra = dir.appendingPathComponent("extra.jpg")
        try whole.prefix(whole.count - 2).write(to: cut)
        try (whole + Data("darktable".utf8)).write(to: extra)
        let read = try PhotoEXIFReader.read(path: cut.path)
        #expect(read.imageCut && read.dateTimeOriginal == "2018:05:02 10:15:30")
        #expect(try !PhotoEXIFReader.read(path: extra.path).imageCut)
        // Bare (no EXIF) and cut: kept, said both.
        let bare = try Data(contentsOf: URL(fileURLWithPath: PhotoPaths.fixture("no-exif.jpg")))
        let bareCut = dir.appendingPathComponent("bare-cut.jpg")
        try bare.prefix(bare.count - 2).write(to: bareCut)
        let b = try PhotoEXIFReader.readKeepingBare(path: bareCut.path)
        #expect(b.missing && b.imageCut)
    }

    @Test func filesWithoutEXIFAreSaid() {
        #expect(throws: PhotoReadError.noEXIF(path: PhotoPaths.fixture("no-exif.jpg"))) {
            try PhotoEXIFReader.read(path: PhotoPaths.fixture("no-exif.jpg"))
        }
        #expect(throws: PhotoReadError.notPhoto(path: PhotoPaths.fixture("make-photos.py"), looksLike: "text")) {
            try PhotoEXIFReader.read(path: PhotoPaths.fixture("make-photos.py"))
        }
        #expect(throws: PhotoReadError.unreadable(path: "/nonexistent/x.jpg", reason: "no such file")) {
            try PhotoEXIFReader.read(path: "/nonexistent/x.jpg")
        }
    }
}

/// Files that are not a whole photo are refused each with what they are (issue 36): written
/// here, their expected reason from the bytes written (signatures: PNG 1.2 §5.2, GIF89a,
/// TIFF 6.0 §2; a JPEG's APP1 found by searching for "Exif\0\0", its length the two bytes
/// before it, ITU-T T.81 B.1.1).
@Suite struct PhotoReadRefusalTests {
    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-refusals-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func emptyAndOtherFormatsSayWhatTheyAre() throws {
        let empty = try write([], "empty.jpg")
        #expect(throws: PhotoReadError.empty(path: empty)) { try PhotoEXIFReader.read(path: empty) }
        #expect(PhotoReadError.empty(path: empty).description == empty + ": empty file (0 bytes), not a photo")
        let png = try write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 30), "shot.jpg")
        #expect(throws: PhotoReadError.notPhoto(path: png, looksLike: "PNG")) { try PhotoEXIFReader.read(path: png) }
        #expect(PhotoReadError.notPhoto(path: png, looksLike: "PNG").description.hasPrefix(png + ": not a JPEG or HEIC image (looks like PNG)"))
        let gif = try write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], "anim.jpg")
        #expect(throws: PhotoReadError.notPhoto(path: gif, looksLike: "GIF")) { try PhotoEXIFReader.read(path: gif) }
        let text = try write(Array("2018-05-02 notes: Pic de l’Estanyó\n".utf8), "notes.jpg")
        #expect(throws: PhotoReadError.notPhoto(path: text, looksLike: "text")) { try PhotoEXIFReader.read(path: text) }
        // Only a JPEG's start of image (FF D8), nothing after: a cut JPEG, not "neither a JPEG's …".
        let stub = try write([0xFF, 0xD8], "stub.jpg")
        #expect(throws: PhotoReadError.notPhoto(path: stub, looksLike: "a JPEG cut off or damaged right after its first two bytes")) {
            try PhotoEXIFReader.read(path: stub)
        }
        // A NEF/CR2/DNG starts as a little-endian TIFF: II, 42.
        let raw = try write([0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0] + [UInt8](repeating: 0, count: 20), "DSC_0001.jpg")
        do {
            _ = try PhotoEXIFReader.read(path: raw)
            Issue.record("a TIFF-based raw file was read")
        } catch let e as PhotoReadError {
            #expect(e.description.contains("looks like TIFF or a TIFF-based raw file"), "\(e)")
        }
        // Bytes that match nothing known: said without a guess.
        let noise = try write([0x00, 0x13, 0xF7, 0x80, 0x01, 0x02, 0x03], "noise.jpg")
        #expect(throws: PhotoReadError.notPhoto(path: noise, looksLike: nil)) { try PhotoEXIFReader.read(path: noise) }
    }

    @Test func aJPEGCutInsideItsEXIFIsDamagedNotHalfRead() throws {
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: PhotoPaths.fixture("gps.jpg"))))
        let id = Array("Exif".utf8) + [0, 0]
        let at = try #require((0..<(whole.count - 6)).first { Array(whole[$0..<($0 + 6)]) == id })
        let end = at - 2 + (Int(whole[at - 2]) << 8 | Int(whole[at - 1]))  // the length counts its own two bytes
        // Cut 40 bytes before the block ends.
        let cutAt = end - 40
        let cut = try write(Array(whole.prefix(cutAt)), "cut.jpg")
        #expect(throws: PhotoReadError.damagedEXIF(path: cut, cutAt: cutAt, blockEnd: end)) { try PhotoEXIFReader.read(path: cut) }
        #expect(PhotoReadError.damagedEXIF(path: cut, cutAt: cutAt, blockEnd: end).description
                == cut + ": EXIF data damaged (cut at byte \(cutAt), the EXIF block ends at byte \(end)): time and GPS tag not read")
        // Cut in the image data after the EXIF block: the EXIF is whole and read.
        let late = try write(Array(whole.prefix(end + 20)), "late.jpg")
        #expect(try PhotoEXIFReader.read(path: late).gps != nil)
        // Cut just after the APP1 marker's length: damaged too.
        let early = try write(Array(whole.prefix(at + 2)), "early.jpg")
        #expect(throws: PhotoReadError.damagedEXIF(path: early, cutAt: at + 2, blockEnd: end)) { try PhotoEXIFReader.read(path: early) }
    }
}

@Suite struct PhotoClockTests {
    let andorra = TimeZone(identifier: "Europe/Andorra")!
    func iso(_ s: String) -> Date { ISO8601DateFormatter().date(from: s)! }

    @Test func theCamerasOffsetWinsOverTheZone() throws {
        let e = try PhotoEXIFReader.read(path: PhotoPaths.fixture("offset.jpg"))
        let c = try PhotoClock.capture(e, zone: TimeZone(identifier: "UTC")!, zoneName: "TZ").get()
        // 10:15:30.25 at +02:00 is 08:15:30.25 UTC.
        #expect(c.time == iso("2018-05-02T08:15:30Z").addingTimeInterval(0.25) && c.zone == "+02:00 from the camera")
    }

    @Test func aLocalTimeIsReadInTheGivenZoneAndCorrected() throws {
        let e = try PhotoEXIFReader.read(path: PhotoPaths.fixture("local.jpg"))
        // Andorra in May is CEST, UTC+2; a camera 90 s slow is corrected by +90.
        let c = try PhotoClock.capture(e, zone: andorra, zoneName: "--tz Europe/Andorra", correction: 90).get()
        #expect(c.time == iso("2018-05-02T08:17:00Z") && c.zone == "--tz Europe/Andorra")
    }

    @Test func lyingEXIFIsNotBelieved() throws {
        let unset = try PhotoEXIFReader.read(path: PhotoPaths.fixture("unset-clock.jpg"))
        #expect(PhotoClock.capture(unset, zone: andorra, zoneName: "TZ") == .failure(.unset("1970:01:01 00:00:05")))
        // "+25:00" is no time zone: the local time is read in the given zone instead.
        let lying = try PhotoEXIFReader.read(path: PhotoPaths.fixture("lying-offset.jpg"))
        #expect(lying.offsetTimeOriginal == "+25:00")
        let c = try PhotoClock.capture(lying, zone: andorra, zoneName: "TZ").get()
        #expect(c.time == iso("2018-05-02T08:15:30Z") && c.zone == "TZ")
        #expect(PhotoClock.offsetSeconds("+14:00") == 50_400 && PhotoClock.offsetSeconds("-05:30") == -19_800)
        #expect(PhotoClock.offsetSeconds("+14:01") == nil && PhotoClock.offsetSeconds("0200") == nil)
        let none = PhotoEXIF()
        #expect(PhotoClock.capture(none, zone: andorra, zoneName: "TZ") == .failure(.none))
        #expect(PhotoClock.capture(PhotoEXIF(dateTimeOriginal: "2018:13:02 10:15:30"), zone: andorra, zoneName: "TZ") == .failure(.unreadable("2018:13:02 10:15:30")))
        #expect(PhotoClock.capture(PhotoEXIF(dateTimeOriginal: "yesterday"), zone: andorra, zoneName: "TZ") == .failure(.unreadable("yesterday")))
    }
}

/// Placement by time against Tools/reference/photo_placement_reference.py (the same rule written
/// separately in Python with xml.etree), within 1 m; refusals as the reference says.
@Suite struct PhotoPlacementTests {
    struct Ref: Decodable { let t: Double; let placed: Bool; let lat: Double?; let lon: Double?; let ele: Double?; let why: String? }
    static let reference: [String: [Ref]] = {
        let data = FileManager.default.contents(atPath: PhotoPaths.fixture("placement-reference.json"))!
        return try! JSONDecoder().decode([String: [Ref]].self, from: data)
    }()

    func check(_ url: URL, _ name: String) throws {
        let track = try #require(try GPXReader.read(url: url).document.tracks.first)
        let placer = PhotoPlacer(track: track)
        let refs = try #require(Self.reference[name])
        var placed = 0
        for r in refs {
            let result = placer.place(at: Date(timeIntervalSince1970: r.t))
            switch result {
            case .success(let p):
                #expect(r.placed, "\(name) t=\(r.t): placed, reference says \(r.why ?? "")")
                guard let lat = r.lat, let lon = r.lon else { continue }
                let off = Geodesy.distance(from: p.coordinate, to: Coordinate(latitude: lat, longitude: lon))
                #expect(off < 1, "\(name) t=\(r.t): \(off) m from the reference")
                if let e = r.ele { #expect(abs((p.elevation ?? .nan) - e) < 0.01, "\(name) t=\(r.t) ele") }
                #expect(p.method == .time && p.distanceOff == 0)
                placed += 1
            case .failure(let why):
                let word: String
                switch why {
                case .beforeStart: word = "before"
                case .afterEnd: word = "after"
                case .inGap, .segmentBreak: word = "gap"
                case .untimedTrack: word = "untimed"
                }
                #expect(!r.placed && r.why == word, "\(name) t=\(r.t): \(why), reference \(r.placed) \(r.why ?? "")")
            }
        }
        #expect(placed > 10)
    }

    @Test func oybinSampleAgreesWithTheReference() throws {
        try check(PhotoPaths.repository.appendingPathComponent("Samples/GPSTools-Oybin.gpx"), "GPSTools-Oybin.gpx")
    }

    /// A recorded Andorra hike with long gaps between fixes (issue 36's "Done means").
    @Test func andorraHikeAgreesWithTheReference() throws {
        guard let data = PhotoPaths.sharedData() else { return }
        try check(data.appendingPathComponent("gpx-unlicensed/adrutas-180502.gpx"), "adrutas-180502.gpx")
    }

    /// Distance along grows with time, and a GPS-tagged photo is at its tag, measured against
    /// the line; a tag at 0,0 is no fix.
    @Test func distanceAlongAndGPSPlacement() throws {
        let url = PhotoPaths.repository.appendingPathComponent("Samples/GPSTools-Oybin.gpx")
        let track = try #require(try GPXReader.read(url: url).document.tracks.first)
        let placer = PhotoPlacer(track: track)
        let times = track.segments.flatMap(\.points).compactMap(\.time)
        let a = try placer.place(at: times[10].addingTimeInterval(1)).get()
        let b = try placer.place(at: times[200].addingTimeInterval(1)).get()
        #expect((a.distanceAlong ?? 0) < (b.distanceAlong ?? 0))
        let p = track.segments[0].points[100]
        let g = try #require(placer.place(gps: p.coordinate, altitude: 500))
        #expect(g.method == .gps && g.distanceOff < 0.01 && g.elevation == 500)
        let profile = ElevationProfile(track: track)
        #expect(abs((g.distanceAlong ?? 0) - profile.distances[100]) < 0.5)
        #expect(placer.place(gps: Coordinate(latitude: 0, longitude: 0), altitude: 0) == nil)
        #expect(PhotoPlacer(track: Track(segments: [TrackSegment(points: [Trackpoint(latitude: 1, longitude: 1)])]))
            .place(at: Date()) == .failure(.untimedTrack))
    }
}

/// HEIC photos (issue 36): made here with libheif's `heif-enc` from the JPEG fixtures (it copies
/// their EXIF into the HEIF "Exif" item), read through libheif and libexif; the values are the
/// ones make-photos.py wrote. Skipped with a notice when heif-enc (Debian libheif-examples) is missing.
@Suite struct PhotoHEICTests {
    static let encoder = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `fixture` (a JPEG) as HEIC in a temporary folder, nil (with a notice) without heif-enc.
    static func heic(_ fixture: String, _ test: String = #function) throws -> String? {
        guard let encoder else { print("\(test): skipped: heif-enc not found (apt install libheif-examples)"); return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-heic-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = dir.appendingPathComponent((fixture as NSString).deletingPathExtension + ".heic").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: encoder)
        p.arguments = ["-q", "50", PhotoPaths.fixture(fixture), "-o", out]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { print("\(test): skipped: heif-enc failed (\(p.terminationStatus))"); return nil }
        return out
    }

    @Test func captureTimeAndGPSFromHEIC() throws {
        guard let timed = try Self.heic("offset.jpg"), let tagged = try Self.heic("gps.jpg") else { return }
        #expect(PhotoEXIFReader.isHEIF(path: timed) && !PhotoEXIFReader.isHEIF(path: PhotoPaths.fixture("offset.jpg")))
        #expect(try PhotoEXIFReader.read(path: timed)
                == PhotoEXIF(dateTimeOriginal: "2018:05:02 10:15:30", offsetTimeOriginal: "+02:00", subSecTimeOriginal: "25"))
        let e = try PhotoEXIFReader.read(path: tagged)
        let gps = try #require(e.gps)
        #expect(abs(gps.latitude - 42.562667) < 1e-6 && abs(gps.longitude - 1.520083) < 1e-6, "\(gps)")
        #expect(e.gpsAltitude == 2345.5 && e.dateTimeOriginal == "2018:05:02 11:00:00")
    }

    @Test func heicWithoutEXIFOrDamagedIsOneClearLine() throws {
        guard let bare = try Self.heic("no-exif.jpg"), let good = try Self.heic("offset.jpg") else { return }
        #expect(throws: PhotoReadError.noEXIF(path: bare)) { try PhotoEXIFReader.read(path: bare) }
        // Kept all the same by `photos add` (issue 36): an empty reading that says so.
        let kept = try PhotoEXIFReader.readKeepingBare(path: bare)
        #expect(kept.missing && kept.dateTimeOriginal == nil && kept.gps == nil && !kept.imageCut)
        // Cut after its first 40 bytes: still a HEIF brand, but libheif cannot read it.
        let cut = good + ".cut.heic"
        try Data(try Data(contentsOf: URL(fileURLWithPath: good)).prefix(40)).write(to: URL(fileURLWithPath: cut))
        do {
            _ = try PhotoEXIFReader.read(path: cut)
            Issue.record("a cut HEIC was read")
        } catch let e as PhotoReadError {
            guard case .badHEIF = e else { Issue.record("\(e)"); return }
            #expect(e.description.hasPrefix(cut + ": not a HEIF image libheif can read: ") && !e.description.contains("\n"), "\(e)")
        }
    }
}
