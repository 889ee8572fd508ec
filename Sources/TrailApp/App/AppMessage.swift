import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

/// Everything that can happen to the app: terminal input, and results of effects.
public enum AppMessage: Sendable {
    /// The app starts: load the hike list.
    case start
    case input(InputEvent)
    /// The hike list (after a load, an import, a rename or a delete).
    case hikesLoaded([HikeSummary])
    /// A hike opened for the hike screen (or for the library preview when `forPreview`).
    case hikeLoaded(HikeID, PreparedHike, forPreview: Bool)
    /// Basemap data for a viewport; `request` matches the load that asked for it.
    case basemapLoaded(request: Int, MapBasemap)
    /// A GPX file read for the import checklist.
    case importPlanLoaded(path: String, HikeImportPlan)
    /// An import, rename or delete finished: what to tell the user (the list is reloaded).
    case storeChanged(summary: String, failed: Bool)
    /// An effect failed; the text is shown in the status line.
    case failed(String)
    /// A status message from an effect that succeeded (rename, delete).
    case info(String)
    /// The idle clock.
    case tick(Date)
    /// Results for the drawing screen.
    case draw(DrawMessage)
    /// Live following: position events, its clock, walk history.
    case follow(FollowMessage)
}

/// Work the app asks its runtime to do, off the update path. Each result comes back as an
/// ``AppMessage``.
public enum AppEffect: Equatable, Sendable {
    /// Reload the hike list, sorted.
    case loadHikes(HikeSort)
    /// Load one hike's points; `forPreview` marks the library preview.
    case loadHike(HikeID, forPreview: Bool)
    /// Load map features for a viewport (the request number comes back with the data).
    case loadBasemap(request: Int, MapViewport)
    /// Read a GPX file to offer its tracks in a checklist.
    case readImportFile(path: String)
    /// Store the chosen candidates (1-based numbers as in `HikeImportPlan`) of a file.
    case importFile(path: String, candidates: [Int])
    case renameHike(HikeID, String)
    case deleteHike(HikeID)
    /// Ring the terminal bell.
    case bell
    /// Give the terminal back and stop the process (Ctrl-Z); the screen is redrawn on `fg`.
    case suspend
    /// Work for the drawing screen.
    case draw(DrawEffect)
    /// Live following: the position source, the walk in the store, speech.
    case follow(FollowEffect)
}
