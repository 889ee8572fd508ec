import Foundation
import TrailCore
import TrailMap
import TrailStore

/// The match review screen over the open hike: its recorded line, the match of it onto the
/// mapped ways, the stretches where they differ with what the hiker keeps of each, and the
/// line version the hike shows now.
public struct ReviewModel: Sendable {
    /// The hike screen underneath (Esc goes back to it; its basemap serves this map).
    public var hike: HikeModel
    /// The hike screen's own view, given back to it on leaving.
    public var hikeViewport: MapViewport
    /// The recorded line, one list per segment (nil while the match is computed).
    public var raw: [[Coordinate]]?
    /// The match (nil while it is computed or when it failed).
    public var match: TrackMatch?
    /// Per section of ``TrackMatch/sections``: what is kept.
    public var choices: [SectionChoice] = []
    /// The selected section.
    public var selected = 0
    /// The line version the hike shows (0: the raw line).
    public var keptVersion = 0
    /// The choices of the line version the hike shows, when this match gives it (the review
    /// then opens with them); nil for the raw line or a version from another match.
    public var savedChoices: [SectionChoice]?
    /// True once a version was kept or undone here: the hike is read again on leaving.
    public var changed = false
    /// Why there is no match, when it failed.
    public var failure: String?
    /// True after Esc/q was pressed once with choices not saved (a second press leaves).
    public var leaveWarned = false

    /// True when the choices differ from the ones the shown line was saved with (or, when it
    /// was not saved from this match, from the matcher's own: every section matched).
    public var hasUnsavedChoices: Bool {
        guard match != nil else { return false }
        let baseline = savedChoices ?? sections.map { $0.kind == .unmatched ? SectionChoice.raw : .matched }
        return baseline != effectiveChoices
    }

    public init(hike: HikeModel) {
        self.hike = hike
        hikeViewport = hike.screen.viewport
    }

    /// The sections (empty before the match).
    public var sections: [TrackMatch.Section] { match?.sections ?? [] }

    /// The selected section, nil when there is none.
    public var selectedSection: TrackMatch.Section? {
        let s = sections
        return s.isEmpty ? nil : s[min(max(0, selected), s.count - 1)]
    }

    /// What is kept of section `i` (unmatched sections stay raw whatever is chosen).
    public func choice(_ i: Int) -> SectionChoice {
        guard i < sections.count, sections[i].kind != .unmatched else { return .raw }
        return i < choices.count ? choices[i] : .matched
    }

    /// The current choices, one per section (unmatched ones raw), as saved with a version.
    public var effectiveChoices: [SectionChoice] { sections.indices.map { choice($0) } }

    /// Length of the line that keeping the current choices would give, metres: the matched
    /// length with each section's matched length replaced by what is kept of it.
    public var keptLength: Double? {
        guard let match else { return nil }
        var total = match.length
        for (i, s) in match.sections.enumerated() where s.kind != .unmatched || s.collapsed {
            switch choice(i) {
            case .matched: break
            case .raw: total += s.rawLength - s.matchedLength
            case .alternative: total += (s.alternativeLength ?? s.matchedLength) - s.matchedLength
            }
        }
        return total
    }
}

/// Work the review screen asks for.
public enum ReviewEffect: Equatable, Sendable {
    /// Match the hike's recorded line onto the map store's ways.
    case match(HikeID)
    /// Store the line these choices give as a new version of the hike's line and keep it.
    case keep(HikeID, TrackMatch, [SectionChoice])
    /// Go back to the recorded line.
    case keepRaw(HikeID)
}

/// Answers for the review screen.
public enum ReviewMessage: Sendable {
    /// The match of the hike's recorded line (per segment), the version it shows now and, when
    /// that is a version this match gives, its choices (``TrackMatch/choices(giving:recorded:)``).
    case matched(HikeID, raw: [[Coordinate]], TrackMatch, keptVersion: Int, keptChoices: [SectionChoice]? = nil)
    /// A version kept (0: the raw line again), with the hike's length now, metres; `reused`: an
    /// equal line was already stored as that version and is shown again (nothing new stored).
    case kept(HikeID, version: Int, length: Double, reused: Bool = false)
    /// Nothing stored: the line to keep is the one the hike shows (`version`, 0 for the raw line).
    case unchanged(HikeID, version: Int)
    /// Matching or storing failed.
    case failed(String)
}
