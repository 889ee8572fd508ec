import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailStore
@testable import TrailApp

/// Photos on the hike screen (issue 36): camera pins on the map and marks on the profile,
/// the strip (keys, cursor to each photo's place, unplaced ones with why), and the chafa
/// command line.
@Suite struct PhotoStripTests {
    let env = WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric, timeZone: TimeZone(identifier: "UTC")!))

    /// The Oybin sample hike in a fresh store with four photos kept with it through
    /// `HikeStore.addPhotos`: three placed at the points at 20 %, 50 % (by GPS tag, 12 m off)
    /// and 80 % of the points, and one not placed (taken after the walk) whose file name
    /// carries an escape sequence.
    static func storeWithPhotos() throws -> (HikeID, PreparedHike, [StoredPhoto]) {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let store = try HikeStore(path: NSTemporaryDirectory() + "cairn-photos-\(UUID().uuidString).sqlite")
        let new = NewHike(name: hike.name, description: nil, kind: .imported, sourceFileName: "oybin.gpx",
                          metadata: HikeMetadata(creator: "tests", keywords: nil), tracks: [hike.track], waypoints: [],
                          statistics: hike.statistics)
        guard case .inserted(let id) = try store.insert(new) else { throw CocoaError(.fileWriteUnknown) }
        func placed(_ name: String, _ hash: UInt8, at fraction: Double, gps: Bool) -> NewPhoto {
            let i = Int(Double(hike.pointCount - 1) * fraction)
            return NewPhoto(path: "/photos/oybin/" + name, size: 1000, contentHash: [UInt8](repeating: hash, count: 32),
                            takenAt: Date(timeIntervalSince1970: 1_200_000_000 + Double(hash) * 600),
                            coordinate: hike.coordinates[i], elevation: hike.profile.elevations[i],
                            distanceAlong: hike.profile.distances[i], distanceOff: gps ? 12 : 0,
                            placement: gps ? "gps" : "time", note: nil)
        }
        let late = NewPhoto(path: "/photos/oybin/\u{1B}[31mlate\u{07}.jpg", size: 10, contentHash: [UInt8](repeating: 9, count: 32),
                            takenAt: Date(timeIntervalSince1970: 1_300_000_000), coordinate: nil, elevation: nil,
                            distanceAlong: nil, distanceOff: nil, placement: "none",
                            note: "taken 3 h after the walk ended")
        try store.addPhotos([placed("castle.jpg", 2, at: 0.5, gps: true), placed("gate.jpg", 1, at: 0.2, gps: false), late,
                             placed("rocks.jpg", 3, at: 0.8, gps: false)], to: id)
        return (id, hike, try store.photos(of: id))
    }

    func screen(_ hike: PreparedHike, _ photos: [StoredPhoto]) -> HikeScreenState {
        let layout = HikeScreenLayout(area: Rect(x: 0, y: 0, width: 120, height: 40))
        var state = HikeScreenState(hike: hike, mapWidth: layout.map.width, mapHeight: layout.map.height)
        state.setPhotos(photos)
        return state
    }

    @Test func pinsOnTheMapAndMarksOnTheProfile() throws {
        let (_, hike, photos) = try Self.storeWithPhotos()
        #expect(photos.map { ($0.photo.path as NSString).lastPathComponent }.prefix(3) == ["gate.jpg", "castle.jpg", "rocks.jpg"])
        let state = screen(hike, photos)
        #expect(state.placedPhotos.count == 3)
        for (mode, glyph) in [(CanvasMode.braille, "▣"), (.ascii, "&")] {
            var e = env
            e.canvasMode = mode
            var buffer = Buffer(width: 120, height: 40)
            let frame = HikeScreenView.render(state: state, environment: e, into: &buffer)
            // Each pin where the map's viewport puts the photo's coordinate (below the legend).
            let mapArea = frame.layout.map
            let drawn = state.viewport.resized(width: mapArea.width, height: mapArea.height)
            for p in state.placedPhotos {
                let c = try #require(drawn.cell(p.photo.coordinate!))
                #expect(buffer[mapArea.x + c.x, mapArea.y + c.y]?.symbol == glyph, "\(mode) pin of \(p.photo.path)")
            }
            // Each profile mark on the plot's bottom row at the column of its distance along:
            // a fraction of the plot's width equal to the photo's share of the length.
            let chart = ElevationChart(hike: hike, series: state.series, scrubIndex: 0, range: nil, environment: e)
            let plot = chart.layout(in: frame.layout.chart).plot
            for p in state.placedPhotos {
                let share = p.photo.distanceAlong! / hike.profile.length
                let row = (plot.x..<plot.maxX).filter { buffer[$0, plot.maxY - 1]?.symbol == glyph }
                #expect(row.contains { abs(Double($0 - plot.x) / Double(plot.width) - share) < 2.0 / Double(plot.width) },
                        "\(mode) mark of \(p.photo.path) at \(share) in \(row)")
            }
        }
        var buffer = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: state, environment: env, into: &buffer)
        Snapshot.check(buffer, named: "photos-pins-oybin-120x40")
    }

    @Test func stripListsPhotosAndSaysWhyNotPlaced() throws {
        let (_, hike, photos) = try Self.storeWithPhotos()
        var state = screen(hike, photos)
        state.photoStrip = 1
        var buffer = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: state, environment: env, into: &buffer)
        let text = buffer.textDump()
        #expect(text.contains("Photos 2/4") && text.contains("castle.jpg") && text.contains("Placed by its GPS") && text.contains("the line)"))
        // The escape and the bell of the unplaced one's name are not drawn (TextSanitizer).
        #expect(text.contains("[31mlat") && !buffer.cells.contains { $0.symbol.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } })
        Snapshot.check(buffer, named: "photos-strip-oybin-120x40")
        state.photoStrip = 3
        var unplaced = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: state, environment: env, into: &unplaced)
        #expect(unplaced.textDump().contains("Not placed: taken 3 h") && !unplaced.textDump().contains("Placed not placed"))
    }

    @Test func keysOpenStepShowAndClose() throws {
        let (id, hike, photos) = try Self.storeWithPhotos()
        let app = CairnApp()
        var s = AppState(environment: env, storeLabel: "test", width: 120, height: 40)
        _ = app.update(&s, .hikesLoaded([]))
        let opened = app.update(&s, .hikeLoaded(id, hike, forPreview: false))
        #expect(opened.contains(.loadPhotos(id)))
        // No photos yet: `i` says how to add some.
        _ = app.update(&s, .input(.key(.character("i"))))
        #expect(s.hike?.screen.photoStrip == nil && s.status.text.contains("cairn photos add"))
        _ = app.update(&s, .photosLoaded(id, .success(photos)))
        _ = app.update(&s, .input(.key(.character("i"))))
        #expect(s.hike?.screen.photoStrip == 0)
        func cursorAlong() -> Double { hike.profile.distances[s.hike!.screen.scrubIndex] }
        // The cursor goes to the point at the photo's distance along (the photos sit on points).
        #expect(cursorAlong() == photos[0].photo.distanceAlong)
        _ = app.update(&s, .input(.key(.down)))
        #expect(s.hike?.screen.photoStrip == 1 && cursorAlong() == photos[1].photo.distanceAlong)
        _ = app.update(&s, .input(.key(.right)))
        #expect(s.hike?.screen.photoStrip == 2 && cursorAlong() == photos[2].photo.distanceAlong)
        // The unplaced one: the cursor stays, the status says why.
        _ = app.update(&s, .input(.key(.down)))
        #expect(s.hike?.screen.photoStrip == 3 && cursorAlong() == photos[2].photo.distanceAlong)
        #expect(s.status.text.contains("not placed: taken 3 h after the walk ended"))
        let bell = app.update(&s, .input(.key(.down)))
        #expect(s.hike?.screen.photoStrip == 3 && bell.contains(.bell))
        _ = app.update(&s, .input(.key(.up)))
        #expect(app.update(&s, .input(.key(.enter))) == [.showPhoto(path: photos[2].photo.path, desktop: false)])
        #expect(app.update(&s, .input(.key(.character("x")))) == [.showPhoto(path: photos[2].photo.path, desktop: true)])
        // A store change elsewhere reads the photos again; the strip stays on the same photo.
        #expect(app.update(&s, .storeChanged).contains(.loadPhotos(id)))
        _ = app.update(&s, .photosLoaded(id, .success(Array(photos.reversed()))))
        #expect(s.hike?.screen.photoStrip == 1)
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.hike?.screen.photoStrip == nil)
        // Esc again leaves the hike screen, as before.
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.hike == nil)
        // The help lists the key and the strip's keys.
        #expect(HelpText.hike.contains { $0.keys == "i" } && HelpText.hike.contains { $0.keys.contains("(photo strip)") })
    }

    @Test func chafaCommandLine() {
        #expect(ChafaCommand.arguments(path: "/p/-a b.jpg", format: .sixels, width: 120, height: 37)
                == ["chafa", "--format", "sixels", "--size", "120x37", "--animate", "off", "--", "/p/-a b.jpg"])
        #expect(ChafaCommand.arguments(path: "x", format: .symbols, width: 0, height: -3)[4] == "1x1")
        // Detection: the override, then the config, then what the terminal says of itself.
        let d = TerminalImageFormat.detect
        #expect(d(["TERM": "xterm-256color"], nil) == .symbols)
        #expect(d(["TERM": "xterm-256color", "CAIRN_IMAGES": "SIXELS"], nil) == .sixels)
        #expect(d(["TERM": "xterm-kitty", "CAIRN_IMAGES": "symbols"], nil) == .symbols)
        #expect(d(["TERM": "xterm-256color", "CAIRN_IMAGES": "bogus"], "kitty") == .kitty)
        // `--images` (or the config's value, which the CLI drops when CAIRN_IMAGES is set) wins
        // over the variable; "auto" detects.
        #expect(d(["TERM": "xterm-256color", "CAIRN_IMAGES": "sixels"], "symbols") == .symbols)
        #expect(d(["TERM": "xterm-kitty"], "auto") == .kitty && d(["TERM": "xterm-256color"], "sixels") == .sixels)
        #expect(d(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], nil) == .kitty)
        #expect(d(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], nil) == .iterm)
        #expect(d(["TERM": "foot"], nil) == .sixels && d(["TERM": "mlterm"], nil) == .sixels)
        // The whole display: three rows left for the note; tmux is said for image formats only.
        let tmux = ChafaCommand.display(path: "/a.jpg", width: 100, height: 30,
                                        environment: ["TERM": "screen", "TMUX": "/tmp/t", "CAIRN_IMAGES": "sixels"])
        guard case .terminal(let args, let note) = tmux else { Issue.record("\(tmux)"); return }
        #expect(args[4] == "100x27" && note.contains("set -g allow-passthrough on"))
        guard case .terminal(_, let plain) = ChafaCommand.display(path: "/a.jpg", width: 100, height: 30,
                                                                 environment: ["TERM": "screen", "TMUX": "/tmp/t"]) else { return }
        #expect(plain.contains("not asked whether it shows sixels") && plain.contains("--images sixels"))
        #expect(ChafaCommand.hasDesktop(["DISPLAY": ":0"]) && ChafaCommand.hasDesktop(["WAYLAND_DISPLAY": "wayland-0"])
                && !ChafaCommand.hasDesktop(["DISPLAY": ""]))
    }
}
