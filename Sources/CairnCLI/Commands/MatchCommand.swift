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
        guard args.positionals.count == 1 else { throw CLIError.usage("match needs exactly one ID") }
        let keep = try args.value(Self.keep).map { v -> HikeLine in
            switch v.lowercased() {
            case "matched": return .kept
            case "raw": return .raw
            case "alternative", "other", "mixed":
                // Another way is a per-section choice: the review on the hike screen makes it.
                throw CLIError.usage("--keep takes matched or raw, not '\(TerminalText.clean(v))': another way, or a mix of "
                                     + "matched and recorded sections, is chosen section by section in the review "
                                     + "(cairn tui, open the hike, m)")
            default: throw CLIError.usage("--keep takes matched or raw, not '\(TerminalText.clean(v))'")
            }
        }
        if keep != nil && args.has(Self.json) {
            // --json prints the match for review; what --keep did is one line of text.
            throw CLIError.usage("--json prints the match (without --keep); --keep says in one line what it kept")
        }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false)
        let id = try StoreAccess.ids(args.positionals, in: store)[0]
        if keep == .raw {
            let length = { units.distance(try store.summary(id).statistics.distance) }
            guard try store.keepRawLine(of: id) else {
                context.stdout.write("\(id): nothing changed: the hike already shows its recorded line (\(try length()))\n")
                return 0
            }
            context.stdout.write("\(id): the raw line is kept (\(try length()))\n")
            return 0
        }
        let recorded = try store.tracks(of: id, line: .raw).flatMap(\.segments).map(\.points)
        let segments = recorded.map { $0.map(\.coordinate) }
        let mapPath = try MapCommandSupport.storePath(args, context)
        guard let map = try GroundSurveys.openMap(mapPath) else {
            throw CLIError.failure("no map at \(TerminalText.clean(mapPath)): import one with `cairn map import EXTRACT.osm.pbf`")
        }
        guard var match = try HikeMatching.match(segments: segments, map: map) else {
            throw CLIError.failure("hike \(id) has no points to match")
        }
        if match.matchedShare == 0, let box = BoundingBox(covering: segments.flatMap { $0 }) {
            throw CLIError.failure(Self.offTheMap(id, box: box, mapPath: mapPath))
        }
        if keep == .kept {
            let kept = try HikeMatching.keep(match, choices: [], of: id, in: store)
            let length = try store.summary(id).statistics.distance
            let collapsed = match.sections.filter(\.collapsed).count
            // What --keep matched keeps as recorded, said where a version is shown.
            let stays = collapsed == 0 ? "" : ("; \(collapsed) section\(collapsed == 1 ? "" : "s") whose points all matched to one spot "
                + "stay\(collapsed == 1 ? "s" : "") as recorded")
            switch kept {
            case .unchanged(let version):
                context.stdout.write("\(id): nothing changed: the hike's line is already "
                                     + (version == 0 ? "this one (the recording)" : "version \(version), the same line") + "\n")
            case .reused(0):
                context.stdout.write("\(id): the matched line is the recording itself: the hike shows its recorded line again "
                                     + "(\(units.distance(length))), nothing new stored\n")
            case .reused(let version):
                context.stdout.write("\(id): version \(version) is this same line: shown again (\(units.distance(length))\(stays)), "
                                     + "nothing new stored; undo: cairn match \(id) --keep raw\n")
            case .stored(let version):
                context.stdout.write("\(id): matched line kept as version \(version): \(units.distance(length)) "
                                     + "(recorded \(units.distance(HikeMatching.length(segments)))\(stays)); undo: cairn match \(id) --keep raw\n")
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
        return "no map data under hike \(id): no walkable way of \(TerminalText.clean(mapPath)) within 30 m of any of its points; "
            + "import an OpenStreetMap extract covering \(f(box.minLatitude)),\(f(box.minLongitude)) to "
            + "\(f(box.maxLatitude)),\(f(box.maxLongitude)) (latitude,longitude) with `cairn map import EXTRACT.osm.pbf`, "
            + "or fetch it with `cairn map fetch --around \(id)`; nothing was changed"
    }

    static func text(_ id: HikeID, _ m: TrackMatch, rawLength: Double, _ u: UnitFormatter) -> String {
        let out = "\(id)  matched \(String(format: "%.1f", m.matchedShare * 100)) % of \(m.pointCount) points; "
            + "\(u.distance(rawLength)) recorded, \(u.distance(m.length)) matched\n"
        let review = m.sections
        if review.isEmpty { return out + "Nothing to review: the match follows the recording.\n" }
        var t = TextTable(headers: ["#", "KIND", "POINTS", "RAW", "MATCHED", "DIFFERENCE", "MAX OFFSET"],
                          rightAligned: [0, 3, 4, 5, 6])
        for (k, s) in review.enumerated() {
            // "no path"/"off map" and "stays recorded": the review screen's words for a stretch with
            // no walkable way near, or no map at all (DECISIONS 482, 506).
            let diff = s.kind == .unmatched ? "stays recorded" : (s.lengthDifference >= 0 ? "+" : "−") + u.distance(abs(s.lengthDifference))
            t.add(["\(k + 1)", s.kind == .unmatched ? (s.outsideMap ? "off map" : "no path") : s.kind.rawValue, "\(s.points.lowerBound)-\(s.points.upperBound)", u.distance(s.rawLength),
                   s.kind == .unmatched ? "--" : u.distance(s.matchedLength), diff,
                   s.kind == .unmatched ? "--" : u.distance(s.maxOffset)])
        }
        let notes = review.indices.filter { review[$0].collapsed }.map { k in
            "\(k + 1): every point matched to one spot (\(u.distance(review[k].matchedLength)) of line for "
                + "\(u.distance(review[k].rawLength)) walked): not a way the hike took, the recording stays\n"
        }
        let offMap = review.indices.filter { review[$0].outsideMap }.map { k in
            "\(k + 1): off the map (no extract imported there), the recording stays; "
                + "`cairn map fetch --around \(id)` or `cairn map import` an extract covering it\n"
        }
        let heights = review.indices.compactMap { k in
            review[k].alternativeHeightEffect.flatMap { $0.isSignificant ? "\(k + 1): the other way \($0.summary(u))\n" : nil }
        }
        return out + t.render() + "\n" + notes.joined() + offMap.joined() + heights.joined()
    }
}
