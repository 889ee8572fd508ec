import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
@testable import TrailApp

/// The contour layer drawn into a braille canvas, read back as text.
@Suite struct ContourLayerTests {
    let env = TestSupport.environment()

    func render(_ layer: ContourLayer, _ viewport: MapViewport) -> (String, Int) {
        var canvas = BrailleCanvas(width: viewport.width, height: viewport.height)
        let labels = layer.draw(viewport: viewport, canvas: &canvas, environment: env)
        var buffer = Buffer(width: viewport.width, height: viewport.height)
        canvas.render(into: &buffer, at: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height))
        return (buffer.textDump(), labels)
    }

    @Test func anEastWestLineIsOneRowOfBrailleAndIndexLinesAreLabelled() {
        let viewport = MapViewport(center: Coordinate(latitude: 42.55, longitude: 1.55), zoom: 14, width: 40, height: 10)
        let b = viewport.bounds
        let westToEast = stride(from: 0.0, through: 1.0, by: 0.05).map {
            Coordinate(latitude: 42.55, longitude: b.minLongitude + (b.maxLongitude - b.minLongitude) * $0)
        }
        let (text, labels) = render(ContourLayer(lines: [ContourLayer.Line(level: 2000, isIndex: true, points: westToEast)]), viewport)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        let inked = rows.enumerated().filter { $0.element.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        #expect(inked.count == 1, "one row of braille:\n\(text)")
        #expect(labels == 1 && text.contains("2000"))
        // The row is the viewport's centre row (the line runs through the centre latitude).
        #expect(inked.first?.offset == viewport.cell(Coordinate(latitude: 42.55, longitude: 1.55))?.y)
    }

    /// An index line's height is not written where the hike's line runs (issue 31): the label
    /// goes at the middle point, so a hike line crossing there leaves the contour unlabelled,
    /// and one crossing elsewhere does not.
    @Test func indexLabelsKeepOffTheHikesLine() {
        let viewport = MapViewport(center: Coordinate(latitude: 42.55, longitude: 1.55), zoom: 14, width: 40, height: 10)
        let b = viewport.bounds
        let westToEast = stride(from: 0.0, through: 1.0, by: 0.05).map {
            Coordinate(latitude: 42.55, longitude: b.minLongitude + (b.maxLongitude - b.minLongitude) * $0)
        }
        let layer = ContourLayer(lines: [ContourLayer.Line(level: 2000, isIndex: true, points: westToEast)])
        let labelCell = viewport.cell(westToEast[westToEast.count / 2])!
        func labels(hikeColumn: Int) -> Int {
            var hike = BrailleCanvas(width: 40, height: 10)
            hike.line(from: DotPoint(x: Double(hikeColumn * 2), y: 0), to: DotPoint(x: Double(hikeColumn * 2), y: 39.9),
                      ink: Ink(Style(), priority: 20), weight: .heavy)
            var canvas = BrailleCanvas(width: 40, height: 10)
            return layer.draw(viewport: viewport, canvas: &canvas, environment: env, avoiding: hike)
        }
        #expect(labels(hikeColumn: labelCell.x + 2) == 0, "label over the hike")
        #expect(labels(hikeColumn: labelCell.x - 1) == 0, "label right beside the hike")
        #expect(labels(hikeColumn: 2) == 1)
    }

    @Test func linesOutsideTheViewAreSkippedAndOrdinaryLinesHaveNoLabel() {
        let viewport = MapViewport(center: Coordinate(latitude: 42.55, longitude: 1.55), zoom: 14, width: 30, height: 8)
        let far = (0..<10).map { Coordinate(latitude: 43.0, longitude: 1.0 + Double($0) * 0.01) }
        let b = viewport.bounds
        let ring = [Coordinate(latitude: b.minLatitude + 0.002, longitude: b.minLongitude + 0.002),
                    Coordinate(latitude: b.minLatitude + 0.002, longitude: b.maxLongitude - 0.002),
                    Coordinate(latitude: b.maxLatitude - 0.002, longitude: b.maxLongitude - 0.002),
                    Coordinate(latitude: b.maxLatitude - 0.002, longitude: b.minLongitude + 0.002),
                    Coordinate(latitude: b.minLatitude + 0.002, longitude: b.minLongitude + 0.002)]
        let (empty, _) = render(ContourLayer(lines: [ContourLayer.Line(level: 1900, isIndex: false, points: far)]), viewport)
        #expect(!empty.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        let (text, labels) = render(ContourLayer(lines: [ContourLayer.Line(level: 1900, isIndex: false, points: ring)]), viewport)
        #expect(labels == 0 && !text.contains("1900"))
        #expect(text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count > 20)
    }
}
