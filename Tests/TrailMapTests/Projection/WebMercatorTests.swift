import Foundation
import Testing
import TrailCore

/// Reference values computed independently with Python's math module from the formulas of
/// EPSG:3857 and the OSM wiki page "Slippy map tilenames":
///   import math; R=6378137.0
///   unit = lambda lat,lon: ((lon+180)/360, (1-math.log(math.tan(math.radians(lat))+1/math.cos(math.radians(lat)))/math.pi)/2)
///   tile = lambda lat,lon,z: tuple(int(2**z*c) for c in unit(lat,lon))
///   nw = lambda x,y,z: (math.degrees(math.atan(math.sinh(math.pi*(1-2*y/2**z)))), x/2**z*360-180)
/// The Ensagents peak (node 2188747920) is at 42.5203511 N, 1.6601654 E.
@Suite struct WebMercatorTests {
    let ensagents = Coordinate(latitude: 42.5203511, longitude: 1.6601654)

    @Test func originIsTheCentreOfTheWorldSquare() {
        let u = WebMercator.unitPoint(Coordinate(latitude: 0, longitude: 0))
        #expect(abs(u.u - 0.5) < 1e-15 && abs(u.v - 0.5) < 1e-15)
        let p = WebMercator.project(Coordinate(latitude: 0, longitude: 0))
        #expect(abs(p.x) < 1e-9 && abs(p.y) < 1e-9)
        // Tile 0/0/0's centre is (0°, 0°); at z1, (0°, 0°) is the corner shared by four tiles and
        // floors into 1/1/1.
        #expect(abs(SlippyTile(z: 0, x: 0, y: 0).center.latitude) < 1e-12)
        #expect(SlippyTile(containing: Coordinate(latitude: 0, longitude: 0), zoom: 1) == SlippyTile(z: 1, x: 1, y: 1))
    }

    @Test func projectsToEPSG3857Metres() {
        // R*radians(1.6601654) = 184808.7669606113; R*log(tan(pi/4+radians(42.5203511)/2)) = 5239247.041135404
        let p = WebMercator.project(ensagents)
        #expect(abs(p.x - 184_808.7669606113) < 1e-6)
        #expect(abs(p.y - 5_239_247.041135404) < 1e-6)
        let back = WebMercator.coordinate(p)
        #expect(abs(back.latitude - ensagents.latitude) < 1e-12 && abs(back.longitude - ensagents.longitude) < 1e-12)
        // The world square's edge: x(180°) = πR = 20037508.342789244.
        #expect(abs(WebMercator.project(Coordinate(latitude: 0, longitude: 180)).x - 20_037_508.342789244) < 1e-6)
        #expect(abs(WebMercator.maxLatitude - 85.0511287798066) < 1e-12)
    }

    @Test func unitPointRoundTrips() {
        // unit(42.5203511, 1.6601654) = (0.5046115705555556, 0.3692640084908357)
        let u = WebMercator.unitPoint(ensagents)
        #expect(abs(u.u - 0.5046115705555556) < 1e-15)
        #expect(abs(u.v - 0.3692640084908357) < 1e-15)
        let back = WebMercator.coordinate(u)
        #expect(abs(back.latitude - ensagents.latitude) < 1e-12)
        #expect(abs(back.longitude - ensagents.longitude) < 1e-12)
    }

    @Test func clampsLatitudesBeyondTheSquare() {
        let north = WebMercator.unitPoint(Coordinate(latitude: 90, longitude: 0))
        #expect(north.v == 0 || abs(north.v) < 1e-12)
        #expect(SlippyTile(containing: Coordinate(latitude: -90, longitude: 180), zoom: 3) == SlippyTile(z: 3, x: 7, y: 7))
    }

    @Test func groundResolution() {
        // 2*pi*R/256 = 156543.03392804097 m/px at the equator, z0;
        // 2*pi*R*cos(radians(42.6))/256/2**16 = 1.758283558400218 m/px at z16 in Andorra.
        #expect(abs(WebMercator.groundResolution(latitude: 0, zoom: 0) - 156_543.03392804097) < 1e-6)
        #expect(abs(WebMercator.groundResolution(latitude: 42.6, zoom: 16) - 1.758283558400218) < 1e-9)
        #expect(abs(WebMercator.zoom(forMetresPerPixel: 1.758283558400218, latitude: 42.6) - 16) < 1e-9)
    }

    @Test func viewBoundsAtStreetZoom() {
        // 400 x 240 px around Ensagents at z16: nw(u*n-200/256, v*n-120/256, 16) =
        // (42.5222488838094, 1.6558738655761829), se = (42.51845325854766, 1.6644569344238391)
        let b = WebMercator.viewBounds(center: ensagents, zoom: 16, widthPixels: 400, heightPixels: 240)
        #expect(abs(b.maxLatitude - 42.5222488838094) < 1e-9)
        #expect(abs(b.minLongitude - 1.6558738655761829) < 1e-9)
        #expect(abs(b.minLatitude - 42.51845325854766) < 1e-9)
        #expect(abs(b.maxLongitude - 1.6644569344238391) < 1e-9)
    }
}

@Suite struct SlippyTileTests {
    @Test func tileForCoordinate() {
        // tile(42.5203511, 1.6601654, 14) = (8267, 6050); at 16: (33070, 24200)
        let c = Coordinate(latitude: 42.5203511, longitude: 1.6601654)
        #expect(SlippyTile(containing: c, zoom: 14) == SlippyTile(z: 14, x: 8267, y: 6050))
        #expect(SlippyTile(containing: c, zoom: 16) == SlippyTile(z: 16, x: 33070, y: 24200))
        #expect(SlippyTile(containing: c, zoom: 16).parent?.parent == SlippyTile(z: 14, x: 8267, y: 6050))
        #expect(SlippyTile(z: 14, x: 8267, y: 6050).description == "14/8267/6050")
    }

    @Test func tileBounds() {
        // nw(8267, 6050, 14) = (42.52069952914967, 1.64794921875); nw(8268, 6051, 14) = (42.50450285299051, 1.669921875)
        let b = SlippyTile(z: 14, x: 8267, y: 6050).bounds
        #expect(abs(b.maxLatitude - 42.52069952914967) < 1e-12)
        #expect(abs(b.minLongitude - 1.64794921875) < 1e-12)
        #expect(abs(b.minLatitude - 42.50450285299051) < 1e-12)
        #expect(abs(b.maxLongitude - 1.669921875) < 1e-12)
        #expect(b.contains(Coordinate(latitude: 42.5203511, longitude: 1.6601654)))
    }

    @Test func tilesCoveringABox() {
        // The sample track's box 42.6213..42.6236 N, 1.5329..1.5401 E: tile(42.6236, 1.5329, 16) =
        // (33047, 24174) and tile(42.6213, 1.5401, 16) = (33048, 24175): 2 x 2 tiles.
        let box = BoundingBox(minLatitude: 42.6213, minLongitude: 1.5329, maxLatitude: 42.6236, maxLongitude: 1.5401)
        let tiles = SlippyTile.tiles(covering: box, zoom: 16)
        #expect(tiles == [SlippyTile(z: 16, x: 33047, y: 24174), SlippyTile(z: 16, x: 33048, y: 24174),
                          SlippyTile(z: 16, x: 33047, y: 24175), SlippyTile(z: 16, x: 33048, y: 24175)])
        #expect(SlippyTile.tiles(covering: box, zoom: 0) == [SlippyTile(z: 0, x: 0, y: 0)])
        let children = SlippyTile(z: 15, x: 16523, y: 12087).children
        #expect(children.count == 4 && children.allSatisfy { $0.parent == SlippyTile(z: 15, x: 16523, y: 12087) })
    }
}
