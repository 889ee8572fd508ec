import Localization
import Foundation
import HikeServices
import TrailCore
import TrailMap
import TrailStore

/// `cairn match ID`: snaps a stored hike onto the mapped paths and lists what would change.
public enum MatchCommand: Command {
    public static let name = "match"
    public static let summary = N("Match a hike onto the mapped paths and list the sections that move")
    public static let about = N("Snaps the hike's line onto the walkable ways of the map (hidden Markov model map\nmatching with Viterbi decoding, Newson & Krumm 2009; GPS error 5 m, candidates\nwithin 30 m) and lists every section the match moves more than 15 m from the\nrecording, or where another way fits nearly as well, with the raw and matched\nlengths, and the stretches with no way near, which stay as recorded. Without --keep\nnothing is changed (review section by section on the hike screen: m). --keep matched\nstores the matched line as a new version of the hike's line, which the statistics,\nthe map, the profile and export use from then on; --keep raw goes back to the\nrecording. A moved stretch whose points all match to one spot (a matched line\nshorter than the GPS error) is listed as unmatched and stays as recorded. Every\nrecorded height and time stays on a kept line (no summit is cut); the ways' vertices\nbetween them get heights and times interpolated to the recording's precision. Where\na section has another way (chosen in the review), a note says when keeping it would\ncut the hike's high point or change its gain or loss by more than 5 m. The recorded\npoints are never changed (cairn export --line raw). A kept line's length, heights\nand grades are its own; its times, speeds and moving time are the recording's (the\nways' vertices between matched points have no measured time). A hike with no\nwalkable way within 30 m of any point is refused with the box to import (cairn map\nimport, cairn map fetch --around ID); keeping the line the hike already shows stores\nnothing (\"nothing changed\"), and a line equal to a stored version is kept again from\nthere, never stored twice.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let json = OptionSpec("--json", help: N("JSON (metres, point indices) instead of text"))
    static let keep = OptionSpec("--keep", value: "LINE", kind: .choice(["matched", "raw"]),
                                 help: N("store the matched line as the hike's line, or go back to the raw one"))
    public static let options: [OptionSpec] = [json, keep, .units, .store, .map]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let units = try UnitsOption.formatter(args, context)
        guard args.positionals.count == 1 else { throw CLIError.usage(L("match needs exactly one ID")) }
        let keep = try args.value(Self.keep).map { v -> HikeLine in
            switch v.lowercased() {
            case "matched": return .kept
            case "raw": return .raw
            case "alternative", "other", "mixed":
                // Another way is a per-section choice: the review on the hike screen makes it.
                throw CLIError.usage(L("--keep takes matched or raw, not '%s': another way, or a mix of matched and recorded sections, is chosen section by section in the review (cairn tui, open the hike, m)", TerminalText.clean(v)))
            default: throw CLIError.usage(L("--keep takes matched or raw, not '%s'", TerminalText.clean(v)))
            }
        }
        if keep != nil && args.has(Self.json) {
            // --json prints the match for review; what --keep did is one line of text.
            throw CLIError.usage(L("--json prints the match (without --keep); --keep says in one line what it kept"))
        }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false)
        let id = try StoreAccess.ids(args.positionals, in: store)[0]
        if keep == .raw {
            let length = { units.distance(try store.summary(id).statistics.distance) }
            guard try store.keepRawLine(of: id) else {
                try context.stdout.write(L("%s: nothing changed: the hike already shows its recorded line (%s)", id, length()) + "\n")
                return 0
            }
            try context.stdout.write(L("%s: the raw line is kept (%s)", id, length()) + "\n")
            return 0
        }
        let recorded = try store.tracks(of: id, line: .raw).flatMap(\.segments).map(\.points)
        let segments = recorded.map { $0.map(\.coordinate) }
        let mapPath = try MapCommandSupport.storePath(args, context)
        guard let map = try GroundSurveys.openMap(mapPath) else {
            throw CLIError.failure(L("no map at %s: import one with `cairn map import EXTRACT.osm.pbf`", TerminalText.clean(mapPath)))
        }
        guard var match = try HikeMatching.match(segments: segments, map: map) else {
            throw CLIError.failure(L("hike %s has no points to match", id))
        }
        if match.matchedShare == 0, let box = BoundingBox(covering: segments.flatMap { $0 }) {
            throw CLIError.failure(Self.offTheMap(id, box: box, mapPath: mapPath))
        }
        if keep == .kept {
            let kept = try HikeMatching.keep(match, choices: [], of: id, in: store)
            let length = try store.summary(id).statistics.distance
            let collapsed = match.sections.filter(\.collapsed).count
            // What --keep matched keeps as recorded, said where a version is shown.
            let stays = collapsed == 0 ? "" : clauseSeparator + Ln("%d section whose points all matched to one spot stays as recorded",
                                                        "%d sections whose points all matched to one spot stay as recorded", collapsed, collapsed)
            switch kept {
            case .unchanged(let version):
                context.stdout.write((version == 0 ? L("%s: nothing changed: the hike's line is already this one (the recording)", id)
                                                   : L("%s: nothing changed: the hike's line is already version %d, the same line", id, version)) + "\n")
            case .reused(0):
                context.stdout.write(L("%s: the matched line is the recording itself: the hike shows its recorded line again (%s), nothing new stored", id, units.distance(length)) + "\n")
            case .reused(let version):
                // TRANSLATORS: the last %s before ")" is empty or "; 2 sections whose points all matched to one spot stay as recorded".
                context.stdout.write(L("%s: version %d is this same line: shown again (%s%s), nothing new stored; undo: cairn match %s --keep raw", id, version, units.distance(length), stays, id) + "\n")
            case .stored(let version):
                // TRANSLATORS: the %s right before ")" is empty or "; 2 sections whose points all matched to one spot stay as recorded".
                context.stdout.write(L("%s: matched line kept as version %d: %s (recorded %s%s); undo: cairn match %s --keep raw", id, version, units.distance(length),
                                       units.distance(HikeMatching.length(segments)), stays, id) + "\n")
            }
            return 0
        }
        match.noteHeightEffects(recorded: recorded)
        if args.has(Self.json) {
            context.stdout.write(try HikeJSON.text(MatchJSON(id: id.rawValue, match, rawLength: HikeMatching.length(segments))))
        } else {
            context.stdout.write(text(id, match, rawLength: HikeMatching.length(segments), units))
        }
        return 0
    }

    /// What `match` says when no point of the hike has a walkable way near: the map has
    /// nothing under it, and which extract to import (the box to cover).
    static func offTheMap(_ id: HikeID, box: BoundingBox, mapPath: String) -> String {
        let f = { (v: Double) in String(format: "%.4f", v) }
        return L("no map data under hike %s: no walkable way of %s within 30 m of any of its points; import an OpenStreetMap extract covering %s,%s to %s,%s (latitude,longitude) with `cairn map import EXTRACT.osm.pbf`, or fetch it with `cairn map fetch --around %s`; nothing was changed",
                 id, TerminalText.clean(mapPath), f(box.minLatitude), f(box.minLongitude), f(box.maxLatitude), f(box.maxLongitude), id)
    }

    static func text(_ id: HikeID, _ m: TrackMatch, rawLength: Double, _ u: UnitFormatter) -> String {
        let out = Ln("%s  matched %s %% of %d point; %s recorded, %s matched", "%s  matched %s %% of %d points; %s recorded, %s matched", m.pointCount,
                     id, u.decimal(m.matchedShare * 100, decimals: 1), m.pointCount, u.distance(rawLength), u.distance(m.length)) + "\n"
        let review = m.sections
        if review.isEmpty { return out + L("Nothing to review: the match follows the recording.") + "\n" }
        var t = TextTable(headers: ["#", L("KIND"), L("POINTS"), L("RAW"), L("MATCHED"), L("DIFFERENCE"), L("MAX OFFSET")],
                          rightAligned: [0, 3, 4, 5, 6])
        for (k, s) in review.enumerated() {
            // "no path"/"off map" and "stays recorded": the review screen's words for a stretch with
            // no walkable way near, or no map at all (DECISIONS 482, 506).
            let diff = s.kind == .unmatched ? L("stays recorded") : (s.lengthDifference >= 0 ? "+" : "−") + u.distance(abs(s.lengthDifference))
            t.add(["\(k + 1)", kindWord(s), "\(s.points.lowerBound)-\(s.points.upperBound)", u.distance(s.rawLength),
                   s.kind == .unmatched ? "--" : u.distance(s.matchedLength), diff,
                   s.kind == .unmatched ? "--" : u.distance(s.maxOffset)])
        }
        let notes = review.indices.filter { review[$0].collapsed }.map { k in
            L("%d: every point matched to one spot (%s of line for %s walked): not a way the hike took, the recording stays",
              k + 1, u.distance(review[k].matchedLength), u.distance(review[k].rawLength)) + "\n"
        }
        let offMap = review.indices.filter { review[$0].outsideMap }.map { k in
            L("%d: off the map (no extract imported there), the recording stays; `cairn map fetch --around %s` or `cairn map import` an extract covering it",
              k + 1, id) + "\n"
        }
        let heights = review.indices.compactMap { k in
            review[k].alternativeHeightEffect.flatMap { $0.isSignificant ? L("%d: the other way %s", k + 1, $0.summary(u)) + "\n" : nil }
        }
        return out + t.render() + "\n" + notes.joined() + offMap.joined() + heights.joined()
    }

    /// The KIND column: "moved", "ambiguous", or for an unmatched stretch "no path" (no walkable
    /// way near) or "off map" (no map at all), the review screen's words.
    static func kindWord(_ s: TrackMatch.Section) -> String {
        switch s.kind {
        // TRANSLATORS: a matched section whose line runs more than 15 m from the recording.
        case .moved: return L("moved")
        // TRANSLATORS: a matched section where another way fits nearly as well.
        case .ambiguous: return L("ambiguous")
        case .unmatched: return s.outsideMap ? L("off map") : L("no path")
        }
    }
}
