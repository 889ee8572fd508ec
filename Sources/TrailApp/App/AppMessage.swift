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
    /// A GPX file read for the import checklist, with the reader's warnings worded as
    /// `cairn import` prints them (``HikeFileRead`` in HikeServices).
    case importPlanLoaded(path: String, HikeImportPlan, warnings: [String] = [])
    /// Answer to ``LibraryEffect/findStoredCopies(path:)``, asked for on
    /// ``importPlanLoaded(path:_:warnings:)``: the candidates of the file at `path` already in the store (candidate number → the stored hike), by the rule the import
    /// skips duplicates by (``HikeFileImport/storedCopies(in:store:)`` in HikeServices).
    case importStoredCopies(path: String, [Int: HikeID])
    /// Tab in the import prompt: what `typed` completes to.
    case importPathCompleted(typed: String, PathCompletion)
    /// The map data asked for by `request` could not be read.
    case basemapFailed(request: Int, reason: String)
    /// Results of the library's store work (import, rename, delete, and their failures).
    case library(LibraryMessage)
    /// The hike store was changed by another process (or another connection of this one):
    /// the library list and the open hike are read again (DECISIONS 481).
    case storeChanged
    /// The idle clock.
    case tick(Date)
    /// Results for the drawing screen.
    case draw(DrawMessage)
    /// Live following: position events, its clock, walk history.
    case follow(FollowMessage)
    /// Recording a hike live: the recorder's answers, position events, the unfinished offer.
    case record(RecordMessage)
    /// An answer for a screen registered in ``CairnApp/screens`` that the root does not name
    /// (DECISIONS 801); the screen's folder gives the typed constructor (`.routes(_:)`).
    case screen(ScreenMessage)
    /// The photos kept with a hike (walking order), or why they could not be read.
    case photosLoaded(HikeID, Result<[StoredPhoto], PhotoLoadFailure>)
    /// What showing a photo said (chafa missing, no desktop, the viewer failed), for the status line.
    case photoNote(String, isError: Bool)
}

/// Why a hike's photos could not be read (the store's error, worded).
public struct PhotoLoadFailure: Error, Sendable, Equatable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// Work the app asks its runtime to do, off the update path. Each result comes back as an
/// ``AppMessage``.
public enum AppEffect: Equatable, Sendable {
    /// The library's store work: list, load, import, rename, delete.
    case library(LibraryEffect)
    /// Load map features for a viewport (the request number comes back with the data, from
    /// ``BasemapRequests``).
    case loadBasemap(request: Int, MapViewport)
    /// Ring the terminal bell.
    case bell
    /// Give the terminal back and stop the process (Ctrl-Z); the screen is redrawn on `fg`.
    case suspend
    /// Work for the drawing screen.
    case draw(DrawEffect)
    /// Live following: the position source, the walk in the store, speech.
    case follow(FollowEffect)
    /// Recording a hike live: the recorder (store first), its position source.
    case record(RecordEffect)
    /// Work of a screen registered in ``CairnApp/screens`` that the root does not name (its
    /// performer is registered beside the runtime's, DECISIONS 801); the screen's folder gives
    /// the typed constructor (`.routes(_:)`) and accessor (``routesEffect``).
    case screen(ScreenEffect)
    /// Read the photos kept with a hike (``HikeStore/photos(of:)``) for the hike screen.
    case loadPhotos(HikeID)
    /// Show the photo at `path` outside curses (the screen given back, the picture drawn by
    /// chafa as ``ChafaCommand`` builds it, a key waited for, the screen redrawn), or with
    /// `desktop`, hand it to the desktop's viewer (`xdg-open`).
    case showPhoto(path: String, desktop: Bool)
}

extension AppEffect {
    /// Shorthands for the library's effects.
    public static func loadHikes(_ sort: HikeSort) -> AppEffect { .library(.loadHikes(sort)) }
    public static func loadHike(_ id: HikeID, forPreview: Bool) -> AppEffect { .library(.loadHike(id, forPreview: forPreview)) }
    public static func readImportFile(path: String) -> AppEffect { .library(.readImportFile(path: path)) }
    public static func importFile(path: String, candidates: [Int], again: Bool = false) -> AppEffect {
        .library(.importFile(path: path, candidates: candidates, again: again))
    }
    public static func renameHike(_ id: HikeID, _ name: String) -> AppEffect { .library(.renameHike(id, name)) }
    public static func deleteHike(_ id: HikeID) -> AppEffect { .library(.deleteHike(id)) }
}
