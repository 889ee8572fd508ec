import Foundation
import TrailCore
import Localization

/// The protocol state of one gpsd client, without any I/O: bytes in, ``PositionEvent``s out.
///
/// ``GPSDClient`` feeds it what the socket reads and calls ``tick(at:)`` between reads; tests
/// feed it directly. It survives reconnections (call ``connected(at:)`` after each), so the
/// staleness timer and the satellite counts carry over.
///
/// Rules:
/// - lines may arrive split across reads and several per read (a ``LineBuffer`` joins them);
/// - a line that is not a JSON object with a `class` is counted in ``garbageLines`` and skipped;
/// - a TPV with mode 2 or 3, `lat`, `lon` and `time` is a fix; a TPV with mode 0 or 1 is
///   `.noFix`; any other TPV (mode 2/3 without position or time, as gpsd sends while it is
///   still merging sentences) is counted in ``partialReports`` and dropped. A TPV without
///   `time` is never stamped with the local clock: a replayed log's receiver time and the wall
///   clock would interleave and break the order the filters rely on;
/// - stale: when no fix has arrived for ``staleAfter`` seconds (counted from the last fix's
///   arrival, or from the start of the session), one `.stale` event is sent; the next fix
///   ends the stale state.
public struct GPSDSession: Sendable {
    /// Seconds without a fix after which the position is reported stale.
    public var staleAfter: Double { stale.staleAfter }
    /// Lines that were not gpsd JSON.
    public private(set) var garbageLines = 0
    /// TPV reports with a fix mode but without position or time.
    public private(set) var partialReports = 0
    /// Fixes delivered.
    public private(set) var fixes = 0
    /// True between a `.stale` event and the next fix.
    public var isStale: Bool { stale.isStale }
    /// Arrival time (session clock) of the last fix.
    public var lastFixArrival: Date? { stale.lastFixArrival }

    private var lines = LineBuffer()
    private var stale: StaleTimer
    private var satellites: (used: Int?, visible: Int?) = (nil, nil)

    /// - Parameters:
    ///   - staleAfter: seconds without a fix before `.stale` (default 10: five missed fixes at
    ///     gpsd's usual 1 Hz, with room for a receiver's 2 s cycle).
    ///   - startedAt: when the session began; the stale timer runs from here until a first fix.
    public init(staleAfter: Double = 10, startedAt: Date) {
        stale = StaleTimer(staleAfter: staleAfter, startedAt: startedAt)
    }

    /// Call after each successful TCP connect: drops any half line from the previous link.
    public mutating func connected(at now: Date) {
        _ = lines.flush()
    }

    /// Consumes bytes read from gpsd and returns the events they complete.
    public mutating func receive<C: Collection>(_ bytes: C, at now: Date) -> [PositionEvent] where C.Element == UInt8 {
        var out: [PositionEvent] = []
        for line in lines.append(bytes) where !line.isEmpty {
            guard let report = GPSDReport(line: line) else { garbageLines += 1; continue }
            out += handle(report, at: now)
        }
        return out
    }

    /// Checks the stale timer; returns `[.stale]` once when it runs out.
    public mutating func tick(at now: Date) -> [PositionEvent] {
        stale.check(at: now).map { [$0] } ?? []
    }

    private mutating func handle(_ report: GPSDReport, at now: Date) -> [PositionEvent] {
        switch report {
        case let .version(release, major, minor):
            var detail = "gpsd " + (release ?? "?")
            if let major, let minor { detail = L("gpsd %s (protocol %d.%d)", release ?? "?", major, minor) }
            return [.connection(.connected(detail: detail))]
        case let .sky(used, visible):
            let u = used ?? satellites.used, v = visible ?? satellites.visible
            guard u != satellites.used || v != satellites.visible else { return [] }
            satellites = (u, v)
            return [.satellites(used: u, visible: v)]
        case let .tpv(t):
            if t.mode <= 1 { return [.noFix(mode: .none)] }
            guard let lat = t.latitude, let lon = t.longitude, let time = t.time,
                  Coordinate(latitude: lat, longitude: lon).isValid else {
                partialReports += 1
                return []
            }
            let fix = PositionFix(time: time, coordinate: Coordinate(latitude: lat, longitude: lon),
                                  altitude: t.mode == 3 ? t.altitude : nil,
                                  horizontalAccuracy: t.horizontalError, verticalAccuracy: t.verticalError,
                                  speed: t.speed, course: t.track, mode: t.mode == 3 ? .threeD : .twoD,
                                  satellitesUsed: satellites.used, satellitesVisible: satellites.visible,
                                  source: .gpsd)
            fixes += 1
            stale.fixArrived(at: now)
            return [.fix(fix)]
        case .error, .other:
            return []
        }
    }
}
