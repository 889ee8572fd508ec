import Localization
import Foundation
import TrailStore

/// The library's store work for the runtime (``AppEffect/library(_:)``).
public enum LibraryEffect: Equatable, Sendable {
    /// Reload the hike list, sorted (answered by ``AppMessage/hikesLoaded(_:)``).
    case loadHikes(HikeSort)
    /// Load one hike's points; `forPreview` marks the library preview (answered by
    /// ``AppMessage/hikeLoaded(_:_:forPreview:)``).
    case loadHike(HikeID, forPreview: Bool)
    /// Read a GPX file to offer its tracks in a checklist (``AppMessage/importPlanLoaded(path:_:)``).
    case readImportFile(path: String)
    /// Complete the path typed in the import prompt (Tab), from the file system
    /// (``AppMessage/importPathCompleted(typed:_:)``).
    case completeImportPath(String)
    /// Find which candidates of the file the checklist shows are already stored
    /// (``AppMessage/importStoredCopies(path:_:)``).
    case findStoredCopies(path: String)
    /// Store the chosen candidates (1-based numbers as in `HikeImportPlan`) of a file; `again`
    /// stores them even when already stored (`cairn import --again`), else those are skipped.
    case importFile(path: String, candidates: [Int], again: Bool = false)
    case renameHike(HikeID, String)
    case deleteHike(HikeID)
}

/// Results of the library's store work (``AppMessage/library(_:)``); the app words them.
public enum LibraryMessage: Sendable, Equatable {
    /// `added` hikes stored from `fileName`; `duplicates` were stored already and skipped.
    case imported(fileName: String, added: Int, duplicates: Int)
    case renamed(HikeID)
    case deleted(HikeID)
    case failed(LibraryFailure)
}

/// What went wrong with a library effect; `reason` is the error's own description.
public enum LibraryFailure: Sendable, Equatable {
    case listUnreadable(reason: String)
    case hikeUnreadable(HikeID, reason: String)
    case importUnreadable(path: String, reason: String)
    case importFailed(path: String, reason: String)
    case renameFailed(HikeID, reason: String)
    case deleteFailed(HikeID, reason: String)
}

extension LibraryMessage {
    /// The status line for the result, and whether it is an error.
    var status: StatusMessage {
        switch self {
        case .imported(let file, let added, let duplicates):
            var text = Ln("Imported %d hike from %s", "Imported %d hikes from %s", added, added, file)
            if duplicates > 0 { text += L("; %d already stored, skipped", duplicates) }
            return StatusMessage(text: text, isError: false)
        case .renamed(let id): return StatusMessage(text: L("Renamed %s", id), isError: false)
        case .deleted(let id): return StatusMessage(text: L("Deleted %s", id), isError: false)
        case .failed(let f): return StatusMessage(text: f.text, isError: true)
        }
    }
}

extension LibraryFailure {
    /// The status-line text.
    var text: String {
        switch self {
        case .listUnreadable(let r): return L("Cannot read the hike list: %s", r)
        case .hikeUnreadable(let id, let r): return L("Cannot open %s: %s", id, r)
        case .importUnreadable(let path, let r): return L("Cannot read %s: %s", (path as NSString).lastPathComponent, r)
        case .importFailed(let path, let r): return L("Nothing imported from %s: %s", (path as NSString).lastPathComponent, r)
        case .renameFailed(let id, let r): return L("%s not renamed: %s", id, r)
        case .deleteFailed(let id, let r): return L("%s not deleted: %s", id, r)
        }
    }
}
