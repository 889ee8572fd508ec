import Foundation
import Localization

/// How much of a line (a saved hike, a waymarked route) has been walked over all of one's
/// walks and recordings.
///
/// Method: the rule of following's coverage, ``RouteCoverage`` itself (samples every 10 m; the
/// walked length is the smaller of the samples a walk's steps — fixes at most 100 m apart —
/// passed within 25 m of and the length of those steps; DECISIONS.md 440), applied to every
/// stretch of every walk in turn, each stretch its own line (so
/// two walks, or two pauses of one, are never joined). A line in several runs (a route with
/// gaps between members) has one ``RouteCoverage`` per run; the gaps count neither as walked
/// nor as missing. Distances along are along the runs, gaps not counted (as
/// ``RouteLine/length`` in TrailMap).
///
/// Missing stretches shorter than ``minimumMissing`` (100 m: a GPS wobble off the 25 m band) are
/// not listed, but the share counts them as not walked: the share is exact, the list is a
/// guide. A missing stretch that runs to the end of a run and on from the start of the next is
/// one stretch (the gap between them is not walkable ground one could have walked).
public struct TrailCompletion: Sendable {
    /// Shortest missing stretch listed, metres.
    public static let minimumMissing = 100.0

    /// A stretch of the line, by distance along it.
    public struct Stretch: Sendable, Hashable, Codable {
        /// Metres along the line (gaps not counted).
        public var start: Double
        public var end: Double
        /// The line's points at both ends.
        public var from: Coordinate
        public var to: Coordinate
        public var length: Double { end - start }
    }

    private var coverages: [RouteCoverage]
    private var boxes: [BoundingBox]
    private let offsets: [Double]
    private let lines: [Polyline]
    /// Number of walk stretches that added walked length (one walked again over covered ground adds nothing).
    public private(set) var contributingStretches = 0

    /// - Parameter runs: the line's runs in order (one for a hike's single line; a route's runs).
    public init(runs: [[Coordinate]]) {
        lines = runs.filter { $0.count >= 2 }.map { Polyline(coordinates: $0) }
        coverages = lines.map { RouteCoverage(route: $0) }
        boxes = lines.map { BoundingBox(covering: $0.coordinates)!.expanded(byMetres: RouteCoverage.defaultRadius + 5) }
        var o: [Double] = []
        var s = 0.0
        for l in lines { o.append(s); s += l.length }
        offsets = o
    }

    /// The box the line's runs lie in, widened by the 25 m radius: walks outside it cannot count.
    public var searchBox: BoundingBox? {
        boxes.dropFirst().reduce(boxes.first) { acc, b in var a = acc!; a.extend(b); return a }
    }

    /// Adds one stretch of a walk (fixes in order, without pauses).
    public mutating func add(stretch: [Coordinate]) {
        guard let box = BoundingBox(covering: stretch) else { return }
        var any = false
        for i in coverages.indices where boxes[i].intersects(box) {
            coverages[i].breakLine()
            for c in stretch where coverages[i].add(c) > 0 { any = true }
            coverages[i].breakLine()
        }
        if any { contributingStretches += 1 }
    }

    /// Length of the line (gaps not counted), metres.
    public var length: Double { lines.reduce(0) { $0 + $1.length } }
    /// Walked length, metres.
    public var walked: Double { coverages.reduce(0) { $0 + $1.coveredLength } }
    /// Walked share, 0...1.
    public var share: Double { length > 0 ? min(1, walked / length) : 0 }

    /// The walked stretches, in order along the line (for drawing in the covered style).
    public var walkedStretches: [Stretch] {
        var out: [Stretch] = []
        for (i, c) in coverages.enumerated() {
            for r in c.coveredRanges { out.append(stretch(i, r.lowerBound, r.upperBound)) }
        }
        return out
    }

    /// The stretches not walked, at least ``minimumMissing`` long, in order along the line.
    public var missingStretches: [Stretch] {
        var raw: [Stretch] = []
        for (i, c) in coverages.enumerated() {
            var at = 0.0
            for r in c.coveredRanges + [lines[i].length...lines[i].length] {
                if r.lowerBound - at > 1e-6 {
                    let s = stretch(i, at, r.lowerBound)
                    if let last = raw.last, abs(last.end - s.start) < 1e-6 {
                        raw[raw.count - 1].end = s.end
                        raw[raw.count - 1].to = s.to
                    } else {
                        raw.append(s)
                    }
                }
                at = max(at, r.upperBound)
            }
        }
        return raw.filter { $0.length >= Self.minimumMissing }
    }

    /// Where a stretch lies by its ends' nearest places: " from A to B", " near A" when both
    /// are the same place, "" without names (names as given: the caller sanitises).
    public static func placesText(from a: String?, to b: String?) -> String {
        switch (a, b) {
        case let (a?, b?) where a == b: return " " + L("near %s", a)
        case let (a?, b?): return " " + L("from %s to %s", a, b)
        // TRANSLATORS: a stretch or a route that starts at a place ("from Coll d'Ordino"), not a file a thing came from.
        case let (a?, nil): return " " + Lc("from place", "from %s", a)
        case let (nil, b?): return " " + L("to %s", b)
        case (nil, nil): return ""
        }
    }

    private func stretch(_ run: Int, _ a: Double, _ b: Double) -> Stretch {
        Stretch(start: offsets[run] + a, end: offsets[run] + b, from: lines[run].coordinate(atDistance: a)!,
                to: lines[run].coordinate(atDistance: b)!)
    }
}
