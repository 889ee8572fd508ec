import Foundation

/// The parameters of trail matching (``TrackMatcher``), after Newson & Krumm (2009).
public struct MatchOptions: Sendable, Hashable {
    /// Standard deviation of the GPS error, metres: the emission probability of a candidate
    /// at distance d from its point is ∝ exp(−½ (d/σ)²). Default 5 m: the Andorra recordings lie a
    /// median 2.8-5.2 m from the mapped ways (data/SOURCES.md §3); Newson & Krumm measured 4.07 m.
    public var sigma: Double
    /// Scale of the transition probability, metres: a step whose walk along the ways is
    /// longer than the straight line by Δ has probability ∝ exp(−Δ/β). Default 5 m (Newson &
    /// Krumm's β was 3 m for 1 Hz car traces with 30 s sampling reduced; hiking tracks zig-zag).
    public var beta: Double
    /// Candidates are the closest points of ways within this many metres of a point. Default 30 m.
    public var radius: Double
    /// At most this many candidates per point (the nearest). Default 8.
    public var maxCandidates: Int
    /// Points closer than this to the last point kept are skipped (Newson & Krumm skip
    /// points within 2σ: the noise there says nothing about the way). Default 10 m.
    public var minimumSpacing: Double
    /// A step whose straight line is longer than this (metres) breaks the chain: the
    /// stretch on each side is matched on its own (a gap in the recording). Default 300 m.
    public var maximumStep: Double
    /// The walk between two candidates may be at most this many times the straight line
    /// plus ``routeSlack`` metres; longer ones count as impossible. Defaults 2 and 100 m.
    public var routeFactor: Double
    public var routeSlack: Double
    /// Viterbi is decoded every this many kept points (the best state then is fixed and the
    /// next window starts from it), so memory stays bounded on any length. Default 1000.
    public var window: Int
    /// A matched point farther than this from its recorded position starts a "moved" section
    /// for review. Default 15 m.
    public var movedThreshold: Double
    /// A point is ambiguous when a candidate on another way, more than σ from the best one,
    /// scores within this many natural-log units of the best at that step (forward Viterbi
    /// scores). Default ln 2 (half as likely).
    public var ambiguityMargin: Double
    /// A run of decoded points on another way than the one way on both sides of it (a point
    /// snapping to a neighbouring way and back) is moved onto that way when it is a single
    /// point or its recorded points span less than this many metres, and every point of it has
    /// a candidate on that way. Default 20 m (two or three points at the 10 m spacing). 0: off.
    public var absorbLength: Double

    public init(sigma: Double = 5, beta: Double = 5, radius: Double = 30, maxCandidates: Int = 8, minimumSpacing: Double = 10,
                maximumStep: Double = 300, routeFactor: Double = 2, routeSlack: Double = 100, window: Int = 1000,
                movedThreshold: Double = 15, ambiguityMargin: Double = log(2), absorbLength: Double = 20) {
        self.sigma = sigma
        self.beta = beta
        self.radius = radius
        self.maxCandidates = maxCandidates
        self.minimumSpacing = minimumSpacing
        self.maximumStep = maximumStep
        self.routeFactor = routeFactor
        self.routeSlack = routeSlack
        self.window = window
        self.movedThreshold = movedThreshold
        self.ambiguityMargin = ambiguityMargin
        self.absorbLength = absorbLength
    }
}
