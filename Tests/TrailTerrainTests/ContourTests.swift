import CairnTestSupport
import Foundation
import Testing
import TrailCore
@testable import TrailTerrain

/// Marching squares on grids whose contour lines are known by hand.
@Suite struct ContourTests {
    let spacing = 1.0 / 1200

    @Test func aPlaneGivesStraightLinesAtTheRightRows() throws {
        // h = 1000 + 10·row (falls to the north): level L crosses at row (L − 1000) / 10, a
        // straight east-west line over all columns.
        let grid = HeightGrid(rows: 50, columns: 30, north: 42.6, west: 1.5, spacing: spacing) { r, _ in 1000 + 10 * Double(r) }
        let lines = Contours.lines(grid, interval: 50)
        // 1000 m is the grid's lowest row: every sample is ≥ it, so nothing crosses it.
        #expect(lines.map(\.level) == [1050, 1100, 1150, 1200, 1250, 1300, 1350, 1400, 1450])
        #expect(lines.filter(\.isIndex).map(\.level) == [1250])
        for l in lines {
            let lat = 42.6 - (l.level - 1000) / 10 * spacing
            #expect(l.points.count == 30, "\(l.level): one point per column")
            #expect(!l.isClosed)
            for p in l.points { #expect(abs(p.latitude - lat) < 1e-12) }
            let lons = l.points.map(\.longitude).sorted()
            #expect(abs(lons.first! - 1.5) < 1e-12 && abs(lons.last! - (1.5 + 29 * spacing)) < 1e-12)
        }
        // A level between samples: 1005 at row 0.5.
        let mid = Contours.polylines(grid, level: 1005)
        #expect(mid.count == 1 && mid[0].allSatisfy { abs($0.latitude - (42.6 - 0.5 * spacing)) < 1e-12 })
    }

    @Test func aConeGivesOneClosedCircleAtEachLevel() throws {
        // h = 3000 − 20·d with d the distance in samples from (50, 50): level L is the circle of
        // radius (3000 − L) / 20 samples. Crossings interpolate linearly along cell edges, where
        // the cone is not linear: at radius ≥ 5 samples that moves a point by < 0.1 sample.
        let grid = HeightGrid(rows: 101, columns: 101, north: 42.6, west: 1.5, spacing: spacing) { r, c in
            3000 - 20 * (Double((r - 50) * (r - 50) + (c - 50) * (c - 50))).squareRoot()
        }
        let lines = Contours.lines(grid, interval: 100)
        // The grid's corners are 70.7 samples out (1586 m): levels from 1600 m to the summit.
        #expect(Set(lines.map(\.level)) == Set(stride(from: 1600.0, through: 3000, by: 100)))
        // Radius ≤ 45 samples: the whole circle lies inside the grid.
        for level in stride(from: 2100.0, through: 2800, by: 100) { #expect(lines.filter { $0.level == level }.count == 1) }
        for l in lines where l.level > 2000 && l.level < 2900 {
            #expect(l.isClosed, "\(l.level)")
            let radius = (3000 - l.level) / 20
            for p in l.points {
                let r = (42.6 - p.latitude) / spacing - 50, c = (p.longitude - 1.5) / spacing - 50
                #expect(abs((r * r + c * c).squareRoot() - radius) < 0.1, "\(l.level)")
            }
            // A closed polygon around the summit: its area is close to π·radius².
            var area = 0.0
            for (a, b) in zip(l.points, l.points.dropFirst()) { area += a.longitude * b.latitude - b.longitude * a.latitude }
            let samplesArea = abs(area) / 2 / (spacing * spacing)
            #expect(abs(samplesArea - .pi * radius * radius) / (.pi * radius * radius) < 0.03, "\(l.level): \(samplesArea)")
        }
        #expect(Contours.labels(lines).map(\.text).contains("2500"))
    }

    @Test func noLineCrossesMissingData() throws {
        // The plane again with a NaN column 10: lines stop at it and go on beyond.
        let grid = HeightGrid(rows: 20, columns: 21, north: 42.6, west: 1.5, spacing: spacing) { r, c in
            c == 10 ? .nan : 1000 + 10 * Double(r)
        }
        let lines = Contours.polylines(grid, level: 1055)
        #expect(lines.count == 2)
        for l in lines { #expect(l.count == 10) }
        #expect(Contours.interval(forZoom: 16) == 20 && Contours.interval(forZoom: 13) == 100 && Contours.interval(forZoom: 11) == 200)
        #expect(Contours.interval(forZoom: 10) == 500 && Contours.interval(forZoom: 9) == 1000 && Contours.interval(forZoom: 8) == 1000)
    }

    /// A strided grid reads every k-th SRTM sample on the whole-degree grid: its values are the
    /// full grid's at the same positions (DECISIONS 414).
    @Test func aStridedGridHoldsEveryKthSample() throws {
        let store = try TerrainFixtures.sampleStore()
        let box = BoundingBox(minLatitude: 42.55, minLongitude: 1.41, maxLatitude: 42.61, maxLongitude: 1.49)
        let full = try #require(HeightGrid.samples(from: store, covering: box))
        let coarse = try #require(HeightGrid.samples(from: store, covering: box, stride: 4))
        #expect(abs(coarse.spacing - 4.0 / 1200) < 1e-12)
        #expect(abs((coarse.north * 1200 / 4).rounded() - coarse.north * 1200 / 4) < 1e-6)
        #expect(coarse.north >= box.maxLatitude && coarse.west <= box.minLongitude)
        var compared = 0
        for r in 0..<coarse.rows {
            for c in 0..<coarse.columns {
                let p = coarse.coordinate(row: Double(r), column: Double(c))
                let fr = ((full.north - p.latitude) / full.spacing).rounded(), fc = ((p.longitude - full.west) / full.spacing).rounded()
                guard fr >= 0, fc >= 0, Int(fr) < full.rows, Int(fc) < full.columns else { continue }
                let a = coarse.value(r, c), b = full.value(Int(fr), Int(fc))
                #expect(a == b || (a.isNaN && b.isNaN))
                compared += 1
            }
        }
        #expect(compared > coarse.rows * coarse.columns / 2)
    }

    @Test func theAndorraTileGivesContoursAroundTheTerrain() throws {
        let store = try TerrainFixtures.sampleStore()
        let box = BoundingBox(minLatitude: 42.58, minLongitude: 1.43, maxLatitude: 42.60, maxLongitude: 1.46)
        let grid = try #require(HeightGrid.samples(from: store, covering: box))
        let lines = Contours.lines(grid, interval: 100)
        #expect(!lines.isEmpty)
        // Every point of a line at level L lies where the terrain is within a cell's rise of L.
        for l in lines.prefix(20) {
            for p in l.points.prefix(10) {
                let h = try #require(store.height(at: p).metres)
                #expect(abs(h - l.level) < 60, "\(l.level): \(h)")
            }
        }
    }
}
