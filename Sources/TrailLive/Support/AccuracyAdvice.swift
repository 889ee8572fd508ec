import Foundation
import TrailCore
import Localization

/// What a recording says, once, when the noise filter starts rejecting fixes for their
/// accuracy (``FixRejection/poorAccuracy``): how poor the fix was, the limit, and what to
/// change. gpsd estimates the horizontal accuracy as HDOP × 19 m (its UERE), so a receiver at
/// HDOP 1.7–2.5 under trees or in a valley reads ±32–48 m and, at the 30 m default, records
/// nothing at all while the screen only counted the rejections (DECISIONS.md 922).
public enum AccuracyAdvice {
    /// The line: "Fixes rejected for accuracy: ±45 m is worse than the 30 m allowed (trees, a
    /// valley, a weak sky). To record them: --max-accuracy 50m, or record.max-accuracy = 50m in
    /// the config file".
    /// - Parameters:
    ///   - accuracy: the rejected fix's horizontal accuracy, metres (nil when unknown).
    ///   - limit: the filter's ``PositionFilterRules/maximumHorizontalAccuracy``, metres.
    public static func text(accuracy: Double?, limit: Double, units: UnitFormatter) -> String {
        // TRANSLATORS: stands for the rejected fix's accuracy when it is unknown, in "Fixes rejected for accuracy: %s is worse than …".
        let shown = accuracy.map { "±" + units.distance($0) } ?? L("the fix")
        let setting = "\(Int(suggestedLimit(accuracy: accuracy, limit: limit)))m"
        // TRANSLATORS: keep "--max-accuracy" and "record.max-accuracy" (an option and a config key) as they are.
        return L("Fixes rejected for accuracy: %s is worse than the %s allowed (trees, a valley, a weak sky). To record them: --max-accuracy %s, or record.max-accuracy = %s in the config file",
                 shown, units.distance(limit), setting, setting)
    }

    /// The limit to suggest, metres: the rejected accuracy rounded up to the next 10 m, plus
    /// 10 m of margin (45 → 60); without an accuracy, the limit plus 20 m.
    public static func suggestedLimit(accuracy: Double?, limit: Double) -> Double {
        guard let a = accuracy, a.isFinite, a > 0 else { return limit + 20 }
        return (a / 10).rounded(.up) * 10 + 10
    }
}
