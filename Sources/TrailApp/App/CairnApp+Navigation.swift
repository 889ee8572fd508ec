import TermUI

/// Where a screen asks to go. Screens never set ``AppState/screen`` themselves: they hand the
/// root one of these, and ``CairnApp/navigate(_:to:)`` changes the screen and lets go of what
/// the screen left behind (its model, its pending map data), so no screen's model outlives it.
enum Navigation {
    /// The library (from any screen).
    case library
    /// The hike screen with this hike open.
    case hike(HikeModel)
    /// The drawing screen with this drawing.
    case drawing(DrawModel)
    /// The follow screen over the open hike.
    case follow(FollowModel)
    /// Back from the follow screen to the hike under it (the library when there is none).
    case leaveFollow
}

extension CairnApp {
    /// Carries out a screen's navigation (the only place that sets ``AppState/screen``).
    func navigate(_ state: inout AppState, to target: Navigation) {
        switch target {
        case .library:
            state.hike = nil
            state.draw.model = nil
            state.live.follow = nil
            state.basemaps.cancel(.hike)
            state.basemaps.cancel(.drawing)
            state.screen = .library
        case .hike(let model):
            state.hike = model
            state.draw.model = nil
            state.live.follow = nil
            state.basemaps.cancel(.drawing)
            state.screen = .hike
        case .drawing(let model):
            state.hike = nil
            state.live.follow = nil
            state.basemaps.cancel(.hike)
            state.draw.model = model
            state.screen = .draw
        case .follow(let model):
            guard state.hike != nil else { return navigate(&state, to: .library) }
            state.live.follow = model
            state.screen = .follow
        case .leaveFollow:
            state.live.follow = nil
            if let hike = state.hike { navigate(&state, to: .hike(hike)) } else { navigate(&state, to: .library) }
        }
    }
}
