import Foundation
import TermUI
import TrailCore
import TrailStore
import TrailMap

/// One update of the drawing feature, over its own state only: the drawing screen's model
/// (``model``, nil when the screen is not showing) and ``shared``, the part of the feature that
/// outlives the screen (the kept draft, the request numbering). It reads ``context`` and the
/// library's selected hike and hands back, besides the work it returns, the status line and
/// dialog as it leaves them and where it wants to go; ``CairnApp/runDrawing(_:_:)`` carries
/// that out. The drawing update reads the status line it was given (a failed plan keeps its
/// message unless a key that waited for it says something), so it gets the line and hands it
/// back whole rather than only a replacement.
struct DrawUpdate {
    typealias Step = FeatureEffect<DrawEffect>

    /// The drawing screen's model; set to nil when the update leaves the screen.
    var model: DrawModel?
    /// The drawing feature's state beyond its screen.
    var shared: DrawState
    /// The status line, as it stands and as the update leaves it.
    var status: StatusMessage
    /// The dialog over the screen, as the update leaves it.
    var modal: Modal?
    /// Terminal size and drawing settings.
    let context: FeatureContext
    /// The library's selected hike's box (else the first hike's that has one): a new drawing
    /// without stops opens over it.
    let selectedHikeBox: BoundingBox?
    /// The library's selected hike, named in the hint to fetch map data around it.
    var selectedHikeID: HikeID? = nil
    /// The viewport the drawing map waits for map data of (nil: none asked).
    var waitingViewport: MapViewport?
    /// True when the update opened the drawing screen with ``model``.
    var opens = false
    /// Where the update wants to go instead of staying on the drawing screen.
    var navigation: Navigation?
    /// When the key being handled was read (seconds on the runtime's key clock), nil without a
    /// clock: the cursor then moves without acceleration.
    var keyTime: TimeInterval?

    /// Leaves the drawing screen for `target` (the model is let go of).
    mutating func leave(to target: Navigation) {
        model = nil
        opens = false
        navigation = target
    }
}

extension CairnApp {
    /// Runs one drawing update over the drawing feature's state and carries out what it hands
    /// back: the drawing state and model are written back, then the work (map data numbered by
    /// ``BasemapRequests``) and the navigation go through ``apply(_:_:_:)``.
    func runDrawing(_ state: inout AppState, keyTime: TimeInterval? = nil,
                    _ body: (inout DrawUpdate) -> [FeatureEffect<DrawEffect>]) -> [AppEffect] {
        var u = DrawUpdate(model: state.drawing, shared: state.draw, status: state.status, modal: state.modal,
                           context: state.context,
                           selectedHikeBox: state.library.selectedSummary?.statistics.boundingBox
                               ?? state.library.all.lazy.compactMap(\.statistics.boundingBox).first,
                           selectedHikeID: state.library.selectedSummary?.id,
                           waitingViewport: state.basemaps.pendingViewport(for: .drawing), keyTime: keyTime)
        var result = FeatureResult<DrawEffect>()
        result.effects = body(&u)
        state.draw = u.shared
        let statusBefore = state.status
        state.status = u.status
        state.modal = u.modal
        if u.opens, let m = u.model {
            result.navigation = .drawing(m)
        } else if let target = u.navigation {
            result.navigation = target
        } else if let m = u.model {
            state.drawing = m
        }
        // A message said as the screen changes goes with it (DECISIONS 351).
        if result.navigation != nil, u.status != statusBefore || u.status.screen != statusBefore.screen { result.status = u.status }
        return apply(result, &state, AppEffect.draw)
    }
}
