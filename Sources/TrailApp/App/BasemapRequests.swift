import TrailMap

/// The one numbering of map-data requests, shared by every screen that shows a map: each
/// request gets the next number and is remembered for its target; an answer is used only
/// when it carries the newest number of its target (older answers and answers for a target
/// that went away are dropped).
public struct BasemapRequests: Sendable, Equatable {
    /// Who asked: the hike screen (also under the follow screen), the library preview, the
    /// drawing map, the recording map, or a registered screen by its kind (its folder names
    /// it: `.routes`; the answer goes to ``AppScreen/basemapArrived(_:_:)``).
    public enum Target: Sendable, Hashable { case hike, preview, drawing, recording, screen(AppState.Screen.Kind) }

    /// The last number handed out.
    public private(set) var last = 0
    /// The request each target waits for, with the viewport it asked about.
    private var pending: [Target: (request: Int, viewport: MapViewport)] = [:]

    public init() {}

    /// A new request for `target` (replacing the one it waited for).
    public mutating func request(_ target: Target, _ viewport: MapViewport) -> AppEffect {
        last += 1
        pending[target] = (last, viewport)
        return .loadBasemap(request: last, viewport)
    }

    /// The request `target` waits for, nil when none.
    public func pending(for target: Target) -> Int? { pending[target]?.request }

    /// The viewport `target` waits for map data of, nil when none.
    public func pendingViewport(for target: Target) -> MapViewport? { pending[target]?.viewport }

    /// True when `target` already waits for exactly `viewport`.
    public func isWaiting(_ target: Target, for viewport: MapViewport) -> Bool { pending[target]?.viewport == viewport }

    /// The target answer `request` is for (it stops waiting), nil when no target waits for it.
    public mutating func answer(_ request: Int) -> Target? {
        guard let (target, _) = pending.first(where: { $0.value.request == request }) else { return nil }
        pending[target] = nil
        return target
    }

    /// `target` no longer waits (its screen closed).
    public mutating func cancel(_ target: Target) { pending[target] = nil }

    public static func == (a: BasemapRequests, b: BasemapRequests) -> Bool {
        a.last == b.last && a.pending.mapValues(\.request) == b.pending.mapValues(\.request)
    }
}
