import CairnTestSupport
import Foundation
import TrailMap
@testable import ViewerRuntime
import TermUI
import TrailCore
import TrailStore
@testable import TrailApp

/// TrailAppTests' `AppUpdateTests` builders the moved viewer tests use.
enum ViewerFixtures {
    /// Plain theme, metric units.
    static func environment() -> WidgetEnvironment {
        WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
    }

    /// A listed hike with only a distance and a start time.
    static func summary(_ row: Int64, _ name: String, distance: Double, start: TimeInterval) -> HikeSummary {
        HikeSummary(id: HikeID(rowID: row), name: name, description: nil, kind: .imported, sourceFileName: "\(name).gpx",
                    createdAt: Date(timeIntervalSince1970: 0), startedAt: Date(timeIntervalSince1970: start),
                    statistics: TrackStatistics(distance: distance, pointCount: 10, segmentCount: 1), waypointCount: 0)
    }

    /// The key clock the app reads (moved by hand), and the app on it (TrailAppTests'
    /// `CursorAccelerationTests`).
    final class FakeClock: @unchecked Sendable { var now: TimeInterval = 100 }

    static func drawingApp() -> (FakeClock, CairnApp) {
        let clock = FakeClock()
        return (clock, CairnApp(keyClock: { clock.now }))
    }

    /// A 120 x 40 app state on the drawing screen (`n` from a library of one hike).
    static func drawingState(_ app: CairnApp) -> AppState {
        var s = AppState(environment: environment(), storeLabel: "t", width: 120, height: 40)
        var summary = summary(1, "new", distance: 677, start: 0)
        summary.statistics.boundingBox = BoundingBox(minLatitude: 42.6210, minLongitude: 1.5330, maxLatitude: 42.6240,
                                                     maxLongitude: 1.5400)
        _ = app.update(&s, .hikesLoaded([summary]))
        _ = app.update(&s, .input(.key(.character("n"))))
        return s
    }

    /// A folder with one SRTM3 tile N42E001 whose samples form a cone (ViewerRuntimeTests'
    /// `ContourMapTests`): 3000 m at the tile's centre, 20 m lower per sample of distance.
    static func coneFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-cone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let side = 1201
        var data = Data(count: side * side * 2)
        data.withUnsafeMutableBytes { buf in
            for r in 0..<side {
                for c in 0..<side {
                    let d = Double((r - 600) * (r - 600) + (c - 600) * (c - 600)).squareRoot()
                    let h = Int16(max(0, 3000 - 20 * d).rounded())
                    buf.storeBytes(of: h.bigEndian, toByteOffset: (r * side + c) * 2, as: Int16.self)
                }
            }
        }
        try data.write(to: dir.appendingPathComponent("N42E001.hgt"))
        return dir
    }

    /// Loads the basemap for `viewport` through the performer (no map store).
    static func load(_ viewport: MapViewport, terrain: String?, in dir: URL) -> MapBasemap? {
        let performer = EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path,
                                        mapPath: dir.appendingPathComponent("none.sqlite").path,
                                        terrainPath: terrain, now: { Date(timeIntervalSince1970: 0) },
                                        speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
        let messages = AnswerRecorder<AppMessage>()
        performer.perform(.loadBasemap(request: 1, viewport)) { messages.append($0) }
        let answers = messages.wait(until: { !$0.isEmpty })
        guard case .basemapLoaded(1, let basemap) = answers.first else { return nil }
        return basemap
    }
}
