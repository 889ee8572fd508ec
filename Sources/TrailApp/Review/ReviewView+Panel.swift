import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

/// The review's heading, section list and section detail, fitted to any size down to about
/// 40×12 (DECISIONS 480): the map gives way first (it is left out below 4 rows), then list rows
/// (down to the selected one), then the detail's lengths and explanation; the version shown,
/// the line's length with these choices and the keys stay (the keys wrap, then take their
/// short form); the list's columns go before its KEEP value, which is never cut (short forms
/// where the full ones do not fit).
extension ReviewView {
    /// One text row and its role.
    typealias Row = (text: String, role: String)

    // MARK: Heading

    /// "shows: line version 2 (these choices)" and shorter forms of it, longest first.
    static func showsForms(_ model: ReviewModel) -> [String] {
        guard model.keptVersion != 0 else { return [L("shows: recorded line"), L("shows: recording")] }
        let v = model.keptVersion
        let suffixes: [String]
        if let saved = model.savedChoices {
            suffixes = saved == model.effectiveChoices ? [" " + L("(these choices)"), ""]
                : [" " + L("(choices changed: s saves)"), " " + L("(changed: s saves)"), " " + L("(changed)")]
        } else if model.match != nil {
            suffixes = [" " + L("(not from this match)"), " " + L("(other match)")]
        } else {
            suffixes = [""]
        }
        return suffixes.flatMap { s in [L("shows: line version %d", v) + s, L("shows: version %d", v) + s, L("shows: v%d", v) + s] }
            .sorted { DisplayWidth.of($0) > DisplayWidth.of($1) }
    }

    /// The heading's rows at `width`: the title with what the hike shows on one row when they
    /// fit in full, else on two (the second in the longest form that fits); the match's
    /// figures after them where they fit.
    static func headingRows(_ model: ReviewModel, _ u: UnitFormatter, width: Int) -> [String] {
        let name = TextSanitizer.sanitize(model.hike.screen.hike.name)
        let title = L("Match review · %s", name)
        let forms = showsForms(model)
        var rows: [String]
        // One row only for the full form: a second row is worth more than "v1 (changed)".
        if DisplayWidth.of(title + " · " + forms[0]) <= width {
            rows = [title + " · " + forms[0]]
        } else {
            rows = [title, forms.first { DisplayWidth.of($0) <= width } ?? forms[forms.count - 1]]
        }
        if let m = model.match, let raw = model.raw {
            let recorded = raw.reduce(0) { $0 + TrackMatch.length(of: $1[...]) }
            let figures = [L("%s %% of %d points matched", u.decimal(m.matchedShare * 100, decimals: 1), m.pointCount),
                           L("recorded %s, matched %s", u.distance(recorded), u.distance(m.length))]
            for f in figures where DisplayWidth.of(rows[rows.count - 1] + " · " + f) <= width { rows[rows.count - 1] += " · " + f }
        }
        return rows
    }

    // MARK: Section list

    /// A column of the section list: its title, width (the KEEP column: as wide as its
    /// values), alignment and value.
    struct Column {
        var title: String
        var width: Int
        var right: Bool
        var value: (Int, TrackMatch.Section) -> String
    }

    /// What is kept of section `i`, in full or short form ("*": the matcher has another way, `a`).
    static func keepLabel(_ model: ReviewModel, _ i: Int, short: Bool) -> String {
        let s = model.sections[i]
        let name: String
        switch s.kind == .unmatched ? .raw : model.choice(i) {
        // TRANSLATORS: what a section keeps, in the review list's KEEP column (short forms for narrow terminals).
        case .matched: name = short ? Lc("keep, short", "match") : Lc("keep", "matched")
        case .raw: name = short ? Lc("keep, short", "rec.") : Lc("keep", "recorded")
        case .alternative: name = short ? Lc("keep, short", "other") : Lc("keep", "other way")
        }
        return name + (s.alternative != nil ? " *" : "")
    }

    /// The kind of a section as the list names it: "no path" for a stretch with no walkable
    /// way near (``TrackMatch/Section/Kind/unmatched``), "off map" for one outside every
    /// imported extract (``TrackMatch/Section/outsideMap``).
    static func kindLabel(_ s: TrackMatch.Section) -> String {
        switch s.kind {
        case .unmatched: return s.outsideMap ? L("off map") : L("no path")
        case .moved: return Lc("section kind", "moved")
        case .ambiguous: return Lc("section kind", "ambiguous")
        }
    }

    /// The list's columns for `width`: all of them where they fit; else MAX OFF, MATCHED, RAW
    /// and KIND go, in that order; then KEEP takes its short forms. KEEP is never cut.
    static func columns(_ model: ReviewModel, _ u: UnitFormatter, width: Int) -> [Column] {
        let count = model.sections.count
        func keep(short: Bool) -> Column {
            let w = max(4, (0..<count).map { DisplayWidth.of(keepLabel(model, $0, short: short)) }.max() ?? 0)
            return Column(title: L("KEEP"), width: w + 2, right: false) { i, _ in "  " + keepLabel(model, i, short: short) }
        }
        let number = Column(title: "#", width: max(2, "\(count)".count), right: true) { i, _ in "\(i + 1)" }
        let kind = Column(title: L(" KIND"), width: 10, right: false) { _, s in " " + kindLabel(s) }
        let raw = Column(title: L("RAW"), width: 7, right: true) { _, s in u.distance(s.rawLength) }
        let matched = Column(title: L("MATCHED"), width: 8, right: true) { _, s in s.kind == .unmatched ? "--" : u.distance(s.matchedLength) }
        let diff = Column(title: L("DIFF"), width: 8, right: true) { _, s in
            s.kind == .unmatched ? "--" : (s.lengthDifference >= 0 ? "+" : "−") + u.distance(abs(s.lengthDifference))
        }
        let offset = Column(title: L("MAX OFF"), width: 8, right: true) { _, s in s.kind == .unmatched ? "--" : u.distance(s.maxOffset) }
        // A heading longer in the user's language widens its column (a gap before a right-aligned one).
        func widened(_ c: Column) -> Column {
            var c = c
            c.width = max(c.width, DisplayWidth.of(c.title) + (c.right ? 1 : 0))
            return c
        }
        let candidates: [[Column]] = ([[number, kind, raw, matched, diff, offset], [number, kind, raw, matched, diff],
                                      [number, kind, raw, diff], [number, kind, diff], [number, diff]]).map { $0.map(widened) }
        for short in [false, true] {
            for c in candidates where (c + [keep(short: short)]).reduce(0, { $0 + $1.width }) <= width { return c + [keep(short: short)] }
        }
        return [number, keep(short: true)]
    }

    /// The list's header and the row of section `i` for `columns`.
    static func listText(_ columns: [Column], _ row: (Int, TrackMatch.Section)?) -> String {
        columns.map { c in
            let v = row.map { c.value($0.0, $0.1) } ?? (c.title == L("KEEP") ? "  " + c.title : c.title)
            let gap = String(repeating: " ", count: max(0, c.width - DisplayWidth.of(v)))
            return c.right ? gap + v : v + gap
        }.joined()
    }

    // MARK: Section detail

    /// The keys of the selected section, in full ("m matched · r recorded · …") or short form
    /// ("m r a keep · s save · u raw"), as lines of at most `width` cells, broken between keys.
    static func keyRows(_ s: TrackMatch.Section, width: Int, short: Bool) -> [String] {
        let keys = short ? [s.alternative != nil ? L("m r a keep") : L("m r keep"), L("s save"), L("u raw"), L("? keys")]
            : [L("m matched"), L("r recorded")] + (s.alternative != nil ? [L("a other way")] : []) + [L("s save"), L("u recorded line")]
        var rows = [String]()
        for k in keys {
            if let last = rows.last, DisplayWidth.of(last + " · " + k) <= width { rows[rows.count - 1] = last + " · " + k } else { rows.append(k) }
        }
        return rows
    }

    /// The detail of the selected section in at most `height` rows of `width` cells: its
    /// heading, what happened there, its lengths, the line's length with these choices and the
    /// keys; where they do not all fit, the lengths go first, then the explanation, then the
    /// keys take their short form.
    static func detailRows(_ model: ReviewModel, _ u: UnitFormatter, width: Int, height: Int) -> [Row] {
        guard let s = model.selectedSection, let match = model.match, height > 0 else { return [] }
        let selected = min(max(0, model.selected), model.sections.count - 1)
        let heading: [Row] = TextFit.wrap(L("Section %d of %d: points %d-%d", selected + 1, model.sections.count, s.points.lowerBound, s.points.upperBound),
                                          toWidth: width).map { ($0, ThemeRole.heading) }
        let why: String
        switch s.kind {
        case .unmatched: why = s.collapsed ? L("No path: its points all match one spot. The recording stays as it is.")
            : s.outsideMap ? L("Off the map: no extract imported here. The recording stays as it is; `cairn map import` one covering it.")
            : L("No path: no walkable way within 30 m. The recording stays as it is.")
        case .moved: why = L("The match runs up to %s from the recording.", u.distance(s.maxOffset))
        case .ambiguous: why = L("Another way fits nearly as well here.") + (s.alternative != nil ? " " + L("(* a: take it)") : "")
        }
        let explanation: [Row] = TextFit.wrap(why, toWidth: width).map { ($0, ThemeRole.text) }
        let lengths: [Row] = s.kind == .unmatched ? [] : TextFit.wrap(L("recorded %s · matched %s", u.distance(s.rawLength), u.distance(s.matchedLength))
            + (s.alternativeLength.map { " · " + L("other way %s", u.distance($0)) } ?? "")
            + (s.alternativeHeightEffect.flatMap { $0.isSignificant ? " (\($0.summary(u)))" : nil } ?? ""), toWidth: width)
            .map { ($0, ThemeRole.text) }
        let kept: [Row] = model.keptLength.map { length in
            TextFit.wrap(L("Line with these choices: %s", ReviewFeature.lengthFigure(length, matched: match.length, u)), toWidth: width)
                .map { ($0, ThemeRole.text) }
        } ?? []
        let full: [Row] = keyRows(s, width: width, short: false).map { ($0, ThemeRole.muted) }
        let short: [Row] = keyRows(s, width: width, short: true).map { ($0, ThemeRole.muted) }
        let tries: [[Row]] = [heading + explanation + lengths + kept + full, heading + explanation + kept + full,
                              heading + kept + full, heading + explanation + kept + short, heading + kept + short, kept + short]
        return tries.first { $0.count <= height } ?? Array((kept + short).prefix(height))
    }

    /// Rows the panel needs to show its header, `listRows` sections and the whole detail at `width`.
    static func panelRowsNeeded(_ model: ReviewModel, _ u: UnitFormatter, width: Int, listRows: Int) -> Int {
        guard model.match != nil else { return 4 }
        let w = max(1, width - 2)
        let detail = detailRows(model, u, width: w, height: 99).count
        return 1 + min(listRows, max(1, model.sections.count)) + detail
    }

    // MARK: Drawing

    static func renderPanel(_ model: ReviewModel, _ env: WidgetEnvironment, _ area: Rect, _ buffer: inout Buffer) {
        guard area.width >= 12, area.height >= 2 else { return }
        let u = env.format
        let x = area.x + 1, w = area.width - 2
        guard let match = model.match else {
            let text = model.failure.map { L("No match: %s", TextSanitizer.sanitize($0)) } ?? L("Matching the recording onto the mapped paths…")
            // Wrapped: the failure says what to import, which must not be cut off.
            for (i, line) in TextFit.wrap(text, toWidth: w).prefix(max(1, area.height - 1)).enumerated() {
                buffer.setString(x: x, y: area.y + 1 + i, line, style: env.style(model.failure == nil ? ThemeRole.muted : ThemeRole.warning),
                                 maxWidth: w)
            }
            return
        }
        let sections = match.sections
        let columns = columns(model, u, width: w)
        buffer.setString(x: x, y: area.y, listText(columns, nil), style: env.style(ThemeRole.muted), maxWidth: w)
        if sections.isEmpty {
            for (i, line) in TextFit.wrap(L("Nothing to review: the match follows the recording."), toWidth: w)
                .prefix(max(0, area.height - 1)).enumerated() {
                buffer.setString(x: x, y: area.y + 1 + i, line, style: env.style(ThemeRole.text), maxWidth: w)
            }
            return
        }
        // The detail first (at most what leaves one list row), the list in the rows left.
        let detail = detailRows(model, u, width: w, height: max(0, area.height - 2))
        let listHeight = max(1, area.height - 1 - detail.count)
        let selected = min(max(0, model.selected), sections.count - 1)
        let top = max(0, min(selected - listHeight / 2, sections.count - listHeight))
        for r in 0..<min(listHeight, sections.count - top) {
            let i = top + r
            let style = env.style(i == selected ? ThemeRole.selection : ThemeRole.text)
            if i == selected { buffer.fill(Rect(x: area.x, y: area.y + 1 + r, width: area.width, height: 1), with: Cell(" ").applying(style)) }
            buffer.setString(x: x, y: area.y + 1 + r, listText(columns, (i, sections[i])), style: style, maxWidth: w)
        }
        let y0 = area.maxY - detail.count
        for (k, row) in detail.enumerated() {
            buffer.setString(x: x, y: y0 + k, row.text, style: env.style(row.role), maxWidth: w)
        }
    }
}
