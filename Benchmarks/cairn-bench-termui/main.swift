// cairn-bench-termui: how long TermUI takes to draw a map-sized braille frame.
//
//   swift build -c release --product cairn-bench-termui && .build/release/cairn-bench-termui [SEED]
//
// For each workload: clear a 200x60-cell canvas, draw 5,000 line segments, render into a
// 200x60 Buffer; repeat, and print the median and 99th percentile per frame (and the render
// step alone). Segments come from a seeded generator (default seed 42) so runs compare.
import Foundation
import TermUI

/// SplitMix64 (Steele, Lea, Flood 2014): a small, seedable generator.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let cellsW = 200, cellsH = 60, segmentCount = 5_000
let dotW = Double(cellsW * 2), dotH = Double(cellsH * 4)

/// Map-like: polylines of short steps (1-8 dots), as basemap ways at a hiking zoom.
func mapLike(_ rng: inout SplitMix64) -> [(DotPoint, DotPoint)] {
    var out: [(DotPoint, DotPoint)] = []
    var p = DotPoint(x: .random(in: 0..<dotW, using: &rng), y: .random(in: 0..<dotH, using: &rng))
    while out.count < segmentCount {
        if out.count % 50 == 0 { p = DotPoint(x: .random(in: 0..<dotW, using: &rng), y: .random(in: 0..<dotH, using: &rng)) }
        let q = DotPoint(x: p.x + .random(in: -8...8, using: &rng), y: p.y + .random(in: -8...8, using: &rng))
        out.append((p, q))
        p = q
    }
    return out
}

/// Worst case: both ends anywhere on the canvas (mean length about 1/3 of the diagonal).
func longRandom(_ rng: inout SplitMix64) -> [(DotPoint, DotPoint)] {
    (0..<segmentCount).map { _ in
        (DotPoint(x: .random(in: 0..<dotW, using: &rng), y: .random(in: 0..<dotH, using: &rng)),
         DotPoint(x: .random(in: 0..<dotW, using: &rng), y: .random(in: 0..<dotH, using: &rng)))
    }
}

/// Zoomed far in: segments thousands of canvases long, most missing the canvas entirely.
func offScreen(_ rng: inout SplitMix64) -> [(DotPoint, DotPoint)] {
    (0..<segmentCount).map { _ in
        (DotPoint(x: .random(in: -1e7...1e7, using: &rng), y: .random(in: -1e7...1e7, using: &rng)),
         DotPoint(x: .random(in: -1e7...1e7, using: &rng), y: .random(in: -1e7...1e7, using: &rng)))
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func ms(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

let seed = CommandLine.arguments.count > 1 ? UInt64(CommandLine.arguments[1]) ?? 42 : 42
var rng = SplitMix64(state: seed)
let workloads = [("map-like (1-8 dot steps)", mapLike(&rng)), ("long random", longRandom(&rng)),
                 ("far off-screen", offScreen(&rng))]
let clock = ContinuousClock()
let inks = [Ink(color: .rgb(215, 135, 95), priority: 1), Ink(color: .rgb(95, 135, 215), priority: 2),
            Ink(color: .rgb(255, 95, 175), priority: 10)]
print("cairn-bench-termui: \(segmentCount) segments on a \(cellsW)x\(cellsH)-cell canvas, render into a \(cellsW)x\(cellsH) Buffer; seed \(seed)")
for (name, segments) in workloads {
    var canvas = BrailleCanvas(width: cellsW, height: cellsH)
    var buffer = Buffer(width: cellsW, height: cellsH)
    var frame: [Double] = [], render: [Double] = []
    var checksum = 0
    for i in 0..<300 {
        let t0 = clock.now
        canvas.clear()
        for (k, s) in segments.enumerated() { canvas.line(from: s.0, to: s.1, ink: inks[k % 3]) }
        let t1 = clock.now
        buffer.clear()
        canvas.render(into: &buffer, at: buffer.area)
        let t2 = clock.now
        checksum &+= buffer.cells.count { $0.symbol != " " }
        if i >= 20 { frame.append(ms(t2 - t0)); render.append(ms(t2 - t1)) }  // first 20 are warm-up
    }
    frame.sort(); render.sort()
    print(String(format: "  %-26@ frame median %.3f ms  p99 %.3f ms | render alone median %.3f ms | non-blank cells %d",
                 name as NSString, percentile(frame, 0.5), percentile(frame, 0.99), percentile(render, 0.5), checksum / 300))
}
