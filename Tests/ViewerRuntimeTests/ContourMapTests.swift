import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
import TrailMap
@testable import ViewerRuntime
@testable import TrailApp

/// Contours on the map end to end: the basemap performer reads a terrain folder holding a cone
/// tile written here, the lines ride on the basemap, and the map draws them only when on.
@Suite struct ContourMapTests {
    /// Braille cells drawn in `buffer` (any dot set).
    static func brailleCells(_ buffer: Buffer) -> Int {
        TestSupport.scalars(buffer).filter { (0x2801...0x28FF).contains($0.value) }.count
    }

    @Test func contourCellsAppearOnlyWhenOn() throws {
        let dir = try ConeTerrain.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 0.05° east of the summit: the cone's flank, about 60 samples out.
        let viewport = MapViewport(center: Coordinate(latitude: 42.5, longitude: 1.55), zoom: 14, width: 80, height: 24)
        let basemap = try #require(ConeTerrain.basemap(viewport, terrain: dir.path, in: dir))
        // z14: every 50 m. The view spans ~16 samples east-west at 20 m per sample.
        #expect(!basemap.contours.isEmpty)
        #expect(basemap.contours.allSatisfy { $0.level.truncatingRemainder(dividingBy: 50) == 0 })
        #expect(basemap.contours.contains { $0.isIndex } == basemap.contours.contains { $0.level.truncatingRemainder(dividingBy: 250) == 0 })
        let env = TestSupport.environment()
        var on = MapWidget(viewport: viewport, basemap: basemap, environment: env)
        var buffer = Buffer(width: 80, height: 24)
        on.render(area: buffer.area, into: &buffer)
        #expect(Self.brailleCells(buffer) > 20)
        on.showsContours = false
        var off = Buffer(width: 80, height: 24)
        on.render(area: off.area, into: &off)
        #expect(Self.brailleCells(off) == 0)
        // Without a terrain folder the basemap carries none.
        let bare = try #require(ConeTerrain.basemap(viewport, terrain: nil, in: dir))
        #expect(bare.contours.isEmpty)
    }

    /// Issue 13: a hike opening at z10.4 (query zoom 10, scale bar z10) had no contours because
    /// they started at query zoom 11. Now z10 draws 500 m lines on every 2nd sample and z8-9
    /// 1000 m on every 8th/4th (DECISIONS 414); the lines lie on the cone's circles, radius
    /// (3000 − level) / 20 samples around (42.5° N, 1.5° E), within half a sample.
    @Test func contoursAtLowZoomFollowTheConeOnACoarserGrid() throws {
        let dir = try ConeTerrain.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (zoom, interval) in [(10.4, 500.0), (9.0, 1000.0), (8.2, 1000.0)] {
            let viewport = MapViewport(center: Coordinate(latitude: 42.5, longitude: 1.5), zoom: zoom, width: 80, height: 24)
            let basemap = try #require(ConeTerrain.basemap(viewport, terrain: dir.path, in: dir))
            #expect(!basemap.contours.isEmpty, "z\(zoom)")
            #expect(MapBasemap.contoursTooFarOut(zoom: zoom) == nil)
            for line in basemap.contours {
                #expect(line.level.truncatingRemainder(dividingBy: interval) == 0, "z\(zoom): \(line.level)")
                let radius = (3000 - line.level) / 20
                for p in line.points {
                    let d = (pow((p.latitude - 42.5) * 1200, 2) + pow((p.longitude - 1.5) * 1200, 2)).squareRoot()
                    #expect(abs(d - radius) < 0.5, "z\(zoom) level \(line.level): \(d) samples from the summit")
                }
            }
        }
        // z7.4 (query zoom 7): none, and the screen says from which zoom.
        let far = MapViewport(center: Coordinate(latitude: 42.5, longitude: 1.5), zoom: 7.4, width: 80, height: 24)
        #expect(try #require(ConeTerrain.basemap(far, terrain: dir.path, in: dir)).contours.isEmpty)
        #expect(MapBasemap.contoursTooFarOut(zoom: 7.4) == "Contours from zoom 8: zoom in")
        #expect(MapBasemap.contourStride(zoom: 12) == 1 && MapBasemap.contourStride(zoom: 10) == 2 && MapBasemap.contourStride(zoom: 8) == 8)
    }

    @Test func theHikeScreenKeyTogglesContours() throws {
        let dir = try ConeTerrain.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let viewport = MapViewport(center: Coordinate(latitude: 42.5, longitude: 1.55), zoom: 14, width: 80, height: 24)
        let basemap = try #require(ConeTerrain.basemap(viewport, terrain: dir.path, in: dir))
        #expect(HikeAction.keyMap.action(for: .character("C")) == .contours)
        #expect(DrawAction.commonKeyMap.action(for: .character("C")) == .contours)
        var state = HikeScreenState(hike: TestSupport.northbound(count: 2, start: Coordinate(latitude: 42.5, longitude: 1.55)),
                                    mapWidth: 80, mapHeight: 24, basemap: basemap)
        state.viewport = viewport
        var a = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: state, environment: TestSupport.environment(), into: &a)
        state.showsContours = false
        var b = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: state, environment: TestSupport.environment(), into: &b)
        #expect(Self.brailleCells(a) > Self.brailleCells(b))
    }

    @Test func aDrawnLegUpTheConeGetsItsClimbFromTheTerrain() throws {
        let dir = try ConeTerrain.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let performer = EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path,
                                        mapPath: dir.appendingPathComponent("none.sqlite").path,
                                        terrainPath: dir.path, now: { Date(timeIntervalSince1970: 0) },
                                        speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
        // Along the row of the summit, from column 700 (100 samples out: 3000 − 2000 = 1000 m) to
        // column 620 (20 samples out: 2600 m): a straight rise of 1600 m, no descent (by hand).
        let a = Coordinate(latitude: 42.5, longitude: 1.5 + 100.0 / 1200), b = Coordinate(latitude: 42.5, longitude: 1.5 + 20.0 / 1200)
        let request = DrawPlanRequest(request: 7, base: RoutePlan(), stops: [a, b], legRouting: [false], insertBetween: nil,
                                      routingOn: false)
        let messages = AnswerRecorder<AppMessage>()
        performer.perform(.draw(.plan(request))) { messages.append($0) }
        let answers = messages.wait(until: { !$0.isEmpty })
        guard case .draw(.planned(7, let plan, _, let elevationKnown, _)) = answers.first else { Issue.record("no plan"); return }
        #expect(elevationKnown)
        #expect(plan.legs.count == 1)
        #expect(abs((plan.legs.first?.ascent ?? 0) - 1600) < 10, "\(plan.legs.first?.ascent ?? -1)")
        #expect((plan.legs.first?.descent ?? -1) == 0)
    }
}
