import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

/// The whole state of the TUI. Changed only by ``CairnApp/update(_:_:)``.
public struct AppState: Sendable {
    /// Which screen is showing.
    public enum Screen: Sendable, Equatable { case library, hike, draw, follow }

    public var screen: Screen = .library
    public var library = LibraryModel()
    /// The open hike (hike screen).
    public var hike: HikeModel?
    /// A dialog or overlay on top of the screen, taking the keys while it is open.
    public var modal: Modal?
    /// The line at the bottom: store, units, hints, or the last message.
    public var status = StatusMessage(text: "", isError: false)
    /// Drawing settings: theme, units, braille or ASCII.
    public var environment: WidgetEnvironment
    /// Shown in the status line (the store path, shortened).
    public var storeLabel: String
    /// The terminal size, updated on every resize.
    public var width: Int
    public var height: Int
    /// True once the user asked to quit.
    public var quitting = false
    /// Map-data requests of every map on screen, numbered once (``BasemapRequests``).
    public var basemaps = BasemapRequests()
    /// Route drawing: the drawing screen, the kept draft, request numbers.
    public var draw = DrawState()
    /// Live position: `--gps` options, the following in progress, the open hike's walks.
    public var live = LiveModel()

    public init(environment: WidgetEnvironment, storeLabel: String, width: Int, height: Int) {
        self.environment = environment
        self.storeLabel = storeLabel
        self.width = width
        self.height = height
    }
}

/// A short message in the status line.
public struct StatusMessage: Sendable, Equatable {
    public var text: String
    public var isError: Bool
    public init(text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }
}

/// Dialogs and overlays.
public enum Modal: Sendable {
    /// The key help of the current screen.
    case help
    /// A one-line text prompt (rename, import path).
    case prompt(PromptModel)
    /// A yes/no question (delete).
    case confirm(ConfirmModel)
    /// The tracks of a GPX file to import, each ticked or not.
    case checklist(ChecklistModel)
    /// A question of the drawing feature.
    case drawing(DrawDialog)
}

/// A one-line text field.
public struct PromptModel: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case rename(HikeID)
        case importPath
        case drawing(DrawPrompt)
        /// The position source to follow a hike with (`f`).
        case followSource(HikeID)
    }
    public var purpose: Purpose
    public var title: String
    public var text: String
    /// Cursor position in characters.
    public var cursor: Int

    public init(purpose: Purpose, title: String, text: String = "") {
        self.purpose = purpose
        self.title = title
        self.text = text
        self.cursor = text.count
    }
}

/// A yes/no question.
public struct ConfirmModel: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable { case delete(HikeID), resumeWalk(HikeID) }
    public var purpose: Purpose
    public var question: String
    public init(purpose: Purpose, question: String) {
        self.purpose = purpose
        self.question = question
    }
}

/// The import checklist: every candidate of a file with a tick.
public struct ChecklistModel: Sendable {
    public var path: String
    public var plan: HikeImportPlan
    /// Ticked candidate numbers (1-based, as in the plan).
    public var ticked: Set<Int>
    /// Index into `plan.candidates`.
    public var selected = 0

    public init(path: String, plan: HikeImportPlan) {
        self.path = path
        self.plan = plan
        self.ticked = Set(plan.defaultSelection)
    }
}
