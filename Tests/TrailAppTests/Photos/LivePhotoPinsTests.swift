import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailLive
@testable import TrailStore
@testable import TrailApp

/// The recording and follow screens draw the hike's photos and "photo here" marks as the hike
/// screen does (issue 36): the same glyph on the map at the cell the viewport gives the photo's
/// coordinate, and on the profile's bottom row at the column of its share of the drawn line's
/// length. The line is FollowFixture's: points 11.0574 m apart due north, so a photo at point k
/// is k × 11.0574 m along, a share k / 99 of the length.
@Suite struct LivePhotoPinsTests {
    typealias F = FollowFixture

    /// A photo (or, `mark`, a "photo here" mark: empty path, placement "placeholder") at route point `k`.
    static func photo(_ id: Int64, at k: Int, mark: Bool = false) -> StoredPhoto {
        let hike = F.hike()
        return StoredPhoto(id: id, photo: NewPhoto(path: mark ? "" : "/photos/p\(id).jpg", size: mark ? 0 : 100,
                                                   contentHash: [UInt8](repeating: UInt8(id), count: 32),
                                                   takenAt: F.t0.addingTimeInterval(Double(k) * 10), coordinate: hike.coordinates[k],
                                                   elevation: 1000 + Double(k), distanceAlong: Double(k) * F.spacing, distanceOff: 0,
                                                   placement: mark ? NewPhoto.placeholderPlacement : "time", note: nil),
                           addedAt: F.t0)
    }

    /// Each of `ks` has the glyph on the map (the viewport's cell in `map`) and on the profile's
    /// bottom row within a column of its share of the length.
    func expectPins(_ ks: [Int], in buffer: Buffer, map: Rect, viewport: MapViewport, plot: Rect, glyph: String) {
        let hike = F.hike()
        for k in ks {
            guard let c = viewport.cell(hike.coordinates[k]) else { Issue.record("point \(k) is off the map"); continue }
            #expect(buffer[map.x + c.x, map.y + c.y]?.symbol == glyph, "map pin of point \(k)")
            let share = Double(k) / Double(F.count - 1)
            let row = (plot.x..<plot.maxX).filter { buffer[$0, plot.maxY - 1]?.symbol == glyph }
            #expect(row.contains { abs(Double($0 - plot.x) / Double(plot.width) - share) < 2.0 / Double(plot.width) },
                    "profile mark of point \(k) at \(share) in \(row)")
        }
    }

    @Test func theFollowScreenDrawsTheHikesPhotosAndMarks() throws {
        let app = CairnApp()
        var s = F.following(app)
        for k in 0...39 { F.send(F.fix(Double(k)), app, &s) }
        // A photo 4 points behind, a mark noted 6 points ahead (within the z16 map around point 39).
        _ = app.update(&s, .photosLoaded(F.hikeID, .success([Self.photo(1, at: 35), Self.photo(2, at: 45, mark: true)])))
        let follow = try #require(s.following)
        let screen = try #require(s.hike?.screen)
        for (mode, glyph) in [(CanvasMode.braille, "▣"), (.ascii, "&")] {
            var env = F.environment()
            env.canvasMode = mode
            var buffer = Buffer(width: 120, height: 39)
            let frame = FollowScreenView.render(follow: follow, screen: screen, speaks: false, environment: env,
                                                area: Rect(x: 0, y: 0, width: 120, height: 39), into: &buffer)
            let chart = ElevationChart(hike: follow.line, series: follow.series, scrubIndex: follow.progressIndex, environment: env)
            expectPins([35, 45], in: buffer, map: frame.layout.map, viewport: screen.viewport,
                       plot: chart.layout(in: frame.layout.chart).plot, glyph: glyph)
        }
    }

    @Test func theRecordingScreenDrawsItsMarks() throws {
        let hike = F.hike()
        let area = Rect(x: 0, y: 0, width: 120, height: 40)
        let layout = HikeScreenLayout(area: area)
        var model = RecordModel(name: "Walk", sourceLabel: "gpsd", source: 1, resuming: nil,
                                viewport: HikeScreenState(hike: hike, mapWidth: layout.map.width, mapHeight: layout.map.height).viewport)
        model.phase = .running
        model.drawStored([hike.track.segments[0].points])
        model.lastReceived = F.fix(99)
        model.photos = [Self.photo(3, at: 30, mark: true), Self.photo(4, at: 70)]
        for (mode, glyph) in [(CanvasMode.braille, "▣"), (.ascii, "&")] {
            var env = F.environment()
            env.canvasMode = mode
            var buffer = Buffer(width: 120, height: 40)
            let frame = RecordScreenView.render(model: model, environment: env, area: area, into: &buffer)
            let plot = ElevationChart(hike: model.drawable, environment: env).layout(in: frame.layout.chart).plot
            expectPins([30, 70], in: buffer, map: frame.layout.map, viewport: model.viewport, plot: plot, glyph: glyph)
        }
    }

    /// A mark noted while recording reaches the screen: the store's photos of the recorded
    /// hike go to its model, not to another hike's.
    @Test func photosLoadedReachTheRecordingOfThatHike() {
        var d = RecordDriver()
        _ = d.start()
        for k in 0..<3 { d.send(F.fix(Double(k))) }
        guard case .record(let before) = d.state.screen, let id = before.hikeID else { Issue.record("no recorded hike"); return }
        _ = d.app.update(&d.state, .photosLoaded(HikeID(rowID: 999), .success([Self.photo(5, at: 1, mark: true)])))
        if case .record(let m) = d.state.screen { #expect(m.photos.isEmpty) }
        _ = d.app.update(&d.state, .photosLoaded(id, .success([Self.photo(5, at: 1, mark: true)])))
        if case .record(let m) = d.state.screen { #expect(m.photos.map(\.id) == [5]) }
    }
}
