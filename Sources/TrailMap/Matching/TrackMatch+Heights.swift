import Foundation
import Localization
import TrailCore

/// What keeping one choice of a reviewed section does to the hike's heights, against keeping
/// it as recorded (DECISIONS 474).
public struct SectionHeightEffect: Sendable, Hashable {
    /// The hike's highest recorded height, metres, when the section's recording holds it and
    /// the choice's line stays more than ``TrackMatch/heightTolerance`` below it; else nil.
    public var cutHighPoint: Double?
    /// Gain and loss over the section with the choice minus as recorded, metres to 0.1 m (the
    /// 5 m hysteresis of ``StatisticsCalculator`` over the section's points from its first to
    /// its last).
    public var gainChange: Double
    public var lossChange: Double

    /// True when it cuts the high point or changes the gain or loss by more than
    /// ``TrackMatch/heightTolerance``.
    public var isSignificant: Bool {
        cutHighPoint != nil || abs(gainChange) > TrackMatch.heightTolerance || abs(lossChange) > TrackMatch.heightTolerance
    }

    /// "cuts the 2594 m high point; gain −152 m, loss −150 m" (the parts that count).
    public func summary(_ u: UnitFormatter) -> String {
        var parts: [String] = []
        if let h = cutHighPoint { parts.append(L("cuts the %s high point", u.elevation(h))) }
        func signed(_ d: Double) -> String? {
            guard abs(d) > TrackMatch.heightTolerance else { return nil }
            return (d > 0 ? "+" : "−") + u.elevation(abs(d))
        }
        // TRANSLATORS: the change of the elevation gain, as "+12 m" or "−152 m".
        if let g = signed(gainChange) { parts.append(L("gain %s", g)) }
        // TRANSLATORS: the change of the elevation loss, as "+12 m" or "−150 m".
        if let l = signed(lossChange) { parts.append(L("loss %s", l)) }
        return parts.joined(separator: clauseSeparator)
    }
}

extension TrackMatch {
    /// Metres: a choice that keeps a section's top within this of the hike's high point, and
    /// its gain and loss within this of the recording's, changes nothing worth a word. The
    /// statistics' own elevation hysteresis (``StatisticsConfiguration/elevationThreshold``).
    public static let heightTolerance = StatisticsConfiguration.standard.elevationThreshold

    /// Per section, what keeping its other way (``SectionChoice/alternative``) does to the
    /// hike's heights; nil for a section without one, or with no heights. (The matched line
    /// keeps every recorded height, DECISIONS 470, so only the other way, whose heights are
    /// interpolated across the section, can cut a summit.)
    public func alternativeHeightEffects(recorded: [[Trackpoint]]) -> [SectionHeightEffect?] {
        let flat = recorded.flatMap { $0 }
        let top = flat.compactMap(\.elevation).max()
        var effects = [SectionHeightEffect?](repeating: nil, count: sections.count)
        _ = line(recorded: recorded) { i, _, stretch in
            guard let top, sections[i].alternative != nil else { return .matched }
            let raw = stretch(.raw).points
            guard let first = raw.first else { return .matched }
            let other = [first] + stretch(.alternative).points
            let calculator = StatisticsCalculator()
            let a = calculator.statistics(for: TrackSegment(points: raw)), b = calculator.statistics(for: TrackSegment(points: other))
            guard let rawTop = a.maxElevation, let otherTop = b.maxElevation else { return .matched }
            effects[i] = SectionHeightEffect(cutHighPoint: rawTop >= top && otherTop < top - Self.heightTolerance ? top : nil,
                                             gainChange: Self.decimetres((b.elevationGain ?? 0) - (a.elevationGain ?? 0)),
                                             lossChange: Self.decimetres((b.elevationLoss ?? 0) - (a.elevationLoss ?? 0)))
            return .matched
        }
        return effects
    }

    /// `metres` to 0.1 m (a difference of two sums of heights read to 0.1 m: the rest is
    /// binary noise, −0.900000000000091).
    static func decimetres(_ metres: Double) -> Double { (metres * 10).rounded() / 10 }

    /// Sets each section's ``Section/alternativeHeightEffect`` from the recording (the points
    /// the match was made on), for the shell and the review to show.
    public mutating func noteHeightEffects(recorded: [[Trackpoint]]) {
        for (i, e) in alternativeHeightEffects(recorded: recorded).enumerated() { sections[i].alternativeHeightEffect = e }
    }
}
