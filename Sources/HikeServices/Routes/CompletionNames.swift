import TrailApp
import TrailCore
import TrailMap
import TrailStore

/// Trail completion (``HikeStore/completion(of:excluding:)``) as both front ends show it: the
/// viewer's ``CompletionFigures`` and `cairn routes`/`cairn show`'s report, with the nearest
/// named place of the map at each end of every missing stretch (walked stretches are not named).
public enum CompletionNames {
    /// The names at the two ends of a stretch (nil: nothing named near, or no map).
    public struct Ends: Sendable, Equatable {
        public var from: String?
        public var to: String?

        public init(from: String?, to: String?) {
            self.from = from
            self.to = to
        }
    }

    /// The nearest named place (``MapStore/nearestPlaceName(to:)``) at each end of each of
    /// `stretches`; none without `map` or where the map cannot be read.
    public static func ends(of stretches: [TrailCompletion.Stretch], map: MapStore?) -> [Ends] {
        stretches.map { s in
            Ends(from: (try? map?.nearestPlaceName(to: s.from)) ?? nil, to: (try? map?.nearestPlaceName(to: s.to)) ?? nil)
        }
    }

    /// The hike screen's and the Routes screen's figures of completion `c` over the lines
    /// `lines` read, with `names` of its missing stretches (nil: unnamed).
    public static func figures(_ c: TrailCompletion, _ lines: HikeStore.WalkedLines, names: [Ends]? = nil) -> CompletionFigures {
        let missing = c.missingStretches.enumerated().map { i, m in
            let n = names.flatMap { $0.indices.contains(i) ? $0[i] : nil }
            return CompletionFigures.Missing(start: m.start, end: m.end, fromName: n?.from, toName: n?.to)
        }
        return CompletionFigures(share: c.share, length: c.length, walked: c.walked,
                                 walkedRanges: c.walkedStretches.map { $0.start...$0.end }, missing: missing,
                                 hikesRead: lines.hikesRead, walksRead: lines.walksRead)
    }
}
