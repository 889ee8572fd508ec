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
    /// position; a recorded point the matcher skipped (within ``MatchOptions/minimumSpacing``
    /// of the matched point before it) is kept too, with its time, height and extras, at that
    /// matched point's position, so every recorded height and time is on the line (no summit
    /// or climb is lost; DECISIONS 470); a vertex of the ways between two of these points
    /// gets a time and height interpolated linearly by distance along the line between theirs
    /// and rounded to their precision (DECISIONS 472; nil where either has none). A collapsed
    /// section (``Section/collapsed``) is always kept as recorded (DECISIONS 471). A section
    /// kept raw gives its recorded points from first to last, so the line's length changes by
    /// the section's ``Section/lengthDifference`` give or take the two end offsets (its ends
    /// are matched points within ``MatchOptions/movedThreshold`` of their recording, except
    /// at the start or end of a matched piece, where they may be up to the candidate radius
    /// off).
    public func keptLine(recorded: [[Trackpoint]], choices: [SectionChoice]) -> [[Trackpoint]] {
        line(recorded: recorded) { i, _, _ in
            let choice = i < choices.count ? choices[i] : .matched
            return choice == .alternative && sections[i].alternative == nil ? .matched : choice
        }
    }

    /// The choices, one per section, for which ``keptLine(recorded:choices:)`` gives `kept`
    /// exactly (a stored line version made from this match), nil when none does (the version
    /// came from another match: the map or the matcher changed since).
    ///
    /// Found in one pass along the line: what a section puts on the line depends only on its
    /// own choice, and the line before it only on the choices before it, so at each reviewed
    /// section the choice whose stretch equals `kept` at that place is taken, the longest when
    /// several do (unmatched sections stay ``SectionChoice/matched``); the whole line is
    /// compared at the end. Time linear in the line's points (DECISIONS 434).
    public func choices(giving kept: [[Trackpoint]], recorded: [[Trackpoint]]) -> [SectionChoice]? {
        let target = kept.flatMap { $0 }
        var choices = [SectionChoice](repeating: .matched, count: sections.count)
        var lost = false
        let built = line(recorded: recorded) { i, offset, stretch in
            guard !lost else { return .matched }
            // Of the choices whose stretch is there, the one that accounts for most points:
            // a stretch can be empty (points matched to one place) and so "there" anywhere.
            var best: (choice: SectionChoice, points: Int)?
            for c in SectionChoice.allCases where c != .alternative || sections[i].alternative != nil {
                let (dropsLast, points) = stretch(c)
                let start = offset - (dropsLast ? 1 : 0)
                guard start >= 0, start + points.count <= target.count,
                      target[start..<start + points.count].elementsEqual(points) else { continue }
                if points.count > best?.points ?? -1 { best = (c, points.count) }
            }
            guard let best else { lost = true; return .matched }
            choices[i] = best.choice
            return best.choice
        }
        return !lost && built == kept ? choices : nil
    }

    /// What a reviewed section puts on the line for a choice: its points after the point
    /// before it, and whether its first recorded point replaces that point (a raw stretch).
    typealias Stretch = (dropsLast: Bool, points: [Trackpoint])

    /// The line per segment of `recorded`, as ``keptLine(recorded:choices:)`` describes it,
    /// with each reviewed section (its index, the points on the line before it, all segments
    /// flattened, and its stretch for any choice) taking the choice `choose` gives.
    func line(recorded: [[Trackpoint]], choose: (Int, Int, (SectionChoice) -> Stretch) -> SectionChoice) -> [[Trackpoint]] {
        let flat = recorded.flatMap { $0 }
        var out = [[Trackpoint]](repeating: [], count: recorded.count)
        var emitted = 0
        // The reviewed sections of each piece, by their first point.
        var starting: [Int: [Int: Int]] = [:]
        for (i, s) in sections.enumerated() where s.kind != .unmatched || s.collapsed {
            starting[s.piece, default: [:]][s.points.lowerBound] = i
        }
        for (pi, piece) in pieces.enumerated() where piece.segment < out.count {
            guard piece.isMatched else {
                out[piece.segment].append(contentsOf: flat[piece.points])
                emitted += piece.points.count
                continue
            }
            let anchors = piece.anchors
            guard let first = anchors.first else { continue }
            var line: [Trackpoint] = [Self.moved(flat[first.point], to: piece.coordinates[first.coordinate])]
            let here = starting[pi] ?? [:]
            /// The recorded points after anchor `j` that the matcher skipped (within
            /// ``MatchOptions/minimumSpacing`` of its point), up to the next anchor or the
            /// piece's end, at anchor `j`'s matched position with their own time and height.
            func skipped(_ j: Int) -> [Trackpoint] {
                let next = j + 1 < anchors.count ? anchors[j + 1].point : piece.points.upperBound + 1
                guard anchors[j].point + 1 < next else { return [] }
                let c = piece.coordinates[anchors[j].coordinate]
                return flat[anchors[j].point + 1..<next].map { Self.moved($0, to: c) }
            }
            /// Along the ways from anchor `k` to anchor `end`.
            func along(_ k: Int, _ end: Int) -> [Trackpoint] {
                (k..<end).flatMap { j in
                    let rest = skipped(j)
                    return rest + Self.interpolated(piece.coordinates[anchors[j].coordinate...anchors[j + 1].coordinate],
                                                    from: rest.last ?? flat[anchors[j].point], to: flat[anchors[j + 1].point])
                }
            }
            var k = 0
            while k + 1 < anchors.count {
                // A section over anchors k...end (anchors ascend by point: its last point is ahead).
                if let i = here[anchors[k].point], let end = anchors[(k + 1)...].prefix(while: { $0.point <= sections[i].points.upperBound })
                    .indices.last, anchors[end].point == sections[i].points.upperBound {
                    let s = sections[i]
                    func stretch(_ c: SectionChoice) -> Stretch {
                        switch c {
                        case .raw: return (true, Array(flat[s.points]))
                        case .alternative:
                            if let alt = s.alternative {
                                return (false, Self.interpolated(alt[...], from: flat[anchors[k].point], to: flat[anchors[end].point]))
                            }
                            return (false, along(k, end))
                        case .matched: return (false, along(k, end))
                        }
                    }
                    // A collapsed section stays as recorded whatever is chosen (not asked).
                    let (dropsLast, points) = stretch(s.collapsed ? .raw : choose(i, emitted + line.count, stretch))
                    if dropsLast { line.removeLast() }
                    line.append(contentsOf: points)
                    k = end
                    continue
                }
                line.append(contentsOf: along(k, k + 1))
                k += 1
            }
            line.append(contentsOf: skipped(anchors.count - 1))
            out[piece.segment].append(contentsOf: line)
            emitted += line.count
        }
        return out
    }

    /// `p` at coordinate `c` (time, height and extras kept).
    static func moved(_ p: Trackpoint, to c: Coordinate) -> Trackpoint {
        var q = p
        q.latitude = c.latitude
        q.longitude = c.longitude
        return q
    }

    /// The points of `line` after its first (`b` at its only point when it has one), the last
    /// one `b` moved there, the others with
    /// time and height interpolated between `a`'s and `b`'s by distance along `line`, rounded
    /// to the precision of `a` and `b` (DECISIONS 472): a time to the finest of their
    /// fractional-second digits (whole seconds when both are whole, at most milliseconds), a
    /// height to the finest of their decimals but never finer than 0.1 m. Both lie on that
    /// grid, so the rounded values stay between theirs and in order (rounding is monotone).
    static func interpolated(_ line: ArraySlice<Coordinate>, from a: Trackpoint, to b: Trackpoint) -> [Trackpoint] {
        // `b` matched to the same place as `a`: still on the line, with its time and height.
        guard line.count >= 2 else { return line.last.map { [moved(b, to: $0)] } ?? [] }
        var along = [0.0]
        for (p, q) in zip(line.dropLast(), line.dropFirst()) { along.append(along[along.count - 1] + Geodesy.shortDistance(from: p, to: q)) }
        let total = along[along.count - 1]
        let heightStep = a.elevation.flatMap { ea in b.elevation.map { max(0.1, min(precision(of: ea), precision(of: $0))) } }
        let timeStep = a.time.flatMap { ta in
            b.time.map { min(precision(of: ta.timeIntervalSince1970), precision(of: $0.timeIntervalSince1970)) }
        }
        var out: [Trackpoint] = []
        for (i, c) in zip(along.indices, line).dropFirst() {
            if i == along.count - 1 { out.append(moved(b, to: c)); break }
            let f = total > 0 ? along[i] / total : 0
            let ele = a.elevation.flatMap { ea in b.elevation.map { rounded(ea + f * ($0 - ea), to: heightStep ?? 0.1) } }
            let time = a.time.flatMap { ta in
                b.time.map { Date(timeIntervalSince1970: rounded(ta.timeIntervalSince1970 + f * $0.timeIntervalSince(ta), to: timeStep ?? 1)) }
            }
            out.append(Trackpoint(c, elevation: ele, time: time))
        }
        return out
    }

    /// The coarsest of 1, 0.1, 0.01 and 0.001 that `value` is a whole multiple of (to a
    /// millionth of the step, or a few units in the last place of a large value such as a
    /// time in seconds since 1970: a decimal read from a file is not exact in binary), 0.001
    /// when none is.
    static func precision(of value: Double) -> Double {
        for step in [1.0, 0.1, 0.01] {
            let x = value / step
            if abs(x - x.rounded()) < max(1e-6, abs(x) * 4 * Double.ulpOfOne) { return step }
        }
        return 0.001
    }

    /// `value` to the nearest multiple of `step`.
    static func rounded(_ value: Double, to step: Double) -> Double {
        let n = (value / step).rounded()
        // Decimal steps are not exact in binary: divide by the inverse so 1234.5 stays 1234.5.
        return step < 1 ? n / (1 / step).rounded() : n * step
    }
}
