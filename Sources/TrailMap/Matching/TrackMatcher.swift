import Foundation
import TrailCore

/// Snaps a recorded track onto a ``WalkingGraph``: hidden-Markov-model map matching decoded
/// with Viterbi, after P. Newson and J. Krumm, "Hidden Markov Map Matching Through Noise and
/// Sparseness" (ACM SIGSPATIAL GIS 2009), as GraphHopper, OSRM and Valhalla do.
///
/// Per point the states are its ``WalkingGraph/candidates(near:maxDistance:limit:)`` (closest
/// points of the ways within ``MatchOptions/radius``); emission log-probability −½(d/σ)²;
/// transition log-probability −|route − great circle|/β, the route distance from
/// ``WalkingGraph/walkingDistances(from:to:limit:)`` (bounded, so far-fetched walks are
/// impossible). Points within ``MatchOptions/minimumSpacing`` of the last point kept are
/// skipped (they follow the chain they lie in). The chain breaks — and each side is decoded
/// on its own — at a point without candidates (it stays raw), at a step longer than
/// ``MatchOptions/maximumStep`` (a gap) and where no candidate can reach any next one (Newson
/// & Krumm's HMM break). Every ``MatchOptions/window`` kept points the chain is decoded and
/// restarted from its best last state, so memory is bounded by the window, not the track.
/// The matched line between two decoded states is the graph's shortest walk between them
/// (``WalkingGraph/shortestPath(from:to:options:)`` with every grade allowed and no climb cost).
public struct TrackMatcher: Sendable {
    public let graph: WalkingGraph
    public let options: MatchOptions

    public init(graph: WalkingGraph, options: MatchOptions = MatchOptions()) {
        self.graph = graph
        self.options = options
    }

    static let everything = RouteOptions(maxSAC: .t6, allowViaFerrata: true, climbPenalty: 0)

    /// One decoded point of a chain.
    struct Decoded {
        var point: Int
        var snap: EdgeSnap
        var ambiguous: Bool
        /// The best candidate on another way within the ambiguity margin, if any.
        var alternative: EdgeSnap?
    }

    /// One step of the forward pass.
    struct Step {
        var point: Int
        var candidates: [EdgeSnap]
        var score: [Double]
        var back: [Int]
        var ambiguous: Bool
    }

    /// Matches `segments` (the track's segments; each is matched on its own).
    public func match(segments: [[Coordinate]]) -> TrackMatch {
        var pieces: [TrackMatch.Piece] = []
        var base = 0
        for (s, points) in segments.enumerated() {
            matchSegment(points, base: base, segment: s, into: &pieces)
            base += points.count
        }
        var result = TrackMatch(pieces: pieces, sections: [], pointCount: base)
        result.sections = TrackMatchSections(options: options, match: result, segments: segments, graph: graph).sections()
        return result
    }

    private func logEmission(_ d: Double) -> Double { -0.5 * (d / options.sigma) * (d / options.sigma) }

    /// The forward pass over one segment; finished chains become matched pieces, points
    /// without candidates raw ones.
    private func matchSegment(_ points: [Coordinate], base: Int, segment: Int, into pieces: inout [TrackMatch.Piece]) {
        var chain: [Step] = []
        var rawStart: Int?
        var lastKept = -1
        func flushRaw(upTo end: Int) {
            guard let r = rawStart, end >= r else { return }
            pieces.append(TrackMatch.Piece(isMatched: false, points: base + r...base + end, coordinates: Array(points[r...end]),
                                           anchors: [], segment: segment))
            rawStart = nil
        }
        func finishChain(lastPoint: Int) {
            guard !chain.isEmpty else { return }
            pieces.append(piece(decode(chain, points: points), points: points, base: base, lastPoint: lastPoint, segment: segment))
            chain.removeAll(keepingCapacity: true)
        }
        for i in points.indices {
            let p = points[i]
            if !chain.isEmpty, i < points.count - 1, lastKept >= 0,
               Geodesy.shortDistance(from: points[lastKept], to: p) < options.minimumSpacing { continue }
            let cands = graph.candidates(near: p, maxDistance: options.radius, limit: options.maxCandidates)
            if cands.isEmpty {
                finishChain(lastPoint: i - 1)
                if rawStart == nil { rawStart = i }
                lastKept = -1
                continue
            }
            flushRaw(upTo: i - 1)
            let emission = cands.map { logEmission($0.distance) }
            if let prev = chain.last {
                let gc = Geodesy.shortDistance(from: points[prev.point], to: p)
                var score = [Double](repeating: -.infinity, count: cands.count)
                var back = [Int](repeating: -1, count: cands.count)
                if gc <= options.maximumStep {
                    let limit = gc * options.routeFactor + options.routeSlack
                    for (a, from) in prev.candidates.enumerated() where prev.score[a] > -.infinity {
                        let d = graph.walkingDistances(from: from, to: cands, limit: limit)
                        for b in cands.indices where d[b].isFinite {
                            let s = prev.score[a] - abs(d[b] - gc) / options.beta + emission[b]
                            if s > score[b] { score[b] = s; back[b] = a }
                        }
                    }
                }
                if score.allSatisfy({ $0 == -.infinity }) {
                    // A gap or an HMM break: decode what came before, start again here.
                    finishChain(lastPoint: i - 1)
                    chain.append(step(i, cands, emission, back: [Int](repeating: -1, count: cands.count)))
                } else {
                    chain.append(step(i, cands, score, back: back))
                }
            } else {
                chain.append(step(i, cands, emission, back: [Int](repeating: -1, count: cands.count)))
            }
            lastKept = i
            if chain.count >= options.window {
                // Fix the window: decode, and carry its last decoded state over as the next start.
                let decoded = decode(chain, points: points)
                let last = decoded[decoded.count - 1]
                pieces.append(piece(decoded, points: points, base: base, lastPoint: i, segment: segment))
                chain = [Step(point: i, candidates: [last.snap], score: [0], back: [-1], ambiguous: false)]
            }
        }
        finishChain(lastPoint: points.count - 1)
        flushRaw(upTo: points.count - 1)
        // A window carried over leaves a one-point piece that repeats the last point: drop the
        // repeat so pieces cover each point once.
        pieces = Self.withoutOverlaps(pieces)
    }

    private func step(_ i: Int, _ cands: [EdgeSnap], _ score: [Double], back: [Int]) -> Step {
        // Ambiguous when a candidate on another way, more than σ from the best one (not the
        // same junction seen from two ways), scores within the margin of the best.
        var ambiguous = false
        if let best = score.indices.max(by: { score[$0] < score[$1] }), score[best] > -.infinity {
            let way = graph.edges[cands[best].edge].way
            ambiguous = cands.indices.contains { k in
                k != best && score[k] > score[best] - options.ambiguityMargin && graph.edges[cands[k].edge].way != way
                    && Geodesy.shortDistance(from: cands[k].coordinate, to: cands[best].coordinate) > options.sigma
            }
        }
        return Step(point: i, candidates: cands, score: score, back: back, ambiguous: ambiguous)
    }

    /// Backtracks a chain from its best last state, then absorbs short excursions onto a
    /// neighbouring way (``absorbExcursions(_:_:points:)``).
    private func decode(_ chain: [Step], points: [Coordinate]) -> [Decoded] {
        guard let last = chain.last else { return [] }
        var k = last.score.indices.max { (last.score[$0], -$0) < (last.score[$1], -$1) } ?? 0
        var out: [Decoded] = []
        out.reserveCapacity(chain.count)
        for s in chain.indices.reversed() {
            let step = chain[s]
            out.append(Decoded(point: step.point, snap: step.candidates[k], ambiguous: step.ambiguous,
                               alternative: step.ambiguous ? runnerUp(step, chosen: k) : nil))
            k = max(0, step.back[k])
        }
        out.reverse()
        absorbExcursions(&out, chain, points: points)
        return out
    }

    /// The best-scoring candidate of `step` on another way than candidate `chosen`, more than
    /// σ from it and within the ambiguity margin of the step's best score.
    private func runnerUp(_ step: Step, chosen: Int) -> EdgeSnap? {
        guard let top = step.score.max(), top > -.infinity else { return nil }
        let way = graph.edges[step.candidates[chosen].edge].way
        let c = step.candidates[chosen].coordinate
        return step.candidates.indices.filter { j in
            j != chosen && step.score[j] > top - options.ambiguityMargin && graph.edges[step.candidates[j].edge].way != way
                && Geodesy.shortDistance(from: step.candidates[j].coordinate, to: c) > options.sigma
        }.max { step.score[$0] < step.score[$1] }.map { step.candidates[$0] }
    }

    /// Moves onto way W every run of decoded points that lies on other ways while the points
    /// on both sides of it lie on W (a point snapping to a neighbouring way and back), when
    /// the run is one point or its recorded points span less than ``MatchOptions/absorbLength``
    /// metres, and each of its points has a candidate on W (the nearest such is taken).
    func absorbExcursions(_ decoded: inout [Decoded], _ chain: [Step], points: [Coordinate]) {
        guard options.absorbLength > 0, decoded.count >= 3 else { return }
        func way(_ d: Decoded) -> MapFeatureID { graph.edges[d.snap.edge].way }
        var i = 1
        while i < decoded.count - 1 {
            let w = way(decoded[i - 1])
            guard way(decoded[i]) != w else { i += 1; continue }
            var j = i
            while j + 1 < decoded.count - 1 && way(decoded[j + 1]) != w { j += 1 }
            guard way(decoded[j + 1]) == w else { i = j + 1; continue }
            var span = 0.0
            for p in decoded[i].point..<decoded[j].point { span += Geodesy.shortDistance(from: points[p], to: points[p + 1]) }
            let onW = (i...j).map { k in
                chain[k].candidates.filter { graph.edges[$0.edge].way == w }.min { $0.distance < $1.distance }
            }
            if i == j || span < options.absorbLength, onW.allSatisfy({ $0 != nil }) {
                for (k, snap) in zip(i...j, onW) { decoded[k].snap = snap! }
            }
            i = j + 1
        }
    }

    /// The matched piece of a decoded chain, covering its points up to `lastPoint`.
    private func piece(_ decoded: [Decoded], points: [Coordinate], base: Int, lastPoint: Int, segment: Int) -> TrackMatch.Piece {
        var coords: [Coordinate] = [decoded[0].snap.coordinate]
        var anchors: [(point: Int, coordinate: Int)] = [(base + decoded[0].point, 0)]
        for k in decoded.indices.dropFirst() {
            let a = decoded[k - 1].snap, b = decoded[k].snap
            if let path = graph.shortestPath(from: a, to: b, options: Self.everything) {
                for c in path.coordinates.dropFirst() where coords.last != c { coords.append(c) }
            } else if coords.last != b.coordinate {
                coords.append(b.coordinate)
            }
            anchors.append((base + decoded[k].point, coords.count - 1))
        }
        var piece = TrackMatch.Piece(isMatched: true, points: base + decoded[0].point...base + max(decoded[0].point, lastPoint),
                                     coordinates: coords, anchors: anchors, segment: segment)
        piece.ambiguous = decoded.map(\.ambiguous)
        piece.snaps = decoded.map(\.snap)
        piece.alternatives = decoded.map(\.alternative)
        return piece
    }

    /// Pieces trimmed so none starts before the previous one ends (a window's carried-over
    /// start repeats the point that ended the window before).
    static func withoutOverlaps(_ pieces: [TrackMatch.Piece]) -> [TrackMatch.Piece] {
        var out: [TrackMatch.Piece] = []
        for var p in pieces {
            if let last = out.last, last.segment == p.segment, p.points.lowerBound <= last.points.upperBound {
                guard p.points.upperBound > last.points.upperBound else { continue }
                p.points = last.points.upperBound + 1...p.points.upperBound
                let keep = p.anchors.indices.filter { p.anchors[$0].point >= p.points.lowerBound }
                p.ambiguous = keep.map { p.ambiguous[$0] }
                p.snaps = keep.map { p.snaps[$0] }
                p.alternatives = keep.map { p.alternatives[$0] }
                p.anchors = keep.map { p.anchors[$0] }
            }
            out.append(p)
        }
        return out
    }
}
