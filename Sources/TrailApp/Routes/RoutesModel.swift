import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

/// Trail completion of one line as the screens show it (computed by the effect performer over
/// every walk and recording near it: ``TrailCompletion``).
public struct CompletionFigures: Sendable, Equatable {
    /// A missing stretch: distance along (metres) and the nearest named places at its ends.
    public struct Missing: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var fromName: String?
        public var toName: String?
        public init(start: Double, end: Double, fromName: String?, toName: String?) {
            self.start = start; self.end = end; self.fromName = fromName; self.toName = toName
        }
        public var length: Double { end - start }
    }

    public var share: Double
    public var length: Double
    public var walked: Double
    /// Walked stretches as distance ranges along the line (the covered style on the map).
    public var walkedRanges: [ClosedRange<Double>]
    public var missing: [Missing]
    /// Hikes and walks read (those whose box meets the line's).
    public var hikesRead: Int
    public var walksRead: Int

    public init(share: Double, length: Double, walked: Double, walkedRanges: [ClosedRange<Double>], missing: [Missing],
                hikesRead: Int, walksRead: Int) {
        self.share = share; self.length = length; self.walked = walked; self.walkedRanges = walkedRanges
        self.missing = missing; self.hikesRead = hikesRead; self.walksRead = walksRead
    }

    /// The hike screen's completion rows: "Completion: 38 % walked", "4.2 km of 11.0 km", then
    /// each missing stretch ("missing 1.2 km from A to B", longest first), packed with ", " into
    /// at most `maxRows` rows of `width` cells. A stretch wider than the panel is cut with "…"
    /// (never skipped for a smaller one after it); the stretches left over are counted ("2 more
    /// missing stretches") when room is left. For a hike that is itself a walk (a recording, a
    /// timed track: `ofAWalk`), the headline says the figures are other hikes' ("Walked again:
    /// 0 % by other hikes"), since its own walk is not counted (issue 34: "0 % walked" on the
    /// hiker's own recording read as a fault).
    public func rows(_ u: UnitFormatter, width: Int, maxRows: Int, ofAWalk: Bool = false) -> [String] {
        guard width > 0, maxRows > 0 else { return [] }
        let clean = TextSanitizer.sanitize
        let percent = Int((share * 100).rounded(.down))
        var parts = [ofAWalk ? L("Walked again: %d %% by other hikes", percent) : L("Completion: %d %% walked", percent),
                     L("%s of %s", u.distance(walked), u.distance(length))]
        parts += missing.sorted { $0.length > $1.length }.map {
            clean((ofAWalk ? L("not walked again %s", u.distance($0.length)) : L("missing %s", u.distance($0.length)))
                  + TrailCompletion.placesText(from: $0.fromName, to: $0.toName))
        }
        // Biggest stretch first; one too wide for the panel is cut ("…"), never skipped for a
        // smaller one after it.
        var rows: [[String]] = []
        func rowWidth(_ row: [String]) -> Int { row.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, row.count - 1) }
        var shown = 0
        for part in parts.map({ TextFit.truncate($0, toWidth: width) }) {
            if let last = rows.last, rowWidth(last + [part]) <= width {
                rows[rows.count - 1].append(part)
            } else if rows.count < maxRows {
                rows.append([part])
            } else { break }
            shown += 1
        }
        // The stretches left over are counted; a shown stretch (never the headline or the
        // biggest) gives way to the count when the last row has no room for it.
        func note(_ left: Int) -> String {
            ofAWalk ? Ln("%d more stretch", "%d more stretches", left, left)
                : Ln("%d more missing stretch", "%d more missing stretches", left, left)
        }
        if shown < parts.count, shown > 2 {
            while shown > 3, let last = rows.last, rowWidth(last + [note(parts.count - shown)]) > width,
                  rows.count >= maxRows || DisplayWidth.of(note(parts.count - shown)) > width {
                rows[rows.count - 1].removeLast()
                shown -= 1
                if rows[rows.count - 1].isEmpty { rows.removeLast() }
            }
            let n = note(parts.count - shown)
            if let last = rows.last, rowWidth(last + [n]) <= width {
                rows[rows.count - 1].append(n)
            } else if rows.count < maxRows, DisplayWidth.of(n) <= width { rows.append([n]) }
        }
        return rows.map { $0.joined(separator: ", ") }
    }

    /// "38 % walked, missing 12.4 km from Arinsal to Coll…" in one line for a panel.
    public func line(_ u: UnitFormatter) -> String {
        var s = L("%d %% walked (%s of %s)", Int((share * 100).rounded(.down)), u.distance(walked), u.distance(length))
        if let m = missing.max(by: { $0.length < $1.length }) {
            s += ", " + L("missing %s", u.distance(m.length)) + TrailCompletion.placesText(from: m.fromName, to: m.toName)
            if missing.count > 1 { s += " " + L("and %d more", missing.count - 1) }
        }
        return s
    }
}

/// The Routes screen: the waymarked routes near the view (the hike screen's map, or the
/// library's selected hike), the selection and its line on a map with the walked parts. Esc
/// goes back through ``AppState/backStack``.
public struct RoutesModel: Sendable {
    /// The hike screen it was opened from, whose map's view it searches (nil: the library).
    public var origin: HikeModel?
    /// The box searched and the point routes are sorted by distance from.
    public var box: BoundingBox?
    public var point: Coordinate?
    /// Long-distance paths shown too (`a`).
    public var showsAll = false
    /// The routes found (nil while the search runs), and how many long ones were left out.
    public var routes: [RouteSummary]?
    public var hiddenLongDistance = 0
    public var selected = 0
    /// Completion per route id, as answers arrive.
    public var completions: [Int64: CompletionFigures] = [:]
    /// The map of the selected route, and its data.
    public var viewport: MapViewport
    public var basemap: MapBasemap?
    /// The selected route as a line the map draws (distances along match ``CompletionFigures``).
    public var preview: PreparedHike?
    public var pendingList: Int?
    public var requests = 0

    public init(origin: HikeModel?, box: BoundingBox?, point: Coordinate?, viewport: MapViewport) {
        self.origin = origin
        self.box = box
        self.point = point
        self.viewport = viewport
    }

    public var selectedRoute: RouteSummary? {
        guard let r = routes, !r.isEmpty else { return nil }
        return r[min(max(0, selected), r.count - 1)]
    }
}

/// Work the Routes screen asks for.
public enum RoutesEffect: Equatable, Sendable {
    /// The routes in a box (nil: all the map has), nearest `point` first.
    case list(request: Int, box: BoundingBox?, point: Coordinate?, includeLongDistance: Bool)
    /// Completion of a line (a route's runs) over all walks; `excluding` a hike's own track.
    case completion(key: CompletionKey, runs: [[Coordinate]], excluding: HikeID?)
    /// Store the route as a hike (terrain heights where tiles exist) and open it.
    case open(RouteSummary)
}

/// What a completion answer is for.
public enum CompletionKey: Hashable, Sendable {
    case route(Int64)
    case hike(HikeID)
}

/// Answers for the Routes screen (and the hike screen's completion line).
public enum RoutesMessage: Sendable {
    case listed(request: Int, [RouteSummary], hiddenLongDistance: Int)
    case completion(CompletionKey, CompletionFigures)
    /// The route stored as this hike (or found stored already): open it.
    case opened(HikeID, status: String)
    case failed(String)
}
