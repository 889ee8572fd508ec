import Localization
import Foundation
import TrailCore

/// The plausibility warnings of a read file together with the statistics they were derived
/// from, so a caller that prints both (`cairn stats`) computes the statistics once.
public struct GPXPlausibility: Sendable {
    /// ``GPXReadResult/plausibilityWarnings(rule:limits:)``.
    public var warnings: [GPXWarning]
    /// For each track of the document, in order: its statistics (``StatisticsCalculator``
    /// with the stray fix rule given, the other thresholds standard; stray fixes left out).
    public var trackStatistics: [TrackStatistics]
    /// For each track, the statistics of each of its segments (``trackStatistics`` merged them).
    public var segmentStatistics: [[TrackStatistics]]
}

extension GPXReadResult {
    /// Warnings, once per file, about numbers that cannot be a real walk: stray fixes
    /// (``StrayFixRule``; count and first line, left out of statistics), trackpoints dated
    /// before the GPS era (count and first line), point times that run backwards by more than
    /// the configuration's `timeBreak` (24 h) between consecutive timed points of a segment
    /// (count, first line, both times; elapsed time then sums the stretches between such
    /// breaks, see ``StatisticsCalculator``), and tracks faster than
    /// ``PlausibilityLimits/maximumAverageSpeed`` on average, and tracks without a line (one
    /// trackpoint, or all at one place). Nothing is changed: the file is
    /// imported as it is and these say what the numbers will not show. The same as
    /// ``plausibility(rule:limits:)``'s warnings (which also returns the statistics).
    public func plausibilityWarnings(rule: StrayFixRule = .standard, limits: PlausibilityLimits = .standard) -> [GPXWarning] {
        plausibility(rule: rule, limits: limits).warnings
    }

    /// The plausibility warnings (see ``plausibilityWarnings(rule:limits:)``) and the
    /// statistics of every track, from one statistics pass per segment: the stray fixes the
    /// warnings count are the ones the statistics left out (one detection), and the speed
    /// warning reads the track's own average speed.
    public func plausibility(rule: StrayFixRule = .standard, limits: PlausibilityLimits = .standard) -> GPXPlausibility {
        var out: [GPXWarning] = []
        let tracks = document.tracks
        func line(_ track: Int, _ point: Int) -> Int {
            track < trackpointLines.count && point < trackpointLines[track].count ? Int(trackpointLines[track][point]) : 0
        }
        let calculator = StatisticsCalculator(configuration: StatisticsConfiguration(strayFixRule: rule))
        var trackStatistics: [TrackStatistics] = [], segmentStatistics: [[TrackStatistics]] = []
        trackStatistics.reserveCapacity(tracks.count)
        segmentStatistics.reserveCapacity(tracks.count)
        // Where a point is, in words: "line 12", or for a file without lines (FIT, GeoJSON)
        // "point 5 of track 1" (1-based).
        func place(_ track: Int, _ point: Int) -> (line: Int, words: String) {
            let l = line(track, point)
            return (l, l > 0 ? L("line %d", l) : L("point %d of track %d", point + 1, track + 1))
        }
        var positions = 0, elevations = 0, firstStray: (line: Int, words: String)?
        var early = 0, firstEarly: (line: Int, words: String, time: Date)?
        var backwards = 0, firstBackwards: (line: Int, words: String, from: Date, to: Date)?
        let breakSeconds = calculator.configuration.timeBreak
        let earliest = limits.earliestTime.timeIntervalSinceReferenceDate
        for (t, track) in tracks.enumerated() {
            let (segments, strays) = calculator.segmentStatisticsAndStrayFixes(for: track)
            segmentStatistics.append(segments)
            trackStatistics.append(calculator.merged(segments))
            positions += strays.positions.count
            elevations += strays.elevations.count
            if firstStray == nil, let i = strays.first { firstStray = place(t, i) }
            var i = 0
            for segment in track.segments {
                var previous: Date?
                for p in segment.points {
                    if let time = p.time, time.timeIntervalSinceReferenceDate < earliest {
                        early += 1
                        if firstEarly == nil { let w = place(t, i); firstEarly = (w.line, w.words, time) }
                    }
                    if let time = p.time {
                        if let previous, previous.timeIntervalSince(time) > breakSeconds {
                            backwards += 1
                            if firstBackwards == nil { let w = place(t, i); firstBackwards = (w.line, w.words, previous, time) }
                        }
                        previous = time
                    }
                    i += 1
                }
            }
        }
        if let firstStray {
            var parts: [String] = []
            if positions > 0 { parts.append(Ln("%d stray position", "%d stray positions", positions, positions)) }
            if elevations > 0 { parts.append(Ln("%d elevation spike", "%d elevation spikes", elevations, elevations)) }
            out.append(GPXWarning(line: firstStray.line, message: parts.joined(separator: L(" and ")) + " "
                + L("(a position at 0°N 0°E, a jump faster than %s, or one to %d heights more than %d m off the points around them, or %d m at more than %d m/s) left out of statistics, the map and the profile, first at %s; kept in the file",
                    Self.kmh(rule.maximumSpeed), StrayFixRule.maximumSpikeRun, Int(rule.maximumElevationJump),
                    Int(rule.maximumTimedElevationJump), Int(rule.maximumVerticalSpeed), firstStray.words)))
        }
        if let firstEarly {
            let date = ISO8601Timestamp.format(firstEarly.time)
            out.append(GPXWarning(line: firstEarly.line, message: Ln(
                "%d trackpoint dated before the GPS era (6 January 1980), first %s at %s: the receiver's clock was not set; the times are kept as they are",
                "%d trackpoints dated before the GPS era (6 January 1980), first %s at %s: the receiver's clock was not set; the times are kept as they are",
                early, early, date, firstEarly.words)))
        }
        if let b = firstBackwards {
            let days = Int((b.from.timeIntervalSince(b.to) / 86_400).rounded(.down))
            let howOften = backwards == 1 ? L("once") : Ln("%d time", "%d times", backwards, backwards)
            let back = Ln("%d day back", "%d days back", days, days)
            out.append(GPXWarning(line: b.line, message: L(
                "point times run backwards by more than a day %s, first at %s (%s → %s, %s): recordings spliced together or a clock reset? Elapsed time adds up each stretch between jumps of more than a day, backwards or forwards, and leaves the jumps out; the times are kept as they are",
                howOften, b.words, ISO8601Timestamp.format(b.from), ISO8601Timestamp.format(b.to), back)))
        }
        // A track with a single trackpoint, or whose points all lie at one place, has no line:
        // imported, but said, so "0 m" is not taken for a reading error (issue 34).
        for (t, track) in tracks.enumerated() where trackStatistics[t].pointCount > 0 && trackStatistics[t].distance == 0 {
            let n = trackStatistics[t].pointCount
            let name = track.name.map { " \"\($0)\"" } ?? ""
            out.append(GPXWarning(line: line(t, 0), message: n == 1
                ? L("track %d%s has a single trackpoint: no distance and no line to draw; imported as it is", t + 1, name)
                : L("track %d%s has its %d trackpoints all at one place: no distance and no line to draw; imported as it is",
                    t + 1, name, n)))
        }
        for (t, track) in tracks.enumerated() {
            let s = trackStatistics[t]
            guard let speed = s.averageSpeed, speed > limits.maximumAverageSpeed, let elapsed = s.elapsedTime else { continue }
            let name = track.name.map { " \"\($0)\"" } ?? ""
            out.append(GPXWarning(line: line(t, 0), message: L(
                "track %d%s averages %s over %s, faster than %s, the limit for a walk: a ride, a drive or a wrong clock? Kept as read, nothing corrected",
                t + 1, name, Self.kmh(speed), Self.duration(elapsed), Self.kmh(limits.maximumAverageSpeed))))
        }
        return GPXPlausibility(warnings: out, trackStatistics: trackStatistics, segmentStatistics: segmentStatistics)
    }

    private static func kmh(_ metresPerSecond: Double) -> String {
        UnitFormatter.messageDecimal(metresPerSecond * 3.6, decimals: 1) + " km/h"
    }

    private static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
