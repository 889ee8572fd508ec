import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailLive
import TrailMap
@testable import TrailStore
@testable import TrailApp

/// The `?` help of the hike, follow and recording screens ends with a map legend (issue 36):
/// each mark is read off a map the screen's own drawing code rendered into a Buffer (the cell
/// the render reports for the position, start and finish, the cell a photo pin or place went
/// to), and the help, rendered by the app into a Buffer and read page by page, must have a line
/// beginning with that very glyph and saying what it is; in braille and in ASCII mode.
@Suite struct MapLegendTests {
    typealias F = FollowFixture

    /// The rows of the help box of `s` (opened with `?`, every page), each without the box's
    /// borders and the leading blanks.
    static func helpRows(_ app: CairnApp, _ state: AppState) -> [String] {
        var s = state
        _ = app.update(&s, .input(.key(.character("?"))))
        guard case .help = s.modal else { Issue.record("? opened no help"); return [] }
        var rows: [String] = []
        for _ in 0..<40 {
            rows += app.view(s, width: s.width, height: s.height).textLines().map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "│|").union(.whitespaces))
            }
            let before = s.helpScroll
            _ = app.update(&s, .input(.key(.pageDown)))
            if s.helpScroll == before { break }
        }
        return rows
    }

    /// `rows` has a line that is `glyph`, blanks, then `meaning` (its start, before any wrap).
    func expectLegend(_ rows: [String], _ glyph: String?, _ meaning: String, _ mode: CanvasMode,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        guard let glyph else { Issue.record("\(meaning): not drawn", sourceLocation: sourceLocation); return }
        let found = rows.contains { row in
            guard row.hasPrefix(glyph + " ") else { return false }
            return row.dropFirst(glyph.count).trimmingCharacters(in: .whitespaces).hasPrefix(meaning)
        }
        #expect(found, "\(mode): no legend line \"\(glyph)  \(meaning)…\" in\n\(rows.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }

    /// The text of `rows` without white space (a wrapped description joined again).
    func squeezed(_ rows: [String]) -> String { rows.joined().filter { !$0.isWhitespace } }

    /// The glyph in `buffer` at `cell` (nil when the cell was not drawn).
    func glyph(_ buffer: Buffer, _ cell: MapWidget.CellPosition?) -> String? {
        cell.flatMap { buffer[$0.x, $0.y]?.symbol }
    }

    /// A photo at route point `k` of the fixture hike.
    static func photo(_ k: Int) -> StoredPhoto {
        LivePhotoPinsTests.photo(1, at: k)
    }

    /// The follow map (the fixture route, the live position after 40 fixes, a photo at point
    /// 20, a hut at point 60) drawn whole on a 160 × 40 map: its position, start, finish, arrow,
    /// photo and place glyphs are each named by the follow help's legend.
    @Test func theFollowHelpNamesEveryMarkItsMapDraws() throws {
        let app = CairnApp()
        let hike = F.hike()
        let hut = Place(kind: .hut, name: "Refugi", coordinate: hike.coordinates[60])
        for mode in [CanvasMode.braille, .ascii] {
            var s = F.following(app, width: 160, height: 50)
            s.environment.canvasMode = mode
            for k in 0...39 { F.send(F.fix(Double(k)), app, &s) }
            let follow = try #require(s.following)
            // The whole route in view (HikeScreenState fits it), as the follow screen's map draws it.
            let viewport = HikeScreenState(hike: hike, mapWidth: 160, mapHeight: 40).viewport
            var map = MapWidget(viewport: viewport, basemap: nil, hike: follow.line, environment: s.environment)
            map.position = follow.session.lastFix?.coordinate
            var buffer = Buffer(width: 160, height: 40)
            let area = Rect(x: 0, y: 0, width: 160, height: 40)
            let info = map.render(area: area, into: &buffer)
            PlaceMarks.drawOnMap([hut], viewport: viewport, area: area, environment: s.environment, into: &buffer)
            PhotoMarks.drawOnMap([Self.photo(20)], selected: nil, viewport: viewport, area: area, position: map.position,
                                 environment: s.environment, into: &buffer)
            let photoCell = try #require(viewport.cell(hike.coordinates[20]))
            let hutCell = try #require(viewport.cell(hike.coordinates[60]))
            let rows = Self.helpRows(app, s)
            expectLegend(rows, glyph(buffer, info.positionCell), "you: the last GPS fix used", mode)
            expectLegend(rows, glyph(buffer, info.startCell), "the route's start", mode)
            expectLegend(rows, glyph(buffer, info.finishCell), "the route's finish", mode)
            expectLegend(rows, buffer[photoCell.x, photoCell.y]?.symbol, "a photo of the hike", mode)
            // The route runs due north: its arrows point up, and the arrows' line has that one.
            let up = mode == .braille ? "↑" : "^"
            #expect((0..<40).contains { y in (0..<160).contains { buffer[$0, y]?.symbol == up } }, "no \(up) drawn")
            #expect(rows.contains { $0.hasPrefix(mode == .braille ? "→ ↑ ← ↓" : "> ^ < v") && $0.contains("arrows along the line") }, "\(rows)")
            // The hut's glyph, as drawn, with its kind among the places.
            let hutGlyph = try #require(buffer[hutCell.x, hutCell.y]?.symbol)
            #expect(hutGlyph == (mode == .braille ? "⌂" : "H"))
            #expect(squeezed(rows).contains(hutGlyph + "hut/shelter"), "\(rows)")
            // The map data's symbols: ▲ peak, ⌂ hut and shelter (H and h in ASCII), ✦ viewpoint.
            let symbols = mode == .braille ? ["▲peak", "⌂hut,shelter", "○spring,drinkingwater", "✦viewpoint"]
                : ["Apeak", "Hhut", "hshelter", "ospring,drinkingwater", "Vviewpoint"]
            for sym in symbols { #expect(squeezed(rows).contains(sym), "\(mode): map symbols lack \(sym)") }
            // The braille glyphs are not in the ASCII help's legend, nor the other way round.
            if mode == .ascii { #expect(!rows.contains { $0.hasPrefix("◉") || $0.hasPrefix("▣") }) }
            if mode == .braille { #expect(!rows.contains { $0.hasPrefix("@ ") || $0.hasPrefix("& ") }) }
        }
    }

    /// The recording screen's map after 30 fixes, drawn by its own view with the whole route in
    /// view: the position on the last fix, the start at the first, a photo pin at point 25;
    /// each with its legend line.
    @Test func theRecordingHelpNamesItsMarks() throws {
        for mode in [CanvasMode.braille, .ascii] {
            var d = RecordScreenTests.recorded(30)
            d.state.environment.canvasMode = mode
            let model = try #require(d.model)
            var withPhoto = model
            withPhoto.photos = [Self.photo(25)]
            // The whole walk in view (the screen's own view follows the position), start included.
            let layout = HikeScreenLayout(area: Rect(x: 0, y: 0, width: 100, height: 30))
            withPhoto.viewport = HikeScreenState(hike: F.hike(), mapWidth: layout.map.width, mapHeight: layout.map.height).viewport
            var buffer = Buffer(width: 100, height: 30)
            let frame = RecordScreenView.render(model: withPhoto, environment: d.state.environment,
                                                area: Rect(x: 0, y: 0, width: 100, height: 30), into: &buffer)
            let rows = Self.helpRows(d.app, d.state)
            expectLegend(rows, glyph(buffer, frame.map.positionCell), "you: the last GPS fix used", mode)
            expectLegend(rows, glyph(buffer, frame.map.startCell), "where the recording began", mode)
            let pin = try #require(withPhoto.viewport.cell(F.hike().coordinates[25]))
            expectLegend(rows, buffer[frame.layout.map.x + pin.x, frame.layout.map.y + pin.y]?.symbol,
                         "a photo of the hike", mode)
            // The finish mark sits under the position while the fixes come: its line is there all the same.
            expectLegend(rows, MapMark.finish.shown(in: mode), "the last point recorded", mode)
        }
    }

    /// The hike screen's map with the profile cursor at point 50 and the map focused: the
    /// scrub marker, start, finish and the map cursor each have their line.
    @Test func theHikeHelpNamesItsMarks() throws {
        let app = CairnApp()
        for mode in [CanvasMode.braille, .ascii] {
            var s = F.hikeOpen(app, width: 160, height: 50)
            s.environment.canvasMode = mode
            let hike = F.hike()
            let viewport = HikeScreenState(hike: hike, mapWidth: 160, mapHeight: 40).viewport
            let map = MapWidget(viewport: viewport, basemap: nil, hike: hike, scrubIndex: 50, environment: s.environment)
            var buffer = Buffer(width: 160, height: 40)
            let area = Rect(x: 0, y: 0, width: 160, height: 40)
            let info = map.render(area: area, into: &buffer)
            PlaceMarks.drawMapCursor(viewport: viewport, area: area, environment: s.environment, into: &buffer)
            let centre = try #require(viewport.cell(viewport.center))
            let rows = Self.helpRows(app, s)
            expectLegend(rows, glyph(buffer, info.markerCell), "the hike's point at the profile cursor", mode)
            expectLegend(rows, glyph(buffer, info.startCell), "the hike's start", mode)
            expectLegend(rows, glyph(buffer, info.finishCell), "the hike's finish", mode)
            // Both ends in one cell (a loop, zoomed out): one mark with its own line.
            expectLegend(rows, MapMark.startAndFinish.shown(in: mode), "start and finish in one place", mode)
            expectLegend(rows, buffer[centre.x, centre.y]?.symbol, "the map's centre while the map has the focus", mode)
            // The keys come first: the legend is the help's last section.
            let legend = try #require(rows.firstIndex { $0.hasPrefix("Map legend") })
            #expect(!rows[legend...].contains { $0.hasPrefix("Ctrl-C") }, "the legend is not last")
        }
    }

    /// In ASCII mode a mark reads without colour: the position, start, finish and photo
    /// stand-ins are none of the characters the ASCII canvas draws for a cell of dots (all 256
    /// masks: a line's cells), no place's or map symbol's letter, and each other's neither.
    /// (The map cursor's "+" is a line cell too; it only shows at the centre while the map has
    /// the focus.)
    @Test func asciiMarksAreNotLineCellsNorSymbols() {
        let lineCells = Set((0...255).map { BrailleCanvas.asciiSymbol(forMask: UInt8($0)) })
        let places = Set(PlaceKind.allCases.map { String($0.asciiSymbol) })
        let symbols = Set(FeatureClass.allCases.compactMap { c -> String? in
            if case .symbol(_, let a) = MapFeatureStyle.of(c).drawing { return String(a) }
            return nil
        })
        #expect(lineCells.contains("#"))  // what the photo pin was before DECISIONS 1038
        let marks = [MapMark.position, .start, .finish, .startAndFinish, .photo]
        for m in marks {
            let a = String(m.ascii)
            #expect(!lineCells.contains(a) && !places.contains(a) && !symbols.contains(a), "\(a) is not distinct")
        }
        #expect(Set(marks.map(\.ascii)).count == marks.count)
    }
}
