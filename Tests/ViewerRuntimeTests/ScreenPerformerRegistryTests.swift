import Testing
@testable import TrailApp
@testable import ViewerRuntime

/// The runtime's side of the screens the root does not name (DECISIONS 801).
@Suite struct ScreenPerformerRegistryTests {
    /// The screens the root names (their own cases of `AppState.Screen`, `AppMessage`, `AppEffect`).
    static let named: Set<AppState.Screen.Kind> = [.library, .hike, .draw, .follow, .record]

    /// Every registered screen the root does not name has exactly one performer, and no
    /// performer is for a screen that is not registered.
    @Test func everyRegisteredScreenHasOnePerformer() {
        let registered = Set(CairnApp.screens.map { $0.kind }).subtracting(Self.named)
        let performers = EffectPerformer.screenPerformers.map { $0.kind }
        #expect(!registered.isEmpty)
        #expect(Set(performers) == registered && performers.count == registered.count)
    }

    /// A registered screen's effects compare by screen and value, as the named ones do.
    @Test func registeredEffectsCompareByValue() {
        let a = AppEffect.routes(.list(request: 1, box: nil, point: nil, includeLongDistance: false))
        #expect(a == .routes(.list(request: 1, box: nil, point: nil, includeLongDistance: false)))
        #expect(a != .routes(.list(request: 2, box: nil, point: nil, includeLongDistance: false)))
        #expect(a != .bell)
        #expect(a.routesEffect == .list(request: 1, box: nil, point: nil, includeLongDistance: false))
        #expect(AppEffect.bell.routesEffect == nil)
    }
}
