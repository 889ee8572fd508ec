import TermUI
import TrailMap

/// What the root keeps of a screen it does not know by name (DECISIONS 800): its state, its
/// messages, its effects and the request that opens it, each keyed by the screen's
/// ``AppState/Screen/Kind`` and carried as an existential. The screen's folder declares its
/// kind and the typed constructors and accessors (`AppState.Screen.routes(_:)`,
/// `AppMessage.routes(_:)`, `AppEffect.routes(_:)`…), so the rest of the app and the runtime
/// write and read them as before; only the screen (``AppScreen``) and its effect performer
/// look inside.
public struct ScreenState: Sendable {
    /// The screen.
    public let kind: AppState.Screen.Kind
    /// The screen's model (the screen's own type).
    public var model: any Sendable

    public init(_ kind: AppState.Screen.Kind, _ model: any Sendable) {
        self.kind = kind
        self.model = model
    }
}

/// A registered screen's answer from the runtime (its message type inside).
public struct ScreenMessage: Sendable {
    public let kind: AppState.Screen.Kind
    public let value: any Sendable

    public init(_ kind: AppState.Screen.Kind, _ value: any Sendable) {
        self.kind = kind
        self.value = value
    }
}

/// A registered screen's work for the runtime (its effect type inside); equal when the screen
/// and the effect are.
public struct ScreenEffect: Sendable, Equatable {
    public let kind: AppState.Screen.Kind
    public let value: any Sendable & Equatable

    public init(_ kind: AppState.Screen.Kind, _ value: any Sendable & Equatable) {
        self.kind = kind
        self.value = value
    }

    public static func == (a: ScreenEffect, b: ScreenEffect) -> Bool {
        func equal<T: Equatable>(_ x: T, _ y: Any) -> Bool { (y as? T).map { $0 == x } ?? false }
        return a.kind == b.kind && equal(a.value, b.value)
    }
}

/// Where a screen asks to go when the target is a registered screen: its kind and what it
/// opens with (``AppScreen/open(_:_:_:)``).
struct ScreenOpening: Sendable {
    let kind: AppState.Screen.Kind
    /// The screen's own request (the Routes screen's box, …), of the screen's own type: only
    /// the screen that declared the opening reads it.
    let request: any Sendable
}
