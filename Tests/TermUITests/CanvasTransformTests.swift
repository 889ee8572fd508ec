import Testing
@testable import TermUI

@Suite struct CanvasTransformTests {
    @Test func fittingPutsBoxEdgesOnOutermostDotCentres() {
        // World 0...10 x 0...5 on 21 x 11 dots: 2 dots per unit; with the flip, world (0, 5)
        // is the top-left dot centre (0.5, 0.5) and world (10, 0) the bottom-right (20.5, 10.5).
        let t = CanvasTransform.fitting(minX: 0, minY: 0, maxX: 10, maxY: 5, dotWidth: 21, dotHeight: 11)
        #expect(t.dot(x: 0, y: 5) == DotPoint(x: 0.5, y: 0.5))
        #expect(t.dot(x: 10, y: 0) == DotPoint(x: 20.5, y: 10.5))
        let back = t.world(DotPoint(x: 20.5, y: 10.5))
        #expect(abs(back.x - 10) < 1e-12 && abs(back.y) < 1e-12)
    }

    @Test func aspectPreservedAndDegenerateBoxes() {
        // 0...10 x 0...10 on 21 x 41 dots: scales 2 and 4, the smaller (2) for both; centred.
        let t = CanvasTransform.fitting(minX: 0, minY: 0, maxX: 10, maxY: 10, dotWidth: 21, dotHeight: 41,
                                        preserveAspect: true)
        #expect(t.scaleX == 2 && t.scaleY == 2)
        #expect(t.dot(x: 5, y: 5) == DotPoint(x: 10.5, y: 20.5))
        #expect(t.dot(x: 5, y: 10).y == 10.5)
        // A single point goes to the middle.
        let p = CanvasTransform.fitting(minX: 3, minY: 3, maxX: 3, maxY: 3, dotWidth: 8, dotHeight: 8)
        #expect(p.dot(x: 3, y: 3) == DotPoint(x: 4, y: 4))
        // Zero-size canvas: finite, no crash.
        let z = CanvasTransform.fitting(minX: 0, minY: 0, maxX: 1, maxY: 1, dotWidth: 0, dotHeight: 0)
        #expect(z.dot(x: 1, y: 1).x.isFinite)
    }

    @Test func centeredAndUnflipped() {
        let t = CanvasTransform.centered(x: 100, y: 50, dotsPerUnit: 0.5, dotWidth: 40, dotHeight: 20)
        #expect(t.dot(x: 100, y: 50) == DotPoint(x: 20, y: 10))
        #expect(t.dot(x: 102, y: 52) == DotPoint(x: 21, y: 9))   // north is up
        let u = CanvasTransform(originX: 0, originY: 0, scaleX: 2, scaleY: 3, flipY: false)
        #expect(u.dot(x: 1, y: 1) == DotPoint(x: 2, y: 3))
        #expect(u.world(DotPoint(x: 2, y: 3)) == (1, 1))
    }
}
