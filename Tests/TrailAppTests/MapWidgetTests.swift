import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailMap
@testable import TrailApp

@Suite struct MapWidgetTests {
    let env = TestSupport.environment()
    let center = Coordinate(latitude: 46.0, longitude: 7.0)

    /// Coverage around the centre, with a path through it and a named peak.
    func basemap(extra: [MapFeature] = []) -> MapBasemap {
        let c = center
        let features = [
            TestSupport.feature(1, .path, (-10...10).map { Coordinate(latitude: c.latitude + Double($0) * 0.001,
                                                                     longitude: c.longitude + Double($0) * 0.001) },
                                name: "Sentier"),
            TestSupport.feature(2, .peak, [Coordinate(latitude: c.latitude + 0.002, longitude: c.longitude - 0.004)], name: "Pointe",
                                extra: ["ele": "2400"]),
        ] + extra
        let box = BoundingBox(minLatitude: c.latitude - 0.1, minLongitude: c.longitude - 0.1,
                              maxLatitude: c.latitude + 0.1, maxLongitude: c.longitude + 0.1)
        return MapBasemap(features: features, coverageAreas: [box], bounds: box, zoom: 15)
    }

    /// Slippy-map pixel of a coordinate at `zoom`, by the OSM wiki formulas
    /// (x = (lon + 180) / 360 · 256 · 2^z, y = (1 − ln(tan φ + sec φ) / π) / 2 · 256 · 2^z).
    func pixel(_ c: Coordinate, zoom: Double) -> (x: Double, y: Double) {
        let n = 256 * pow(2, zoom), phi = c.latitude * .pi / 180
        return ((c.longitude + 180) / 360 * n, (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * n)
    }

    @Test func markerAtScrubZeroIsAtTheProjectedStart() {
        let start = Coordinate(latitude: 46.0012, longitude: 6.997)
        let hike = TestSupport.northbound(count: 50, spacing: 20, start: start)
        let area = Rect(x: 5, y: 2, width: 70, height: 25)
        let viewport = MapViewport(center: center, zoom: 14.3, width: 1, height: 1)
        var buffer = Buffer(width: 80, height: 30)
        let info = MapWidget(viewport: viewport, basemap: basemap(), hike: hike, scrubIndex: 0, environment: env)
            .render(area: area, into: &buffer)
        // Expected cell: the start's pixel minus the view's top-left pixel, 2 × 4 pixels a cell.
        let p = pixel(start, zoom: 14.3), c = pixel(center, zoom: 14.3)
        let x = area.x + Int((p.x - (c.x - Double(area.width)))) / 2
        let y = area.y + Int((p.y - (c.y - Double(area.height * 2)))) / 4
        #expect(info.markerCell == MapWidget.CellPosition(x: x, y: y))
        #expect(buffer[x, y]?.symbol == "◉", "the marker wins over the start marker in that cell")
        #expect(info.startCell == info.markerCell)
    }

    /// A loop: 30 points north 30 m apart, back 10 m further east, and the last point `gap`
    /// metres east of the first (0: the same point).
    func loop(gap: Double) -> PreparedHike {
        let north = 30 / 111_132.0, east = 1 / (111_320 * cos(center.latitude * .pi / 180))
        var c = (0..<30).map { Coordinate(latitude: center.latitude + Double($0) * north, longitude: center.longitude) }
        c += (0..<30).reversed().map { Coordinate(latitude: center.latitude + Double($0) * north, longitude: center.longitude + 10 * east) }
        c.append(Coordinate(latitude: center.latitude, longitude: center.longitude + gap * east))
        let points = c.map { Trackpoint($0, elevation: nil) }
        return PreparedHike(name: "Loop", tracks: [Track(name: "Loop", segments: [TrackSegment(points: points)])])
    }

    /// Start and finish in one cell draw one combined mark (◈, "E" in ASCII) instead of the
    /// start's ● hiding the finish's ◆; apart (z18, 10 m is 12 cells), each its own.
    @Test func loopEndsInOneCellDrawOneCombinedMark() {
        for mode in [CanvasMode.braille, .ascii] {
            var e = env
            e.canvasMode = mode
            var buffer = Buffer(width: 60, height: 20)
            let viewport = MapViewport(center: center, zoom: 14, width: 1, height: 1)
            let info = MapWidget(viewport: viewport, basemap: nil, hike: loop(gap: 0), environment: e)
                .render(area: buffer.area, into: &buffer)
            #expect(info.startCell != nil && info.startCell == info.finishCell)
            let both = info.startCell.flatMap { buffer[$0.x, $0.y]?.symbol }
            #expect(both == MapMark.startAndFinish.shown(in: mode))
            #expect(both == (mode == .braille ? "◈" : "E"))
            var apart = Buffer(width: 60, height: 20)
            let near = MapViewport(center: center, zoom: 18, width: 1, height: 1)
            let split = MapWidget(viewport: near, basemap: nil, hike: loop(gap: 10), environment: e)
                .render(area: apart.area, into: &apart)
            let s = split.startCell, f = split.finishCell
            #expect(s != nil && f != nil && s != f)
            #expect(s.flatMap { apart[$0.x, $0.y]?.symbol } == MapMark.start.shown(in: mode))
            #expect(f.flatMap { apart[$0.x, $0.y]?.symbol } == MapMark.finish.shown(in: mode))
            #expect(!apart.textDump().contains(MapMark.startAndFinish.shown(in: mode)))
        }
    }

    @Test func attributionIffBasemapDrawn() {
        let hike = TestSupport.northbound(count: 30, spacing: 20, start: center)
        let viewport = MapViewport(center: center, zoom: 15, width: 1, height: 1)
        func render(_ basemap: MapBasemap?, width: Int = 60, height: Int = 20) -> (MapWidget.RenderInfo, String) {
            var buffer = Buffer(width: width, height: height)
            let info = MapWidget(viewport: viewport, basemap: basemap, hike: hike, environment: env)
                .render(area: buffer.area, into: &buffer)
            return (info, buffer.textDump())
        }
        // Data drawn: full attribution, bottom right.
        let (drawn, text) = render(basemap())
        #expect(drawn.basemapDrawn)
        #expect(drawn.attribution?.text == "© OpenStreetMap contributors")
        #expect(text.split(separator: "\n").last!.hasSuffix("© OpenStreetMap contributors"))
        // No store: no basemap, no attribution, the message instead.
        let (none, noneText) = render(nil)
        #expect(!none.basemapDrawn && none.attribution == nil && none.showedNoDataMessage)
        #expect(!noneText.contains("©"))
        #expect(noneText.contains("No map data here"))
        // Covered but empty here (nothing mapped): no attribution, no message.
        let covered = MapBasemap(features: [], coverageAreas: basemap().coverageAreas, bounds: basemap().bounds, zoom: 15)
        let (empty, emptyText) = render(covered)
        #expect(!empty.basemapDrawn && empty.attribution == nil && !empty.showedNoDataMessage)
        #expect(!emptyText.contains("©"))
        // Data elsewhere only: the message.
        let far = BoundingBox(minLatitude: 10, minLongitude: 10, maxLatitude: 11, maxLongitude: 11)
        let (elsewhere, _) = render(MapBasemap(features: [], coverageAreas: [far], bounds: far, zoom: 15))
        #expect(elsewhere.showedNoDataMessage && elsewhere.attribution == nil)
        // Narrow maps: shorter forms; too small: no basemap at all.
        #expect(render(basemap(), width: 25).0.attribution?.text == "© OSM contributors")
        #expect(render(basemap(), width: 12).0.attribution?.text == "© OSM")
        for (w, h) in [(4, 10), (30, 1)] {
            let (tiny, tinyText) = render(basemap(), width: w, height: h)
            #expect(!tiny.basemapDrawn && tiny.attribution == nil && !tinyText.contains("©"))
        }
    }

    /// The attribution reads in its own style over a line (the route, bold) drawn under it:
    /// it once took the line's bold on the letters above it ("contri**buto**rs").
    @Test func theAttributionKeepsItsStyleOverALine() throws {
        let width = 60, height = 20
        let vp = MapViewport(center: center, zoom: 15, width: width, height: height)
        // A route along the bottom row, across the whole map.
        let bottom = (0...width * 2).map { vp.coordinate(atDot: DotPoint(x: Double($0), y: Double(height * 4 - 2))) }
        let points = bottom.map { Trackpoint(latitude: $0.latitude, longitude: $0.longitude, elevation: nil) }
        let hike = PreparedHike(name: "along", tracks: [Track(name: "along", segments: [TrackSegment(points: points)])])
        var buffer = Buffer(width: width, height: height)
        let info = MapWidget(viewport: vp, basemap: basemap(), hike: hike, environment: env).render(area: buffer.area, into: &buffer)
        let r = try #require(info.attribution?.rect)
        let muted = Cell("x").applying(env.style(ThemeRole.muted))
        for x in r.x..<r.maxX {
            let cell = try #require(buffer[x, r.y])
            #expect(cell.style == muted.style, "cell \(x) '\(cell.symbol)': \(cell.style)")
        }
    }

    @Test func labelsNeverOverlapNorCoverTheRouteOrMarkers() {
        // A crowd of named peaks and places around the centre, and a route through them.
        var extra: [MapFeature] = []
        for i in 0..<40 {
            let dlat = Double(i % 8 - 4) * 0.0006, dlon = Double(i / 8 - 2) * 0.0012
            extra.append(TestSupport.feature(Int64(100 + i), i % 3 == 0 ? .place : .peak,
                                             [Coordinate(latitude: center.latitude + dlat, longitude: center.longitude + dlon)],
                                             name: "Name number \(i)", extra: ["ele": "\(2000 + i)"]))
        }
        let hike = TestSupport.northbound(count: 80, spacing: 10, start: Coordinate(latitude: 45.997, longitude: 7.0))
        let viewport = MapViewport(center: center, zoom: 16, width: 1, height: 1)
        var buffer = Buffer(width: 70, height: 24)
        let info = MapWidget(viewport: viewport, basemap: basemap(extra: extra), hike: hike, scrubIndex: 40, environment: env)
            .render(area: buffer.area, into: &buffer)
        #expect(info.labels.count >= 5, "some labels fit (\(info.labels.count))")
        for (i, a) in info.labels.enumerated() {
            for b in info.labels[(i + 1)...] { #expect(!a.rect.intersects(b.rect), "\(a.text) / \(b.text)") }
            for x in a.rect.x..<a.rect.maxX {
                let cell = MapWidget.CellPosition(x: x, y: a.rect.y)
                #expect(!info.routeCells.contains(cell), "\(a.text) over the route")
                #expect(cell != info.markerCell && cell != info.startCell && cell != info.finishCell)
            }
            if let attribution = info.attribution { #expect(!a.rect.intersects(attribution.rect)) }
            // What the placer reported is what the buffer shows.
            let shown = (a.rect.x..<a.rect.maxX).compactMap { buffer[$0, a.rect.y]?.symbol }.joined()
            #expect(shown == a.text)
        }
    }

    @Test func controlCharactersInNamesNeverReachTheBuffer() {
        let evil = "Pic\u{1b}[2J\u{7}\u{9b}31m\u{202e}kaep\nX"
        let peak = TestSupport.feature(50, .peak, [Coordinate(latitude: 46.0027, longitude: 7.002)], name: evil)
        let hike = TestSupport.northbound(count: 30, spacing: 20, start: center, name: evil)
        let state = HikeScreenState(hike: hike, mapWidth: 75, mapHeight: 23, basemap: basemap(extra: [peak]))
        var buffer = Buffer(width: 120, height: 40)
        let frame = HikeScreenView.render(state: state, environment: env, into: &buffer)
        #expect(frame.map.labels.contains { $0.text.hasPrefix("Pic") })
        for s in TestSupport.scalars(buffer) {
            #expect(!(s.value < 0x20 || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value)),
                    "U+\(String(s.value, radix: 16)) reached the buffer")
        }
        #expect(buffer.textDump().contains("Pic�[2J�"))
    }

    @Test func chevronsPointTheWayOfTravel() {
        // Eastbound along the parallel through the centre, then the same line westbound.
        let east = (0..<100).map { Trackpoint(latitude: 46, longitude: 6.995 + Double($0) * 0.0001) }
        for (points, arrow) in [(east, "→"), (Array(east.reversed()), "←")] {
            let hike = PreparedHike(name: "x", tracks: [Track(segments: [TrackSegment(points: points)])])
            var buffer = Buffer(width: 60, height: 10)
            MapWidget(viewport: MapViewport(center: center, zoom: 15, width: 1, height: 1), basemap: nil, hike: hike,
                      environment: env).render(area: buffer.area, into: &buffer)
            let text = buffer.textDump()
            #expect(text.filter { $0 == Character(arrow) }.count >= 2, "\(arrow) in\n\(text)")
            #expect(!text.contains(arrow == "→" ? "←" : "→"))
        }
        #expect(MapWidget.chevron(dx: 0, dy: -1).glyph == "↑", "dots grow downward")
        #expect(MapWidget.chevron(dx: 1, dy: 1).glyph == "↘")
    }

    @Test func fitShowsTheWholeHike() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        for (w, h) in [(80, 24), (40, 30), (150, 20)] {
            let vp = HikeScreenState.fittedViewport(hike, width: w, height: h)
            #expect(hike.coordinates.allSatisfy { vp.cell($0) != nil }, "all points in view at \(w)x\(h)")
            // Half a zoom level closer, some point leaves the view (the fit is tight).
            var closer = vp
            closer.zoom += 0.5
            #expect(hike.coordinates.contains { closer.cell($0) == nil })
        }
    }

    @Test func slopeColouringUsesTheSACRoles() {
        #expect(MapWidget.slopeRole(0.02) == "sac-1")
        #expect(MapWidget.slopeRole(-0.12) == "sac-3")
        #expect(MapWidget.slopeRole(0.5) == "sac-6")
        #expect(MapWidget.slopeRole(nil) == "route")
        let hike = TestSupport.northbound(count: 100, spacing: 10, start: center, elevation: { Double($0) * 3 })  // 30 %
        var buffer = Buffer(width: 40, height: 20)
        MapWidget(viewport: MapViewport(center: center, zoom: 16, width: 1, height: 1), basemap: nil, hike: hike,
                  routeGrades: hike.pointGrades(), environment: env).render(area: buffer.area, into: &buffer)
        let sac5 = env.style("sac-5").fg
        #expect(buffer.cells.contains { $0.fg == sac5 && $0.symbol.unicodeScalars.first!.value >= 0x2801 })
    }

    @Test func rendersAtAnySize() {
        let hike = TestSupport.northbound(count: 30, spacing: 20, start: center)
        for (w, h) in [(0, 0), (1, 1), (2, 2), (3, 1), (5, 2), (10, 4), (20, 6)] {
            var buffer = Buffer(width: w, height: h)
            MapWidget(viewport: MapViewport(center: center, zoom: 15, width: 1, height: 1), basemap: basemap(), hike: hike,
                      scrubIndex: 3, environment: env).render(area: buffer.area, into: &buffer)
            #expect(buffer.textLines().count == h)
        }
    }

    @Test func labelPlacerCutsToFreeSpaceAndSkipsWhenNone() {
        var placer = MapLabelPlacer(width: 20, height: 3)
        placer.block(Rect(x: 12, y: 1, width: 8, height: 1))
        placer.block(Rect(x: 0, y: 0, width: 20, height: 1))
        placer.block(Rect(x: 0, y: 2, width: 20, height: 1))
        let a = placer.place("A long name for a peak", anchorX: 3, anchorY: 1, kind: .symbol)
        #expect(a?.text == "A long…")          // columns 5-11, left of the blocked run
        #expect(a?.rect == Rect(x: 5, y: 1, width: 7, height: 1))
        #expect(placer.place("Other", anchorX: 1, anchorY: 1, kind: .symbol) == nil, "no free run of 5")
    }

    @Test func snapshotSyntheticMap() {
        let hike = TestSupport.northbound(count: 30, spacing: 10, start: Coordinate(latitude: 45.9985, longitude: 6.999))
        var buffer = Buffer(width: 60, height: 18)
        MapWidget(viewport: MapViewport(center: center, zoom: 14.0, width: 1, height: 1), basemap: basemap(), hike: hike,
                  scrubIndex: 20, environment: env).render(area: buffer.area, into: &buffer)
        Snapshot.check(buffer, named: "map-synthetic-60x18")
    }
}
