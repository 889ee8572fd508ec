import Foundation
import TrailCore

/// A uniform latitude/longitude grid over the segments of a walking graph, to find the edge
/// segments near a point without looking at all of them.
///
/// Cells are about 250 m on a side (0.00225° of latitude, and the longitude span that
/// matches it at the graph's middle latitude), grown when the area would need more than
/// 4 million cells. Each segment is listed in every cell its bounding box touches; the cell
/// lists are kept in compressed rows (one offsets array, one segment array).
struct SegmentGrid: Sendable {
    let minLatitude: Double
    let minLongitude: Double
    let cellLatitude: Double
    let cellLongitude: Double
    let columns: Int
    let rows: Int
    /// `segments[cellStart[c]..<cellStart[c + 1]]` are the segments of cell c; a segment is
    /// the index of its first vertex in the graph's vertex array (the next vertex ends it).
    let cellStart: [Int32]
    let segments: [Int32]
    /// The edge each vertex belongs to (for segments, their first vertex).
    let vertexEdge: [Int32]

    init(edges: [WalkingGraph.Edge], vertices: [Coordinate]) {
        var vertexEdge = [Int32](repeating: -1, count: vertices.count)
        for (i, e) in edges.enumerated() {
            let s = Int(e.firstVertex)
            for v in s..<s + Int(e.vertexCount) { vertexEdge[v] = Int32(i) }
        }
        self.vertexEdge = vertexEdge
        let box = BoundingBox(covering: vertices) ?? BoundingBox(Coordinate(latitude: 0, longitude: 0))
        var cellLat = 0.00225
        var cellLon = cellLat / max(0.01, cos(box.center.latitude * .pi / 180))
        while ((box.maxLatitude - box.minLatitude) / cellLat + 1) * ((box.maxLongitude - box.minLongitude) / cellLon + 1) > 4e6 {
            cellLat *= 2
            cellLon *= 2
        }
        let columns = Int((box.maxLongitude - box.minLongitude) / cellLon) + 1
        let rows = Int((box.maxLatitude - box.minLatitude) / cellLat) + 1
        minLatitude = box.minLatitude
        minLongitude = box.minLongitude
        cellLatitude = cellLat
        cellLongitude = cellLon
        self.columns = columns
        self.rows = rows

        // Count, then fill.
        var count = [Int32](repeating: 0, count: columns * rows + 1)
        func cells(_ v: Int, _ body: (Int) -> Void) {
            let a = vertices[v], b = vertices[v + 1]
            func column(_ lon: Double) -> Int { min(columns - 1, max(0, Int((lon - box.minLongitude) / cellLon))) }
            func row(_ lat: Double) -> Int { min(rows - 1, max(0, Int((lat - box.minLatitude) / cellLat))) }
            let c0 = column(min(a.longitude, b.longitude)), c1 = column(max(a.longitude, b.longitude))
            let r0 = row(min(a.latitude, b.latitude)), r1 = row(max(a.latitude, b.latitude))
            for r in r0...r1 { for c in c0...c1 { body(r * columns + c) } }
        }
        for e in edges {
            let s = Int(e.firstVertex)
            for v in s..<s + Int(e.vertexCount) - 1 { cells(v) { count[$0] += 1 } }
        }
        var start = [Int32](repeating: 0, count: columns * rows + 1)
        for i in 0..<columns * rows { start[i + 1] = start[i] + count[i] }
        var fill = start
        var segments = [Int32](repeating: 0, count: Int(start[columns * rows]))
        for e in edges {
            let s = Int(e.firstVertex)
            for v in s..<s + Int(e.vertexCount) - 1 {
                cells(v) { cell in
                    segments[Int(fill[cell])] = Int32(v)
                    fill[cell] += 1
                }
            }
        }
        cellStart = start
        self.segments = segments
    }

    @inline(__always) func column(_ longitude: Double) -> Int {
        min(columns - 1, max(0, Int((longitude - minLongitude) / cellLongitude)))
    }

    @inline(__always) func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int((latitude - minLatitude) / cellLatitude)))
    }

    /// Calls `body` with the first vertex of every segment listed in a cell that meets
    /// `box` (a segment may come more than once).
    func forEachSegment(in box: BoundingBox, _ body: (Int) -> Void) {
        guard !segments.isEmpty,
              box.maxLatitude >= minLatitude, box.minLatitude <= minLatitude + Double(rows) * cellLatitude,
              box.maxLongitude >= minLongitude, box.minLongitude <= minLongitude + Double(columns) * cellLongitude
        else { return }
        for r in row(box.minLatitude)...row(box.maxLatitude) {
            for c in column(box.minLongitude)...column(box.maxLongitude) {
                let cell = r * columns + c
                for i in Int(cellStart[cell])..<Int(cellStart[cell + 1]) { body(Int(segments[i])) }
            }
        }
    }
}
