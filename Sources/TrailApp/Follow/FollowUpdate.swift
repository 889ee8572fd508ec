import Foundation
import TermUI
import TrailCore
import TrailLive
import TrailStore

/// One update of the follow feature, over its own state only: the following in progress
/// (``following``, nil off the follow screen), the open hike it runs over (``openHike``: the
/// hike screen's, whose map it moves when following starts, or the one under the follow
/// screen) and ``live``, the part that outlives the screen (options, walk history, the
/// unfinished walk, counters). Like ``DrawUpdate`` (DECISIONS 85) it gets the status line and
/// dialog and hands them back, and says where it goes (``opens``, ``leaves``, ``navigation``);
/// ``CairnApp/runFollowing(_:_:)`` carries that out.
struct FollowUpdate {
    typealias Step = FeatureEffect<FollowEffect>

    /// The following in progress, while the follow screen shows.
    var following: FollowModel?
    /// The open hike (hike screen or under the follow screen), nil elsewhere.
    var openHike: HikeModel?
    /// The follow feature's state beyond its screen.
    var live: LiveModel
    /// The status line, as it stands and as the update leaves it.
    var status: StatusMessage
    /// The dialog over the screen, as the update leaves it.
    var modal: Modal?
    /// Terminal size and drawing settings.
    let context: FeatureContext
    /// True when the update opened the follow screen with ``following``.
    var opens = false
    /// True when the update left the follow screen for the hike under it.
    var leaves = false
    /// Another screen the update wants.
    var navigation: Navigation?

    /// Asks for map data when the open hike's map cannot be served by its basemap.
    func mapEffects() -> [Step] {
        guard let hike = openHike else { return [] }
        var result = FeatureResult<FollowEffect>()
        HikeFeature.askMapData(hike, &result)
        return result.effects
    }
}

extension CairnApp {
    /// Runs one follow update over the follow feature's state and carries out what it hands
    /// back: the live state, status line, dialog, open hike and following are written back,
    /// then the work (map data numbered by ``BasemapRequests``) and the navigation go through
    /// ``apply(_:_:_:)``.
    func runFollowing(_ state: inout AppState, _ body: (inout FollowUpdate) -> [FeatureEffect<FollowEffect>]) -> [AppEffect] {
        var u = FollowUpdate(following: state.following, openHike: state.hike, live: state.live, status: state.status,
                             modal: state.modal, context: state.context)
        var result = FeatureResult<FollowEffect>()
        result.effects = body(&u)
        state.live = u.live
        let statusBefore = state.status
        state.status = u.status
        state.modal = u.modal
        if let hike = u.openHike { state.hike = hike }
        if u.opens, let follow = u.following {
            result.navigation = .follow(follow)
        } else if u.leaves {
            result.navigation = .leaveFollow
        } else {
            if let follow = u.following { state.following = follow }
            result.navigation = u.navigation
        }
        // A message said as the screen changes goes with it (DECISIONS 351).
        if result.navigation != nil, u.status != statusBefore || u.status.screen != statusBefore.screen { result.status = u.status }
        return apply(result, &state, AppEffect.follow)
    }
}
