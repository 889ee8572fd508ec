import TrailApp

/// The runtime's side of a screen the root does not name (DECISIONS 801): the screen's
/// effects (``AppEffect/screen(_:)`` with its kind) go to its performer, made once with the
/// store connections. A new such screen's performer lives in its own file here and is listed
/// once in ``EffectPerformer/screenPerformers``.
protocol ScreenEffectPerformer: Sendable {
    /// The screen's effect type (what its ``AppEffect`` constructor wraps).
    associatedtype Effect: Sendable
    /// The screen whose work it does.
    static var kind: AppState.Screen.Kind { get }
    init(_ connections: StoreConnections)
    func perform(_ effect: Effect, send: @escaping EffectPerformer.Send)
}

extension EffectPerformer {
    /// The performers of the screens registered in `CairnApp.screens` that the root does not
    /// name: one line per screen.
    static let screenPerformers: [any ScreenEffectPerformer.Type] = [RoutesEffectPerformer.self, TotalsEffectPerformer.self, ReviewEffectPerformer.self,
                                                                    PlacesEffectPerformer.self]
}
