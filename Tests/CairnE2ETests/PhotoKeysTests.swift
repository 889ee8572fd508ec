import Foundation
import Testing

/// End-to-end (issue 36): a key typed while the viewer asks the terminal whether it shows
/// sixels (ESC [ c, before a picture is drawn with chafa) is not lost. In tmux with TMUX unset
/// and TERM=xterm-256color the viewer asks (``DeviceAttributes/worthAsking``) and tmux answers
/// for itself at once; "Enter j" sent in one go puts `j` in the input before the question, so
/// it is read with the reply and must come back as a key: the strip steps to the second photo
/// once the picture is closed. Needs tmux, chafa and the debug build.
@Suite(.serialized) struct PhotoKeysTests {
    @Test func aKeyTypedDuringTheSixelQuestionIsKept() throws {
        guard BrowseTests.ready else { return }
        guard ["/usr/bin/chafa", "/usr/local/bin/chafa"].contains(where: FileManager.default.isExecutableFile(atPath:)) else {
            print("skipped: chafa not installed"); return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-photokeys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // 61 points a minute apart from 2018-05-02T08:00:00Z, due north: the fixtures' photos
        // (08:15:30Z by time, and a GPS tag 1.4 km up) are placed on it.
        var gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>walk</name><trkseg>"#
        let f = ISO8601DateFormatter()
        for i in 0...60 {
            gpx += "<trkpt lat=\"\(42.55 + Double(i) * 0.0005)\" lon=\"1.520083\"><ele>\(2000 + i)</ele>"
                + "<time>\(f.string(from: Date(timeIntervalSince1970: 1_525_248_000 + Double(i) * 60)))</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        try gpx.write(toFile: dir + "/walk.gpx", atomically: true, encoding: .utf8)
        let store = dir + "/hikes.sqlite"
        try BrowseTests.run([E2EPaths.cairn, "import", "--store", store, dir + "/walk.gpx"])
        let photos = E2EPaths.repo.appendingPathComponent("Tests/TrailPhotosTests/Fixtures").path
        let list = Process(), pipe = Pipe()
        list.executableURL = URL(fileURLWithPath: E2EPaths.cairn)
        list.arguments = ["list", "--json", "--store", store]
        list.standardOutput = pipe
        try list.run()
        list.waitUntilExit()
        let rows = try #require(try JSONSerialization.jsonObject(with: pipe.fileHandleForReading.readDataToEndOfFile()) as? [[String: Any]])
        let id = try #require(rows.first?["id"] as? String)
        try BrowseTests.run([E2EPaths.cairn, "photos", "add", id, photos + "/offset.jpg", photos + "/gps.jpg", "--store", store])

        let tmux = try TmuxSession(command: "env -u TMUX \(E2EPaths.cairn) tui --store \(store)", width: 110, height: 34,
                                   environment: ["TERM": "xterm-256color", "HOME": dir, "TZ": "UTC"])
        // The list is loaded (its status line counts it) before Enter opens the hike.
        #expect(try tmux.waitFor(text: "1 hike ·").ok)
        try tmux.send("Enter")
        #expect(try tmux.waitFor { BrowseTests.readout($0) != nil }.ok)
        try tmux.send("i")
        #expect(try tmux.waitFor(text: "Photos 1/2").ok)
        // Enter shows the picture (the terminal is asked first); j comes with it.
        try tmux.send("Enter", "j")
        let shown = try tmux.waitFor(text: "Any key goes back.")
        #expect(shown.ok && shown.screen.contains("when asked (ESC [ c)"), "\(shown.screen)")
        try tmux.send("q")  // closes the picture (any key), not the viewer
        let back = try tmux.waitFor(text: "Photos 2/2")
        #expect(back.ok, "the j typed during the question was lost:\n\(back.screen)")
    }
}
