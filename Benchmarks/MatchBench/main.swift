// cairn-bench-match: times trail matching (TrackMatcher, issue 16) on the recorded Andorra
// tracks of the east clip and prints the figures, with the memory for a 100,000-point track.
//
// Usage: cairn-bench-match --map PATH GPX… [--runs 5] [--big 100000]
//
// Per track: the walking graph over the track's box is built once (timed on its own), then
// the match is timed --runs times (median). The reference measured in the same run is the
// floor of any matcher: finding the candidates of every point (WalkingGraph.candidates) with
// no decoding; the ratio says what the Viterbi pass and the paths between states cost on top.
// Target: < 100 ms per 1,000 points.
//
// Memory: the tracks are walked back and forth (each pass shifted by a seeded jitter of up to
// 3 m) until --big points, matched once, and the peak RSS (getrusage) printed before and
// after; the forward pass keeps at most one window (MatchOptions.window) of states.
import Foundation
import TrailCore
import TrailFormats
import TrailMap

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-bench-match: \(message)\n".utf8))
    exit(64)
}

var map = "", files: [String] = [], runs = 5, big = 100_000
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--map":
        if args.isEmpty { fail("--map needs a path") }
        map = args.removeFirst()
    case "--runs": runs = max(1, Int(args.isEmpty ? "" : args.removeFirst()) ?? 5)
    case "--big": big = max(1000, Int(args.isEmpty ? "" : args.removeFirst()) ?? big)
    default: files.append(a)
    }
}
if map.isEmpty || files.isEmpty { fail("usage: cairn-bench-match --map PATH GPX…") }

func peakRSSMegabytes() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_maxrss) / 1024   // kilobytes on Linux
}

func seconds(_ body: () -> Void) -> Double {
    let t = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

let store = try MapStore(path: map, readOnly: true)
var allSegments: [[Coordinate]] = []
var totalPoints = 0, totalMatch = 0.0, totalFloor = 0.0
print("track                       points  graph ms  match ms  ms/1000 pts  candidates ms  ratio  matched")
for file in files {
    let doc = try GPXReader.read(url: URL(fileURLWithPath: file)).document
    let segments = doc.tracks.flatMap(\.segments).map { $0.points.map(\.coordinate) }.filter { !$0.isEmpty }
    guard let box = BoundingBox(covering: segments.flatMap { $0 }) else { continue }
    allSegments += segments
    let grown = BoundingBox(minLatitude: box.minLatitude - 0.001, minLongitude: box.minLongitude - 0.0015,
                            maxLatitude: box.maxLatitude + 0.001, maxLongitude: box.maxLongitude + 0.0015)
    var graph: WalkingGraph!
    let build = seconds { graph = try! WalkingGraph.build(store: store, box: grown) }
    let matcher = TrackMatcher(graph: graph)
    var result: TrackMatch!
    let times = (0..<runs).map { _ in seconds { result = matcher.match(segments: segments) } }
    let floor = median((0..<runs).map { _ in
        seconds { for s in segments { for p in s { _ = graph.candidates(near: p, maxDistance: 30, limit: 8) } } }
    })
    let n = segments.reduce(0) { $0 + $1.count }
    let t = median(times)
    totalPoints += n
    totalMatch += t
    totalFloor += floor
    print(String(format: "%-26@ %7d  %8.1f  %8.1f  %11.1f  %13.1f  %5.1f  %5.1f %%", (file as NSString).lastPathComponent as NSString,
                 n, build * 1000, t * 1000, t * 1e6 / Double(n), floor * 1000, t / max(floor, 1e-9), result.matchedShare * 100))
}
print(String(format: "all: %d points, %.1f ms per 1,000 points (target < 100), %.1fx the candidate search alone",
             totalPoints, totalMatch * 1e6 / Double(max(1, totalPoints)), totalMatch / max(totalFloor, 1e-9)))

// Memory on a long track.
/// A fixed-seed linear congruential generator (Knuth's MMIX constants): up to ±3 m in degrees.
struct Jitter {
    var seed: UInt64 = 42
    mutating func next() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return (Double(seed >> 11) / Double(1 << 53) - 0.5) * 6 / 111_000
    }
}
var jitter = Jitter()
var long: [Coordinate] = []
long.reserveCapacity(big)
var forward = true
while long.count < big {
    let pass = allSegments.flatMap { $0 }
    let dy = jitter.next(), dx = jitter.next()
    for c in forward ? pass : pass.reversed() where long.count < big {
        long.append(Coordinate(latitude: c.latitude + dy, longitude: c.longitude + dx))
    }
    forward.toggle()
}
let before = peakRSSMegabytes()
let box = BoundingBox(covering: long)!
let graph = try WalkingGraph.build(store: store, box: BoundingBox(minLatitude: box.minLatitude - 0.001,
    minLongitude: box.minLongitude - 0.0015, maxLatitude: box.maxLatitude + 0.001, maxLongitude: box.maxLongitude + 0.0015))
let afterGraph = peakRSSMegabytes()
var longMatch: TrackMatch!
let longTime = seconds { longMatch = TrackMatcher(graph: graph).match(segments: [long]) }
let after = peakRSSMegabytes()
print(String(format: "%d-point track: %.2f s (%.1f ms per 1,000 points), matched %.1f %%, %d sections; peak RSS %.0f MB before, "
             + "%.0f MB with the graph, %.0f MB after matching (+%.0f MB for the match and its result)",
             big, longTime, longTime * 1e6 / Double(big), longMatch.matchedShare * 100, longMatch.sections.count, before,
             afterGraph, after, after - afterGraph))

// Reopening the review over a saved mixed line (DECISIONS 431): the choices it was saved with
// are found again from the stored line. Reference in the same run: building that line once
// (TrackMatch.keptLine); the ratio says how many line builds the search costs.
let recordedLong = [long.map { Trackpoint($0) }]
let reviewed = longMatch.sections.indices.filter { longMatch.sections[$0].kind != .unmatched }
var mixed = [SectionChoice](repeating: .matched, count: longMatch.sections.count)
for (n, i) in reviewed.enumerated() where n % 3 == 1 {
    mixed[i] = n % 2 == 0 && longMatch.sections[i].alternative != nil ? .alternative : .raw
}
var keptLong: [[Trackpoint]] = []
let buildTimes = (0..<3).map { _ in seconds { keptLong = longMatch.keptLine(recorded: recordedLong, choices: mixed) } }
var found: [SectionChoice]?
let findTime = seconds { found = longMatch.choices(giving: keptLong, recorded: recordedLong) }
let foundRight = found.map { longMatch.keptLine(recorded: recordedLong, choices: $0) == keptLong } ?? false
print(String(format: "review reopened on the %d-point track (%d reviewed sections, %d not matched): choices found in %.1f ms, "
             + "building the line once %.1f ms (%.1fx); found %@", big, reviewed.count, mixed.filter { $0 != .matched }.count,
             findTime * 1000, median(buildTimes) * 1000, findTime / max(median(buildTimes), 1e-9),
             (found == nil ? "NONE (not recognised)" : foundRight ? "and they give the stored line" : "WRONG") as NSString))

// What the review and `cairn match` measure on top (DECISIONS 474): the height effect of every
// section's other way. Heights 1500 m + 200 m · sin(point / 300) + a 7 m zig-zag every third
// point, so the sections have climbs to lose. Reference: building the line once (above).
let withHeights = [long.enumerated().map { i, c in
    Trackpoint(c, elevation: 1500 + 200 * sin(Double(i) / 300) + [0.0, 7, -3][i % 3])
}]
var noted = longMatch!
let heightTimes = (0..<3).map { _ in seconds { noted.noteHeightEffects(recorded: withHeights) } }
let others = noted.sections.compactMap(\.alternativeHeightEffect)
print(String(format: "height effects of the other ways on the %d-point track: %.1f ms (%.1fx one line build), %d sections "
             + "with another way, %d of them significant", big, median(heightTimes) * 1000,
             median(heightTimes) / max(median(buildTimes), 1e-9), others.count, others.filter(\.isSignificant).count))
