import Localization
import Foundation
import TermUI
import TrailStore

/// The photo strip's update: stepping moves the profile's cursor (and the map, unless the
/// hiker moved it) to the photo's place; Enter / `v` and `x` ask the runtime to show it.
enum PhotoStripFeature {
    static func update(_ hike: inout HikeModel, _ action: PhotoStripAction, _ context: FeatureContext)
        -> (FeatureResult<Never>, [AppEffect]) {
        let photos = hike.screen.photos
        guard let shown = hike.screen.photoStrip, photos.indices.contains(shown) else {
            hike.screen.photoStrip = nil
            return (FeatureResult(), [])
        }
        var result = FeatureResult<Never>()
        switch action {
        case .close:
            hike.screen.photoStrip = nil
            result.status = StatusMessage(text: "", isError: false)
        case .step(let by):
            let next = shown + by
            guard photos.indices.contains(next) else {
                return (FeatureResult(status: StatusMessage(text: by > 0 ? L("The last photo") : L("The first photo"), isError: false),
                                      bell: true), [])
            }
            result.status = select(&hike, next)
        case .view, .open:
            guard !photos[shown].photo.isPlaceholder else {
                result.status = StatusMessage(text: L("No photo yet at this mark: `cairn photos add` fills it"), isError: false)
                return (result, [])
            }
            return (result, [.showPhoto(path: photos[shown].photo.path, desktop: action == .open)])
        }
        return (result, [])
    }

    /// Shows photo `index` in the strip; a placed one moves the profile's cursor to the point
    /// nearest its distance along (and the map with it, unless detached). Says where an
    /// unplaced one is not.
    static func select(_ hike: inout HikeModel, _ index: Int) -> StatusMessage? {
        hike.screen.photoStrip = index
        let p = hike.screen.photos[index].photo
        let length = hike.screen.hike.profile.length
        guard let along = p.distanceAlong, hike.screen.hike.pointCount > 0 else {
            return StatusMessage(text: PhotoStripView.name(p) + ": " + PhotoStripView.placement(p), isError: false)
        }
        hike.screen.scrub(to: hike.screen.hike.index(atFraction: length > 0 ? along / length : 0))
        if !hike.mapDetached {
            MapNavigation.keepInView(&hike.screen.viewport, hike.screen.hike.coordinates[hike.screen.scrubIndex], marginDivisor: 8)
        }
        return nil
    }
}

extension CairnApp {
    /// The photos of a hike read: to the open hike showing it (also under Places, review or
    /// following), and to the recording screen when it records that hike (its marks).
    func photosLoaded(_ state: inout AppState, _ id: HikeID, _ photos: Result<[StoredPhoto], PhotoLoadFailure>) -> [AppEffect] {
        if case .record(var model) = state.screen, model.hikeID == id, case .success(let list) = photos {
            model.photos = list
            state.screen = .record(model)
            return []
        }
        guard var hike = state.hike, hike.id == id else { return [] }
        switch photos {
        case .success(let list):
            hike.screen.setPhotos(list)
            state.hike = hike
        case .failure(let f):
            state.status = StatusMessage(text: L("Photos not read: %s", f.reason), isError: true)
        }
        return []
    }
}
