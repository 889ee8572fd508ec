import TermUI
import TrailMap

/// What a feature's update may read of the root, and nothing it may write: the terminal size
/// and the drawing settings (theme, units, braille or ASCII).
struct FeatureContext: Sendable {
    let width: Int
    let height: Int
    let environment: WidgetEnvironment

    /// The screen's layout at this size.
    var layout: AppLayout { AppLayout(width: width, height: height) }
}

extension AppState {
    /// The read-only view a feature's update gets.
    var context: FeatureContext { FeatureContext(width: width, height: height, environment: environment) }
}

/// One piece of work a feature asks for, in the order asked.
enum FeatureEffect<Effect> {
    /// The feature's own work for the runtime (wrapped in its ``AppEffect`` case).
    case own(Effect)
    /// Map data for the feature's map (the root numbers the request in ``BasemapRequests``).
    case basemap(BasemapRequests.Target, MapViewport)
    /// Ring the terminal bell.
    case bell
}

/// What a feature's update hands back to the root, which carries it out: the work asked for
/// in its order, then the status line and dialog are set, the quit taken, and last the
/// navigation carried out. A feature changes only its own state; everything else it wants
/// comes back here.
struct FeatureResult<Effect> {
    /// The work asked for, in order.
    var effects: [FeatureEffect<Effect>] = []
    /// A new status line (nil: the line stays as it is).
    var status: StatusMessage?
    /// A dialog to open over the screen.
    var modal: Modal?
    /// Another screen the feature wants.
    var navigation: Navigation?
    /// The user asked to quit.
    var quit = false

    init(_ effects: [Effect] = [], status: StatusMessage? = nil, modal: Modal? = nil,
         navigation: Navigation? = nil, bell: Bool = false, quit: Bool = false) {
        self.effects = effects.map { .own($0) } + (bell ? [.bell] : [])
        self.status = status
        self.modal = modal
        self.navigation = navigation
        self.quit = quit
    }

    /// Asks for map data for `target`'s map.
    mutating func askBasemap(_ target: BasemapRequests.Target, _ viewport: MapViewport) {
        effects.append(.basemap(target, viewport))
    }
}

extension CairnApp {
    /// Carries out a feature's result on the root state (see ``FeatureResult``).
    func apply<E>(_ result: FeatureResult<E>, _ state: inout AppState, _ wrap: (E) -> AppEffect) -> [AppEffect] {
        var effects: [AppEffect] = []
        for effect in result.effects {
            switch effect {
            case .own(let e): effects.append(wrap(e))
            case .basemap(let target, let viewport): effects.append(state.basemaps.request(target, viewport))
            case .bell: effects.append(.bell)
            }
        }
        // The status belongs to the screen the feature is on (stamped as it is set), or, when
        // the result navigates, to the screen it goes to (unless that screen's opening set its own).
        if var status = result.status {
            if result.navigation != nil { status.acrossScreens = true }
            state.status = status
        }
        if let modal = result.modal { state.modal = modal }
        if result.quit { state.quitting = true }
        if let target = result.navigation {
            effects += navigate(&state, to: target)
            if let status = result.status, !status.acrossScreens, state.status.acrossScreens, state.status == status {
                state.status = StatusMessage(text: status.text, isError: status.isError)
            }
        }
        return effects
    }
}

/// The wrap of a feature without effects of its own (``FeatureResult``<Never>): never called.
func noEffect(_ never: Never) -> AppEffect {}

