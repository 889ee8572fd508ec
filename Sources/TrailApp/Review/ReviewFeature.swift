import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

/// Where the review screen's parts go inside the content area: a heading row, the map on the
/// left with its legend in its own rows above it (one, or two when the map is narrower than
/// the legend), and the section list on the right (below the map when the screen is narrow).
struct ReviewLayout: Equatable {
    var heading: Rect
    var legend: Rect
    var map: Rect
    var panel: Rect

    /// - Parameters:
    ///   - headingRows: the heading's rows (1, or 2 where the title and the version shown do
    ///     not fit on one).
    ///   - panelRows: on a narrow screen, the rows the panel needs; it gets them (at least two
    ///     fifths of the body) before the map, and the map is left out where fewer than 4 rows
    ///     would remain below its legend (DECISIONS 480).
    init(area: Rect, headingRows: Int = 1, panelRows: Int = 0) {
        let top = min(max(1, headingRows), area.height)
        heading = Rect(x: area.x, y: area.y, width: area.width, height: top)
        let body = Rect(x: area.x, y: area.y + top, width: area.width, height: max(0, area.height - top))
        let legendRows = ReviewView.legendRows(width: body.width >= 90 ? body.width - min(64, max(58, body.width * 2 / 5)) - 1
                                                                        : body.width).count
        var left: Rect
        if body.width >= 90 {
            let panelWidth = min(64, max(58, body.width * 2 / 5))
            left = Rect(x: body.x, y: body.y, width: body.width - panelWidth - 1, height: body.height)
            panel = Rect(x: body.maxX - panelWidth, y: body.y, width: panelWidth, height: body.height)
        } else {
            let panelHeight = min(body.height, max(panelRows, body.height * 2 / 5))
            var mapHeight = body.height - panelHeight
            if mapHeight < legendRows + 4 { mapHeight = 0 }
            left = Rect(x: body.x, y: body.y, width: body.width, height: mapHeight)
            panel = Rect(x: body.x, y: body.y + mapHeight, width: body.width, height: body.height - mapHeight)
        }
        let rows = left.height < legendRows + 4 ? 0 : legendRows
        legend = Rect(x: left.x, y: left.y, width: left.width, height: rows)
        map = Rect(x: left.x, y: left.y + rows, width: left.width, height: left.height - rows)
    }
}

/// The match review screen's update: it changes only its ``ReviewModel`` and hands the rest back.
enum ReviewFeature {
    typealias Result = FeatureResult<ReviewEffect>

    /// Opens the review over the hike screen and asks for the match.
    static func open(_ hike: HikeModel) -> (ReviewModel, Result) {
        (ReviewModel(hike: hike), Result([.match(hike.id)], status: StatusMessage(text: L("Matching the recording onto the mapped paths…"),
                                                                                   isError: false)))
    }

    static func update(_ model: inout ReviewModel, _ event: InputEvent, _ context: FeatureContext) -> Result {
        guard case .key(let key) = event, let action = ReviewAction.keyMap.action(for: key) else { return Result() }
        let sections = model.sections
        let warned = model.leaveWarned
        model.leaveWarned = false
        switch action {
        case .help: return Result(modal: .help)
        case .back:
            // Choices made here and not saved are not dropped by one key.
            if model.hasUnsavedChoices && !warned {
                model.leaveWarned = true
                return Result(status: StatusMessage(text: L("Choices not saved: s saves them, Esc again leaves without them"), isError: false),
                              bell: true)
            }
            var hike = model.hike
            hike.screen.viewport = model.hikeViewport
            return Result(navigation: model.changed ? .openHike(hike.id) : .hike(hike))
        case .zoom(let d):
            model.hike.screen.viewport.zoom += Double(d)
            return mapResult(model)
        case .fit:
            fit(&model, context, section: nil)
            return mapResult(model)
        case .undo:
            return Result([.keepRaw(model.hike.id)], status: StatusMessage(text: L("Going back to the recorded line…"), isError: false))
        default: break
        }
        guard let match = model.match else { return Result(bell: true) }
        if model.choices.count != sections.count { model.choices = Array(repeating: .matched, count: sections.count) }
        switch action {
        case .move(let d):
            guard !sections.isEmpty else { return Result(bell: true) }
            model.selected = max(0, min(sections.count - 1, model.selected + d))
            fit(&model, context, section: model.selected)
            return mapResult(model)
        case .keepMatched, .keepRaw, .keepAlternative:
            guard let s = model.selectedSection else { return Result(bell: true) }
            guard s.kind != .unmatched else {
                let why = s.collapsed ? L("Its points all match one spot") : s.outsideMap ? L("No map is imported here") : L("No way is mapped here")
                return Result(status: StatusMessage(text: L("%s: this section stays as recorded", why), isError: false), bell: true)
            }
            let choice: SectionChoice = action == .keepMatched ? .matched : action == .keepRaw ? .raw : .alternative
            if choice == .alternative && s.alternative == nil {
                return Result(status: StatusMessage(text: L("The matcher found no other way for this section"), isError: false), bell: true)
            }
            model.choices[model.selected] = choice
            return Result(status: lengthStatus(model, context.environment.format))
        case .allMatched, .allRaw:
            model.choices = sections.map { _ in action == .allMatched ? .matched : .raw }
            return Result(status: lengthStatus(model, context.environment.format))
        case .save:
            let reviewed = sections.indices.filter { sections[$0].kind != .unmatched }
            if !reviewed.isEmpty && reviewed.allSatisfy({ model.choice($0) == .raw }) {
                return Result([.keepRaw(model.hike.id)], status: StatusMessage(text: L("Every section as recorded: keeping the recorded line…"),
                                                                               isError: false))
            }
            return Result([.keep(model.hike.id, match, model.choices)], status: StatusMessage(text: L("Saving the line…"), isError: false))
        default:
            return Result()
        }
    }

    /// "Line with these choices: 12.31 km (matched +5 m), recorded 12.45 km" for the choices now.
    static func lengthStatus(_ model: ReviewModel, _ u: UnitFormatter) -> StatusMessage? {
        guard let length = model.keptLength, let match = model.match, let raw = model.raw else { return nil }
        let recorded = raw.reduce(0) { $0 + TrackMatch.length(of: $1[...]) }
        return StatusMessage(text: L("Line with these choices: %s, recorded %s · s saves", lengthFigure(length, matched: match.length, u),
                                     u.distance(recorded)), isError: false)
    }

    /// "12.31 km (matched +5 m)": the length and its signed difference from the
    /// matched line in whole metres (feet), to a tenth below 10, so that changing any section's
    /// choice changes the figure whatever the length's own rounding (0.1 km above 10 km).
    static func lengthFigure(_ length: Double, matched: Double, _ u: UnitFormatter) -> String {
        let d = (length - matched) / u.system.metresPerElevationUnit
        let rounded = abs(d) < 9.95 ? (d * 10).rounded() / 10 : d.rounded()
        guard rounded != 0 else { return L("%s (as matched)", u.distance(length)) }
        let figure = abs(d) < 9.95 ? String(format: "%.1f", abs(rounded)) : "\(Int(abs(rounded)))"
        return L("%s (matched %s)", u.distance(length), "\(rounded > 0 ? "+" : "−")\(figure) \(u.system.elevationSymbol)")
    }

    /// "2 recorded, 1 other way, 6 matched": the current choices of the reviewed sections.
    static func choiceCounts(_ model: ReviewModel) -> String {
        let reviewed = model.sections.indices.filter { model.sections[$0].kind != .unmatched }
        let parts: [(SectionChoice, String)] = [(.raw, Lc("keep", "recorded")), (.alternative, Lc("keep", "other way")),
                                                (.matched, Lc("keep", "matched"))]
        return parts.compactMap { c, name in
            let n = reviewed.filter { model.choice($0) == c }.count
            return n == 0 ? nil : "\(n) \(name)"
        }.joined(separator: ", ")
    }

    /// The map on section `section` (nil: the whole line), at the review map's size.
    static func fit(_ model: inout ReviewModel, _ context: FeatureContext, section: Int?) {
        let map = ReviewView.layout(model, context.environment, area: context.layout.content).map
        var coords: [Coordinate]
        if let section, section < model.sections.count {
            let s = model.sections[section]
            coords = s.raw + s.matched + (s.alternative ?? [])
        } else {
            coords = (model.raw ?? []).flatMap { $0 }
        }
        if coords.isEmpty { coords = model.hike.screen.hike.coordinates }
        guard let box = BoundingBox(covering: coords) else { return }
        // A little room around a short section, so the ways beside it show.
        let pad = section == nil ? 0 : 0.0008
        let grown = BoundingBox(minLatitude: box.minLatitude - pad, minLongitude: box.minLongitude - pad,
                                maxLatitude: box.maxLatitude + pad, maxLongitude: box.maxLongitude + pad)
        model.hike.screen.viewport = MapViewport.fit(grown, width: max(1, map.width), height: max(1, map.height), maxZoom: 17)
    }

    /// After a resize: the map fits the selected section (or the whole line) at the new size
    /// (the hike screen's relayout would pan to its profile cursor instead).
    static func relayout(_ model: inout ReviewModel, _ context: FeatureContext) -> Result {
        fit(&model, context, section: model.sections.isEmpty ? nil : min(model.selected, model.sections.count - 1))
        return mapResult(model)
    }

    /// Asks for map data when the basemap cannot serve the view.
    static func mapResult(_ model: ReviewModel) -> Result {
        var result = Result()
        HikeFeature.askMapData(model.hike, &result)
        return result
    }

    /// An answer for the review screen.
    static func message(_ model: inout ReviewModel, _ message: ReviewMessage, _ context: FeatureContext) -> Result {
        switch message {
        case .matched(let id, let raw, let match, let version, let saved):
            guard id == model.hike.id else { return Result() }
            model.raw = raw
            if match.matchedShare == 0, let box = BoundingBox(covering: raw.flatMap { $0 }) {
                // No walkable way near any point: nothing to review, and where the map is missing
                // (as `cairn match` says it).
                let f = { (v: Double) in String(format: "%.4f", v) }
                model.match = nil
                model.failure = L("no map data under this hike (no walkable way within 30 m of any of its points). Import an OpenStreetMap extract covering %s,%s to %s,%s (latitude,longitude) with cairn map import EXTRACT.osm.pbf, or run cairn map fetch --around %s",
                                  f(box.minLatitude), f(box.minLongitude), f(box.maxLatitude), f(box.maxLongitude), id)
                fit(&model, context, section: nil)
                var result = mapResult(model)
                result.status = StatusMessage(text: L("No map data under this hike: nothing to match (Esc goes back)"), isError: true)
                return result
            }
            model.match = match
            model.keptVersion = version
            model.choices = saved.map { Array($0.prefix(match.sections.count)) } ?? []
            if model.choices.count != match.sections.count { model.choices = Array(repeating: .matched, count: match.sections.count) }
            model.savedChoices = version == 0 || saved == nil ? nil : model.effectiveChoices
            model.selected = 0
            model.failure = nil
            fit(&model, context, section: match.sections.isEmpty ? nil : 0)
            var result = mapResult(model)
            let n = match.sections.count
            let count = Ln("%d section to review", "%d sections to review", n, n)
            if version != 0, saved != nil {
                result.status = StatusMessage(text: L("Line version %d's choices: %s · m r a choose · s saves", version, choiceCounts(model)),
                                              isError: false)
            } else if version != 0 {
                // Saving may give a stored version again (DECISIONS 430), so "s saves", not "new".
                result.status = StatusMessage(text: L("%s: line version %d (shown) is not from this match (the map changed since?): these are this match's choices · s saves them",
                                                      count, version), isError: false)
            } else {
                result.status = StatusMessage(text: n == 0 ? L("The match follows the recording everywhere: nothing to review (s keeps it)")
                                                           : L("%s · m r a choose · s saves", count), isError: false)
            }
            return result
        case .kept(let id, let version, let length, let reused):
            guard id == model.hike.id else { return Result() }
            model.keptVersion = version
            model.savedChoices = version == 0 ? nil : model.effectiveChoices
            model.changed = true
            let u = context.environment.format
            let text: String
            if version == 0 {
                text = L("The hike shows its recorded line again (%s)", u.distance(length))
            } else if reused {
                text = L("Shown again: line version %d is this line (%s), nothing new stored", version, u.distance(length))
            } else {
                text = L("Kept as line version %d: %s · u goes back to the recording", version, u.distance(length))
            }
            return Result(status: StatusMessage(text: text, isError: false))
        case .unchanged(let id, let version):
            guard id == model.hike.id else { return Result() }
            model.keptVersion = version
            if version != 0, model.match != nil { model.savedChoices = model.effectiveChoices }
            return Result(status: StatusMessage(text: version == 0 ? L("Nothing changed: the hike already shows this line (the recording)")
                                                    : L("Nothing changed: the hike already shows this line (line version %d)", version),
                                                isError: false))
        case .failed(let reason):
            if model.match == nil { model.failure = reason }
            return Result(status: StatusMessage(text: L("Match review: %s", reason), isError: true), bell: true)
        }
    }
}
