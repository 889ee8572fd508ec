import Foundation
import TrailCore

/// The recorded walk as the screen draws it, in bounded memory: every `stride`-th committed
/// point of each stretch (plus the newest), at most ``capacity`` points. When it fills up, every
/// other kept point is dropped and `stride` doubles, so a 12-hour walk at 1 Hz holds the same
/// few thousand points as a 20-minute one (the store keeps every point; this is only for the map
/// and the profile). A point joins at the end of its stretch (a pause starts a new one).
///
/// At the map's scale a kept point every `stride` points of 10 m spacing is invisible until
/// `stride` × 10 m reaches a braille dot (≈2.4 m at zoom 16, so from 5,000 points on, lines are
/// drawn with a vertex every few dots: the shape stays).
public struct DecimatedLine: Sendable, Equatable {
    /// Most points kept (before halving).
    public let capacity: Int
    /// One point kept of every `stride` committed.
    public private(set) var stride = 1
    /// The kept points by stretch; the last point of the last stretch is always the newest
    /// committed point.
    public private(set) var stretches: [[Trackpoint]] = []
    /// Committed points seen in the current stretch (to pick every `stride`-th).
    private var seenInStretch = 0
    /// True when the newest point is kept only as the line's end (it is replaced by the next).
    private var tailIsProvisional = false

    public init(capacity: Int = 4000) {
        precondition(capacity >= 8, "a drawing line needs room for a few points")
        self.capacity = capacity
    }

    /// Points kept.
    public var count: Int { stretches.reduce(0) { $0 + $1.count } }

    /// Adds a committed point; `newStretch` when it opens a stretch (after a resume).
    public mutating func append(_ point: Trackpoint, newStretch: Bool) {
        if newStretch || stretches.isEmpty {
            stretches.append([point])
            seenInStretch = 1
            tailIsProvisional = false
        } else {
            if tailIsProvisional { stretches[stretches.count - 1].removeLast() }
            seenInStretch += 1
            stretches[stretches.count - 1].append(point)
            // Kept for good on the stride, else only as the end of the line until the next.
            tailIsProvisional = (seenInStretch - 1) % stride != 0
        }
        if count > capacity { halve() }
    }

    /// Replaces everything by `stored` (a restored recording's points, one array per stretch).
    public mutating func reset(_ stored: [[Trackpoint]]) {
        stretches = []
        stride = 1
        for s in stored where !s.isEmpty {
            for (i, p) in s.enumerated() { append(p, newStretch: i == 0) }
        }
    }

    /// Drops every other kept point (each stretch keeps its first and last) and doubles `stride`.
    private mutating func halve() {
        stride *= 2
        stretches = stretches.map { s in
            guard s.count > 2 else { return s }
            var kept = Swift.stride(from: 0, to: s.count - 1, by: 2).map { s[$0] }
            kept.append(s[s.count - 1])
            return kept
        }
        // The newest point stays as the end; whether the next replaces it no longer matters for
        // the shape.
        tailIsProvisional = true
    }

    /// The kept points as a track, the stretches joined into segments as the stored hike's
    /// (``RecordingSession/segments(of:)``: each stretch keeps its first and last point, which
    /// decide): a leg across a pause that counts is drawn like any step, one that does not is a
    /// gap (DECISIONS.md 420).
    public var track: Track {
        Track(segments: RecordingSession.segments(of: stretches).map { TrackSegment(points: $0) })
    }
}
