import Foundation

/// Axis ticks at "nice" values: multiples of a step that is 1, 2 or 5 times a power of ten.
///
/// Method (P. S. Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990, restricted
/// to 1-2-5 steps): the step is the smallest of 1·10^k, 2·10^k, 5·10^k that is at least
/// `(max − min) / (maxTicks − 1)`; the axis then runs from `⌊min / step⌋·step` to
/// `⌈max / step⌉·step`, and the ticks are every step in between. So the ticks always cover
/// the data and there are at most `maxTicks + 1` of them.
public struct NiceTicks: Hashable, Sendable {
    /// The axis minimum (a multiple of `step`, ≤ the data minimum).
    public var lower: Double
    /// The axis maximum (a multiple of `step`, ≥ the data maximum).
    public var upper: Double
    /// The distance between ticks (1, 2 or 5 times a power of ten; > 0).
    public var step: Double

    /// Ticks covering `min...max` with about `maxTicks` values (at least 2 are asked for).
    /// An empty range (min == max) is widened to one step around the value; non-finite input
    /// gives the axis 0...1.
    public init(min lo: Double, max hi: Double, maxTicks: Int) {
        guard lo.isFinite, hi.isFinite else { self.init(lower: 0, upper: 1, step: 1); return }
        var a = Swift.min(lo, hi), b = Swift.max(lo, hi)
        let intervals = Double(Swift.max(1, maxTicks - 1))
        var s = NiceTicks.niceStep(atLeast: (b - a) / intervals)
        if a == b {
            s = NiceTicks.niceStep(atLeast: Swift.max(abs(a) * 0.01, 1))
            a -= s / 2; b += s / 2
        }
        self.init(lower: (a / s).rounded(.down) * s, upper: (b / s).rounded(.up) * s, step: s)
    }

    /// Creates ticks from their parts.
    public init(lower: Double, upper: Double, step: Double) {
        self.lower = lower
        self.upper = upper
        self.step = step
    }

    /// The tick values from `lower` to `upper` inclusive.
    public var values: [Double] {
        guard step > 0, upper >= lower else { return [lower] }
        let n = Int(((upper - lower) / step).rounded())
        return (0...n).map { lower + Double($0) * step }
    }

    /// The smallest 1-2-5 step (1, 2 or 5 times a power of ten) that is ≥ `x` (1 for x ≤ 0).
    public static func niceStep(atLeast x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        let p = pow(10, (log10(x)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * p >= x * (1 - 1e-12) { return m * p }
        return 10 * p
    }

    /// Number of decimals needed to print every tick exactly (0 for steps ≥ 1).
    public var decimals: Int {
        guard step < 1, step > 0 else { return 0 }
        return Int((-log10(step)).rounded(.up))
    }
}
