import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

/// The whole state of the TUI. Changed only by ``CairnApp/update(_:_:)``.
public struct AppState: Sendable {
    /// The screen showing, with its state: a screen's model exists exactly while it shows.
    public enum Screen: Sendable {
        /// The library (its model outlives the screen: ``AppState/library``).
        case library
        /// The hike screen with the open hike.
        case hike(HikeModel)
        /// The drawing screen.
        case draw(DrawModel)
        /// The follow screen over the open hike (whose map it shows, and which it goes back to).
        case follow(FollowModel, over: HikeModel)
        /// The recording screen (a hike being recorded live).
        case record(RecordModel)
        /// A screen registered in ``CairnApp/screens`` that the root does not name (DECISIONS
        /// 801): its kind and its model. Its folder gives the typed constructor and accessor
        /// (the Routes screen: `.routes(model)`, ``routesModel``).
        case registered(ScreenState)

        /// Which screen, without its state. A screen the root does not name declares its kind
        /// in its own folder (`extension AppState.Screen.Kind { static let routes = … }`).
        public struct Kind: Sendable, Hashable, CustomStringConvertible {
            /// The screen's name, unique among the registered screens.
            public let name: String
            public init(_ name: String) { self.name = name }
            public var description: String { name }

            public static let library = Kind("library")
            public static let hike = Kind("hike")
            public static let draw = Kind("draw")
            public static let follow = Kind("follow")
            public static let record = Kind("record")
        }

        public var kind: Kind {
            switch self {
            case .library: return .library
            case .hike: return .hike
            case .draw: return .draw
            case .follow: return .follow
            case .record: return .record
            case .registered(let s): return s.kind
            }
        }

        /// The model of registered screen `kind` when it is the one showing (nil otherwise).
        public func model<Model>(of kind: Kind, as type: Model.Type = Model.self) -> Model? {
            guard case .registered(let s) = self, s.kind == kind else { return nil }
            return s.model as? Model
        }
    }

    /// The screen showing and its state; set only by ``CairnApp/navigate(_:to:)``.
    public internal(set) var screen: Screen = .library {
        didSet {
            // A screen's messages end with it (DECISIONS 351): leaving it for another kind of
            // screen clears a status line it set; app-wide ones (no screen) stay.
            if let owner = status.screen, owner != screen.kind { status = StatusMessage(text: "", isError: false) }
        }
    }
    /// The screens Esc goes back to, the nearest last (``Navigation/back``): a hike opened
    /// from the Totals screen has Totals under it, the Routes screen opened from a hike has the
    /// hike. The library and the Totals screen start it afresh. A screen that shows another's
    /// state live (follow and Places over the hike, the review of it) carries that state
    /// instead, since it changes while they show.
    public internal(set) var backStack: [Screen] = []
    /// The library: the hike list, its sort and filter, the selection and its preview. Kept
    /// beside the screen because it outlives it: back from a hike or a drawing the library is
    /// as it was left, and a new drawing opens over the library's selected hike.
    public var library = LibraryModel()
    /// A dialog or overlay on top of the screen, taking the keys while it is open.
    public var modal: Modal?
    /// The first line the `?` help shows (it scrolls when it does not fit); 0 when it opens.
    public var helpScroll = 0
    /// The line at the bottom: store, units, hints, or the last message.
    /// A message set without an owner belongs to the screen showing (DECISIONS 351), unless it
    /// says ``StatusMessage/acrossScreens``.
    public var status = StatusMessage(text: "", isError: false) {
        didSet {
            if status.screen == nil, !status.acrossScreens, !status.text.isEmpty { status.screen = screen.kind }
        }
    }
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
    /// Route drawing beyond its screen: the kept draft (offered by `n` in the library and `e`
    /// on a hike) and the request numbering (answers arrive after the screen closed).
    public var draw = DrawState()
    /// Live position beyond the follow screen: the `--gps` options, speech, the open hike's
    /// walks and the unfinished walk (asked about on the hike screen), the request counters.
    public var live = LiveModel()
    /// Recording beyond its screen: the unfinished recording offered on start, source numbering.
    public var record = RecordState()
    /// How far off the line the Places screen looks first, metres (`--within`, `places.within`).
    public var placesWithin: Double = 1000
    /// Lists asked for after changes in another process still on their way
    /// (``AppMessage/storeChanged``): each arrival also compares the open hike's summary.
    public var storeRefreshes = 0
    /// The open hike being read again after a change in another process (its arrival keeps
    /// the hiker's view instead of opening it afresh).
    public var storeReloadHike: HikeID?

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
    /// The screen that set it (stamped when it is set, ``AppState/status``): the message is
    /// cleared when that screen is left for another kind of screen.
    public var screen: AppState.Screen.Kind?
    /// True for a message meant to outlive the screen that set it (it goes with a change of
    /// screen, e.g. "opened as a hike"): never stamped, never cleared by leaving.
    public var acrossScreens: Bool
    public init(text: String, isError: Bool, screen: AppState.Screen.Kind? = nil, acrossScreens: Bool = false) {
        self.text = text
        self.isError = isError
        self.screen = screen
        self.acrossScreens = acrossScreens
    }

    /// Equal when they say the same (the owning screen is bookkeeping).
    public static func == (a: StatusMessage, b: StatusMessage) -> Bool { a.text == b.text && a.isError == b.isError }
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

/// A one-line text prompt: what it is for, its title and its ``TextField``.
public struct PromptModel: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case rename(HikeID)
        case importPath
        case drawing(DrawPrompt)
        /// The position source to follow a hike with (`f`).
        case followSource(HikeID)
        /// The position source to record with (library `R`; `resuming` the unfinished recording).
        case recordSource(resuming: RecordingID?)
        /// The name a finished recording is saved under.
        case recordName
        /// A name or note on the Places screen.
        case places(PlacesPrompt)
    }
    public var purpose: Purpose
    public var title: String
    /// The text being edited (a prefilled value starts selected: typing replaces it).
    public var field: TextField
    /// Tab asked for the completion of the text and the answer has not come: an Enter meanwhile
    /// waits for it (a pasted path followed by Tab and Enter takes the completed path).
    public var completionPending = false
    /// Enter came while ``completionPending``: the answer accepts the completed text.
    public var acceptAfterCompletion = false

    /// The field's text; setting it puts the cursor at the end, nothing selected.
    public var text: String {
        get { field.text }
        set { field = TextField(newValue) }
    }
    /// Cursor position in characters.
    public var cursor: Int { field.cursor }

    public init(purpose: Purpose, title: String, text: String = "") {
        self.purpose = purpose
        self.title = title
        self.field = TextField(text, selected: true)
    }
}

/// A yes/no question.
public struct ConfirmModel: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case delete(HikeID), resumeWalk(HikeID)
        /// Resume, finish or leave for later the recording found unfinished on start (keys r, f, Esc).
        case unfinishedRecording(RecordingID)
    }
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
    /// Candidates already in the store (number → the stored hike), shown as such and not
    /// ticked by default; ticking one stores it again (`cairn import --again`).
    public private(set) var storedCopies: [Int: HikeID] = [:]
    /// Index into `plan.candidates`.
    public var selected = 0
    /// The reader's warnings about the file, worded as `cairn import` prints them, all shown
    /// under the list.
    public var warnings: [String]

    public init(path: String, plan: HikeImportPlan, warnings: [String] = []) {
        self.path = path
        self.plan = plan
        self.ticked = Set(plan.defaultSelection)
        self.warnings = warnings
    }

    /// The candidates ticked by default and by "all": the non-empty ones not already stored
    /// (all non-empty ones when every one is stored).
    public var newCandidates: Set<Int> {
        let fresh = Set(plan.defaultSelection).subtracting(storedCopies.keys)
        return fresh.isEmpty ? Set(plan.defaultSelection) : fresh
    }

    /// Marks `copies` as already stored and unticks them.
    public mutating func markStored(_ copies: [Int: HikeID]) {
        storedCopies = copies
        ticked.subtract(copies.keys)
    }
}

extension AppState {
    /// The open hike: the hike screen's, or the one under the follow screen; nil elsewhere.
    /// Setting changes the open hike of those screens and does nothing on the others (only
    /// ``CairnApp/navigate(_:to:)`` opens or closes a screen).
    public internal(set) var hike: HikeModel? {
        get {
            switch screen {
            case .hike(let h), .follow(_, over: let h): return h
            case .registered(let s): return (s.model as? any CarriesHike)?.hike
            default: return nil
            }
        }
        set {
            guard let newValue else { return }
            switch screen {
            case .hike: screen = .hike(newValue)
            case .follow(let f, over: _): screen = .follow(f, over: newValue)
            case .registered(var s):
                guard var m = s.model as? any CarriesHike else { return }
                m.hike = newValue
                s.model = m
                screen = .registered(s)
            default: break
            }
        }
    }

    /// The drawing screen's model while it shows (setting does nothing elsewhere).
    public internal(set) var drawing: DrawModel? {
        get { if case .draw(let m) = screen { return m } else { return nil } }
        set { if let newValue, case .draw = screen { screen = .draw(newValue) } }
    }

    /// The following in progress, while the follow screen shows (setting does nothing elsewhere).
    public internal(set) var following: FollowModel? {
        get { if case .follow(let f, over: _) = screen { return f } else { return nil } }
        set { if let newValue, case .follow(_, over: let h) = screen { screen = .follow(newValue, over: h) } }
    }
}

/// The model of a registered screen that shows the open hike's state live and goes back to it
/// (the match review): ``AppState/hike`` reads and writes the hike through it.
public protocol CarriesHike: Sendable {
    var hike: HikeModel { get set }
}
