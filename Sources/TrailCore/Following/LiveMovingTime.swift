import Foundation

/// Moving time and moving distance accrued fix by fix, by the same rule as
/// ``StatisticsCalculator`` so that a live readout and the saved hike's statistics agree:
/// consecutive fixes are cut into chunks lasting at least `movingChunkDuration` (60 s); a
/// chunk whose straight-line displacement / duration is at least `stoppedSpeedThreshold`
/// (0.25 m/s) is moving and adds its duration and its path length. A chunk still being
/// filled does not count yet, so the totals lag by at most one chunk.
public struct LiveMovingTime: Hashable, Sendable {
    /// Seconds of completed moving chunks.
    public private(set) var movingTime = 0.0
    /// Path length of completed moving chunks, metres.
    public private(set) var movingDistance = 0.0
    private let chunkDuration: Double
    private let stoppedSpeed: Double
    private var chunkStart: (time: Date, coordinate: Coordinate)?
    private var chunkPath = 0.0
    private var previous: Coordinate?

    public init(configuration: StatisticsConfiguration = .standard) {
        chunkDuration = configuration.movingChunkDuration
        stoppedSpeed = configuration.stoppedSpeedThreshold
    }

    public static func == (a: LiveMovingTime, b: LiveMovingTime) -> Bool {
        a.movingTime == b.movingTime && a.movingDistance == b.movingDistance && a.chunkPath == b.chunkPath
            && a.chunkStart?.time == b.chunkStart?.time && a.previous == b.previous
    }

    public func hash(into h: inout Hasher) { h.combine(movingTime); h.combine(movingDistance) }

    /// Moving distance / moving time, m/s; nil before the first moving chunk.
    public var movingAverageSpeed: Double? { movingTime > 0 ? movingDistance / movingTime : nil }

    /// Adds a fix; `step` is its distance from the previous fix of the same stretch, metres.
    public mutating func add(time: Date, coordinate: Coordinate, step: Double) {
        guard let start = chunkStart else {
            chunkStart = (time, coordinate)
            chunkPath = 0
            return
        }
        chunkPath += step
        let duration = time.timeIntervalSince(start.time)
        guard duration >= chunkDuration else { return }
        let displacement = Geodesy.distance(from: start.coordinate, to: coordinate)
        if displacement / duration >= stoppedSpeed {
            movingTime += duration
            movingDistance += chunkPath
        }
        chunkStart = (time, coordinate)
        chunkPath = 0
    }

    /// Drops the chunk in progress (a pause): the next fix starts a new one.
    public mutating func breakChunk() {
        chunkStart = nil
        chunkPath = 0
    }
}
