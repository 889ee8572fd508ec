import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailMap
import TrailTerrain
@testable import TrailApp

/// Issue 31: the hike is the loudest thing on the map (DECISIONS 600-604). For every shipped
/// theme and several zooms the braille map is drawn three times into a Buffer, where each
/// cell's glyph and style are known: the hike over the basemap with contours, the basemap
/// alone, and the hike's line alone. Then
/// - the hike's cells keep the glyphs of the line drawn alone (the knock-out: no basemap dot in them);
/// - its style is one no basemap cell farther than two cells from the line has, also with the
///   colours downgraded to 256, 16, 8 and no colours, and its attribute (bold) is on no such
///   cell either (so it is told apart without colour too);
/// - its cells carry at least 1.6 times the braille dots of the basemap's cells (popcount of
///   the braille masks, means over the cells);
/// - in colour it is at least twice as bright as the median of those basemap cells: relative
///   luminance (WCAG 2.x, sRGB linearised) of the foreground in true colour, taken as the
///   distance from the background's (black for the dark themes, white for `light`);
/// - no label covers one of its cells.
/// The always-running version uses the Samples extract and tile; the full one the whole
/// Andorra PBF with the SRTM tile from ../shared/data (skipped with a notice when absent).
@Suite(.serialized) struct HikeLoudestTests {
    static let themes = ["dark", "light", "high-contrast", "mono"]

    /// A map store and a terrain store, made once per test run and shared.
    struct World: @unchecked Sendable {
        var map: MapStore
        var terrain: TerrainStore
        var hike: PreparedHike
    }

    static func makeWorld(osm: String, dem: String, gpx: URL) throws -> World {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-loudest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let map = try MapStore(path: dir.appendingPathComponent("map.sqlite").path)
        try map.importOSM(path: osm, importedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let demDir = dir.appendingPathComponent("dem").path
        try FileManager.default.createDirectory(atPath: demDir, withIntermediateDirectories: true)
        _ = try TerrainImport.run([(path: dem, shown: dem)], into: demDir)
        return World(map: map, terrain: TerrainStore(directory: demDir), hike: try TestSupport.hike(at: gpx))
    }

    static let fixture: Result<World, Error> = Result {
        try makeWorld(osm: TestSupport.samples.appendingPathComponent("andorra-ordino.osm").path,
                      dem: TestSupport.samples.appendingPathComponent("N42E001.hgt.zip").path,
                      gpx: TestSupport.samples.appendingPathComponent("graphhopper-andorra_for_map_matching.gpx"))
    }

    static let andorra: Result<World, Error>? = {
        guard let data = TestSupport.sharedData else { return nil }
        let pbf = data.appendingPathComponent("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf").path
        let dem = data.appendingPathComponent("dem/N42E001.hgt.zip").path
        let gpx = data.appendingPathComponent("gpx-unlicensed/adrutas-180430_a.gpx")
        guard [pbf, dem, gpx.path].allSatisfy(FileManager.default.fileExists) else { return nil }
        return Result { try makeWorld(osm: pbf, dem: dem, gpx: gpx) }
    }()

    /// The basemap for `viewport` with the terrain's contour lines, as the hike screen loads it
    /// (the view widened by a quarter, contours at the zoom's interval and stride).
    static func basemap(_ world: World, _ viewport: MapViewport) throws -> MapBasemap {
        let (box, z) = MapBasemap.queryArea(for: viewport)
        var b = MapBasemap(features: try world.map.features(in: box, zoom: z), coverageAreas: try world.map.coverageAreas(),
                           bounds: box, zoom: z)
        if z >= MapBasemap.contourMinimumZoom,
           let grid = HeightGrid.samples(from: world.terrain, covering: box, maxSamples: 1_500_000,
                                         stride: MapBasemap.contourStride(zoom: z)) {
            b.contours = Contours.lines(grid, interval: Contours.interval(forZoom: z)).map {
                ContourLayer.Line(level: $0.level, isIndex: $0.isIndex, points: $0.points)
            }
        }
        return b
    }

    /// The view at `zoom`: the whole hike's centre out to z11, closer in a point a third of the
    /// way along (where the line crosses the view).
    static func viewport(_ hike: PreparedHike, zoom: Double, width: Int, height: Int) -> MapViewport {
        let box = BoundingBox(covering: hike.coordinates)!
        let centre = zoom <= 11 ? Coordinate(latitude: (box.minLatitude + box.maxLatitude) / 2,
                                             longitude: (box.minLongitude + box.maxLongitude) / 2)
            : hike.coordinates[hike.index(atFraction: 0.35)]
        return MapViewport(center: centre, zoom: zoom, width: width, height: height)
    }

    static func render(_ viewport: MapViewport, basemap: MapBasemap, hike: PreparedHike?, theme: String)
        -> (Buffer, MapWidget.RenderInfo) {
        var buffer = Buffer(width: viewport.width, height: viewport.height)
        var map = MapWidget(viewport: viewport, basemap: basemap, hike: hike, environment: TestSupport.environment(theme))
        map.showsContours = true
        let info = map.render(area: buffer.area, into: &buffer)
        return (buffer, info)
    }

    /// The braille mask of a cell's glyph, nil when it is not a braille pattern.
    static func mask(_ cell: Cell) -> UInt8? {
        let s = cell.symbol.unicodeScalars
        guard s.count == 1, let v = s.first?.value, v > 0x2800, v <= 0x28FF else { return nil }
        return UInt8(v - 0x2800)
    }

    /// sRGB of a colour as a true-colour terminal shows it (xterm's palette for indexed ones);
    /// nil for the terminal's default.
    static func rgb(_ c: Color) -> (Double, Double, Double)? {
        switch c {
        case .default: return nil
        case .ansi(let n), .indexed(let n):
            let v = Color.paletteValue(ofIndex: n)
            return (Double(v.r) / 255, Double(v.g) / 255, Double(v.b) / 255)
        case .rgb(let r, let g, let b): return (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        }
    }

    /// Relative luminance (WCAG 2.x: sRGB channels linearised, 0.2126 R + 0.7152 G + 0.0722 B).
    static func luminance(_ c: (Double, Double, Double)) -> Double {
        func lin(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
    }

    struct Figures {
        var routeCells = 0
        var routeDots = 0.0, basemapDots = 0.0
        var routeSalience = 0.0, basemapSalience = 0.0
        var farCells = 0
    }

    /// Checks one theme at one zoom; returns the figures for the notice.
    @discardableResult
    static func check(_ world: World, theme: String, zoom: Double, width: Int = 120, height: Int = 40,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> Figures {
        let vp = viewport(world.hike, zoom: zoom, width: width, height: height)
        let base = try basemap(world, vp)
        let (full, info) = render(vp, basemap: base, hike: world.hike, theme: theme)
        let (alone, _) = render(vp, basemap: base, hike: nil, theme: theme)
        let bare = MapBasemap(features: [], coverageAreas: base.coverageAreas, bounds: base.bounds, zoom: base.zoom)
        let (line, _) = render(vp, basemap: bare, hike: world.hike, theme: theme)
        let what = "\(theme) z\(Int(zoom))"
        var f = Figures()
        let markers = Set([info.startCell, info.finishCell, info.markerCell].compactMap { $0 })
        let route = info.routeCells.filter { !markers.contains($0) && mask(full[$0.x, $0.y]!) != nil }
        f.routeCells = route.count
        #expect(route.count >= 5, "\(what): the hike is in view", sourceLocation: sourceLocation)
        guard !route.isEmpty else { return f }
        // Glyphs kept: the line's own dots, nothing of the basemap's.
        let changed = route.filter { full[$0.x, $0.y]!.symbol != line[$0.x, $0.y]!.symbol }
        #expect(changed.isEmpty, "\(what): \(changed.count) of \(route.count) route cells show basemap dots",
                sourceLocation: sourceLocation)
        // One style for the line (plain colouring).
        let styles = Set(route.map { full[$0.x, $0.y]!.style })
        #expect(styles.count == 1, "\(what): the plain line has \(styles.count) styles", sourceLocation: sourceLocation)
        let routeStyle = full[route.first!.x, route.first!.y]!.style
        #expect(routeStyle.attributes.contains(.bold), "\(what): the line is bold", sourceLocation: sourceLocation)
        // Basemap cells far from the line (more than two cells from every line cell).
        let near = Set(info.routeCells.flatMap { c in (-2...2).flatMap { dy in (-2...2).map { dx in
            MapWidget.CellPosition(x: c.x + dx, y: c.y + dy) } } })
        var far: [Cell] = []
        for y in 0..<height { for x in 0..<width where !near.contains(.init(x: x, y: y)) {
            let c = full[x, y]!
            if c.symbol != " " && c.symbol != "\u{2800}" && !c.symbol.isEmpty { far.append(c) }
        } }
        f.farCells = far.count
        #expect(far.count >= 20, "\(what): basemap drawn around the hike (\(far.count) cells)", sourceLocation: sourceLocation)
        let same = far.filter { $0.style == routeStyle }
        #expect(same.isEmpty, "\(what): \(same.count) basemap cells in the line's style", sourceLocation: sourceLocation)
        // Also on terminals with fewer colours (the colours as the terminal downgrades them).
        for depth in [ColorDepth.indexed256, .ansi16, .ansi8, .none] {
            func key(_ c: Cell) -> String { "\(c.fg.downgraded(to: depth)) \(c.bg.downgraded(to: depth)) \(c.attributes.rawValue)" }
            let line = key(full[route.first!.x, route.first!.y]!)
            let clash = far.filter { key($0) == line }.count
            #expect(clash == 0, "\(what) at \(depth): \(clash) basemap cells look like the line", sourceLocation: sourceLocation)
        }
        let bold = far.filter { $0.attributes.contains(.bold) || $0.attributes.contains(.reverse) }
        #expect(bold.isEmpty, "\(what): \(bold.count) basemap cells bold or reverse: \(bold.prefix(5).map(\.symbol))",
                sourceLocation: sourceLocation)
        // Weight: dots per cell of the line against the basemap's braille cells (drawn alone).
        f.routeDots = Double(route.reduce(0) { $0 + Int(mask(full[$1.x, $1.y]!)!.nonzeroBitCount) }) / Double(route.count)
        let basemapMasks = alone.cells.compactMap(mask)
        f.basemapDots = Double(basemapMasks.reduce(0) { $0 + $1.nonzeroBitCount }) / Double(max(1, basemapMasks.count))
        #expect(!basemapMasks.isEmpty && f.routeDots >= 1.6 * f.basemapDots,
                "\(what): \(f.routeDots) dots per line cell, \(f.basemapDots) per basemap cell", sourceLocation: sourceLocation)
        // Brightness, in colour: against the median of the far basemap cells.
        guard theme != "mono" else { return f }
        let light = theme == "light"
        let defaultForeground = light ? (0.0, 0.0, 0.0) : (0.9, 0.9, 0.9)
        func salience(_ c: Cell) -> Double {
            let l = luminance(rgb(c.fg) ?? defaultForeground)
            return light ? 1 - l : l
        }
        f.routeSalience = salience(full[route.first!.x, route.first!.y]!)
        let sorted = far.map(salience).sorted()
        f.basemapSalience = sorted[sorted.count / 2]
        #expect(f.routeSalience >= 2 * f.basemapSalience,
                "\(what): line \(f.routeSalience) against the basemap's median \(f.basemapSalience)", sourceLocation: sourceLocation)
        // No label over the line.
        for label in info.labels {
            for x in label.rect.x..<label.rect.maxX {
                #expect(!info.routeCells.contains(.init(x: x, y: label.rect.y)), "\(what): label '\(label.text)' on the line",
                        sourceLocation: sourceLocation)
            }
        }
        return f
    }

    @Test func theHikeIsTheLoudestOnTheSampleMap() throws {
        let world = try Self.fixture.get()
        for theme in Self.themes {
            for zoom in [13.0, 15.0] {
                let f = try Self.check(world, theme: theme, zoom: zoom)
                print(String(format: "loudest sample %@ z%d: %d line cells, dots/cell %.2f vs %.2f (%.2fx), salience %.3f vs median %.3f",
                             theme, Int(zoom), f.routeCells, f.routeDots, f.basemapDots, f.routeDots / max(0.01, f.basemapDots),
                             f.routeSalience, f.basemapSalience))
            }
        }
    }

    @Test func theHikeIsTheLoudestOverAllOfAndorra() throws {
        guard let result = Self.andorra else {
            print("theHikeIsTheLoudestOverAllOfAndorra: skipped: ../shared/data (Andorra PBF, SRTM tile, adrutas GPX) not found")
            return
        }
        let world = try result.get()
        for theme in Self.themes {
            for zoom in [9.0, 11.0, 13.0, 15.0, 17.0] {
                let f = try Self.check(world, theme: theme, zoom: zoom)
                print(String(format: "loudest %@ z%d: %d line cells, dots/cell %.2f vs %.2f (%.2fx), salience %.3f vs median %.3f",
                             theme, Int(zoom), f.routeCells, f.routeDots, f.basemapDots, f.routeDots / max(0.01, f.basemapDots),
                             f.routeSalience, f.basemapSalience))
            }
        }
    }
}
