import Foundation
import TrailCore

/// What a hiker keeps of one reviewed section of a ``TrackMatch``.
public enum SectionChoice: String, Sendable, Hashable, Codable, CaseIterable {
    /// The line along the ways (the default).
    case matched
    /// The recording as it was, from the section's first recorded point to its last.
    case raw
    /// The matcher's other way (``TrackMatch/Section/alternative``), where it had one.
    case alternative
}

extension TrackMatch {
    /// The line to store as a new version of the hike: per segment of `recorded` (the points
    /// the match was made on, with their times and heights), raw pieces as recorded, matched
    /// pieces along the ways, and each section of ``sections`` as `choices` says (missing
    /// choices count as ``SectionChoice/matched``; an ``SectionChoice/alternative`` without an
    /// alternative as matched; unmatched sections stay raw whatever the choice).
    ///
    /// A matched point keeps its recorded point's time, height and extras at its matched
    /// position; a vertex of the ways between two matched points gets a time and height
    /// interpolated linearly by distance along the line between theirs (nil where either
    /// has none). Recorded points the matcher skipped (within ``MatchOptions/minimumSpacing``
    /// of the point before) are left out of matched stretches. A section kept raw gives its
    /// recorded points from first to last, so the line's length changes by the section's
    /// ``Section/lengthDifference`` give or take the two end offsets (its ends are matched
    /// points within ``MatchOptions/movedThreshold`` of their recording).
    public func keptLine(recorded: [[Trackpoint]], choices: [SectionChoice]) -> [[Trackpoint]] {
        let flat = recorded.flatMap { $0 }
        var out = [[Trackpoint]](repeating: [], count: recorded.count)
        var bySection: [Int: [(range: ClosedRange<Int>, choice: SectionChoice, alternative: [Coordinate]?)]] = [:]
        for (i, s) in sections.enumerated() where s.kind != .unmatched {
            let choice = i < choices.count ? choices[i] : .matched
            guard choice != .matched, choice == .raw || s.alternative != nil else { continue }
            bySection[s.piece, default: []].append((s.points, choice, s.alternative))
        }
        for (pi, piece) in pieces.enumerated() where piece.segment < out.count {
            guard piece.isMatched else {
                out[piece.segment].append(contentsOf: flat[piece.points])
                continue
            }
            let anchors = piece.anchors
            guard let first = anchors.first else { continue }
            var line: [Trackpoint] = [Self.moved(flat[first.point], to: piece.coordinates[first.coordinate])]
            let chosen = bySection[pi] ?? []
            var k = 0
            while k + 1 < anchors.count {
                if let s = chosen.first(where: { $0.range.lowerBound == anchors[k].point }),
                   let end = anchors.lastIndex(where: { $0.point == s.range.upperBound }), end > k {
                    let a = flat[anchors[k].point], b = flat[anchors[end].point]
                    if s.choice == .raw {
                        line.removeLast()
                        line.append(contentsOf: flat[s.range])
                    } else if let alt = s.alternative {
                        line.append(contentsOf: Self.interpolated(alt[...], from: a, to: b))
                    }
                    k = end
                    continue
                }
                let a = anchors[k], b = anchors[k + 1]
                line.append(contentsOf: Self.interpolated(piece.coordinates[a.coordinate...b.coordinate], from: flat[a.point],
                                                          to: flat[b.point]))
                k += 1
            }
            out[piece.segment].append(contentsOf: line)
        }
        return out
    }

    /// The choices, one per section, for which ``keptLine(recorded:choices:)`` gives `kept`
    /// exactly (a stored line version made from this match), nil when none does (the version
    /// came from another match: the map or the matcher changed since).
    ///
    /// Found section by section in order: the output before a section's first anchor depends
    /// only on the choices before it, so each section takes the choice whose line agrees with
    /// `kept` for the most leading points (the others still matched); the whole line is
    /// compared at the end. 2-3 lines built per reviewed section.
    public func choices(giving kept: [[Trackpoint]], recorded: [[Trackpoint]]) -> [SectionChoice]? {
        let target = kept.flatMap { $0 }
        var choices = [SectionChoice](repeating: .matched, count: sections.count)
        func agreeing(_ line: [[Trackpoint]]) -> Int {
            var n = 0
            for (a, b) in zip(line.joined(), target) {
                guard a == b else { break }
                n += 1
            }
            return n
        }
        for (i, s) in sections.enumerated() where s.kind != .unmatched {
            var best = (choice: SectionChoice.matched, agree: -1)
            for c in SectionChoice.allCases where c != .alternative || s.alternative != nil {
                choices[i] = c
                let n = agreeing(keptLine(recorded: recorded, choices: choices))
                if n > best.agree { best = (c, n) }
            }
            choices[i] = best.choice
        }
        return keptLine(recorded: recorded, choices: choices) == kept ? choices : nil
    }

    /// `p` at coordinate `c` (time, height and extras kept).
    static func moved(_ p: Trackpoint, to c: Coordinate) -> Trackpoint {
        var q = p
        q.latitude = c.latitude
        q.longitude = c.longitude
        return q
    }

    /// The points of `line` after its first, the last one `b` moved there, the others with
    /// time and height interpolated between `a`'s and `b`'s by distance along `line`.
    static func interpolated(_ line: ArraySlice<Coordinate>, from a: Trackpoint, to b: Trackpoint) -> [Trackpoint] {
        guard line.count >= 2 else { return [] }
        var along = [0.0]
        for (p, q) in zip(line.dropLast(), line.dropFirst()) { along.append(along[along.count - 1] + Geodesy.shortDistance(from: p, to: q)) }
        let total = along[along.count - 1]
        var out: [Trackpoint] = []
        for (i, c) in zip(along.indices, line).dropFirst() {
            if i == along.count - 1 { out.append(moved(b, to: c)); break }
            let f = total > 0 ? along[i] / total : 0
            let ele = a.elevation.flatMap { ea in b.elevation.map { ea + f * ($0 - ea) } }
            let time = a.time.flatMap { ta in b.time.map { ta.addingTimeInterval(f * $0.timeIntervalSince(ta)) } }
            out.append(Trackpoint(c, elevation: ele, time: time))
        }
        return out
    }
}
