import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailStore
@testable import TrailApp
@testable import TrailMap

/// The match review screen (issue 16): its update on keys and answers, and its view drawn
/// into a Buffer.
@Suite struct ReviewScreenTests {
    static let id = HikeID(rowID: 3)
    static let plane = LocalProjection(origin: Coordinate(latitude: 42.55, longitude: 1.6))
    static func at(_ e: Double, _ n: Double) -> Coordinate { plane.unproject(LocalPoint(x: e, y: n)) }

    /// Eight recorded points 20 m apart northwards; points 2-3 matched 25 m east (a moved
    /// section over points 1-4, with another way 25 m west); points 6-7 off the map.
    static func fixture() -> (ReviewModel, TrackMatch) {
        let raw = (0..<8).map { at(0, Double($0) * 20) }
        var coords = Array(raw[0...5])
        coords[2] = at(25, 40)
        coords[3] = at(25, 60)
        let piece = TrackMatch.Piece(isMatched: true, points: 0...5, coordinates: coords, anchors: (0..<6).map { ($0, $0) },
                                     ambiguous: Array(repeating: false, count: 6), segment: 0)
        let rawPiece = TrackMatch.Piece(isMatched: false, points: 6...7, coordinates: Array(raw[6...7]), anchors: [], segment: 0)
        let matched = Array(coords[1...4])
        let moved = TrackMatch.Section(kind: .moved, points: 1...4, piece: 0, matched: matched, raw: Array(raw[1...4]),
                                       rawLength: 60, matchedLength: TrackMatch.length(of: matched[...]), maxOffset: 25,
                                       alternative: [raw[1], at(-25, 40), at(-25, 60), raw[4]])
        let off = TrackMatch.Section(kind: .unmatched, points: 5...7, piece: 1, matched: [], raw: Array(raw[5...7]),
                                     rawLength: 40, matchedLength: 40, maxOffset: 0)
        let match = TrackMatch(pieces: [piece, rawPiece], sections: [moved, off], pointCount: 8)
        let track = Track(segments: [TrackSegment(points: raw.map { Trackpoint($0) })])
        let hike = HikeModel(id: id, screen: HikeScreenState(hike: PreparedHike(name: "Test walk", tracks: [track]),
                                                             mapWidth: 60, mapHeight: 30))
        return (ReviewModel(hike: hike), match)
    }

    static let context = FeatureContext(width: 120, height: 40, environment: TestSupport.environment())

    func key(_ m: inout ReviewModel, _ c: Character) -> FeatureResult<ReviewEffect> {
        ReviewFeature.update(&m, .key(.character(c)), Self.context)
    }

    func ownEffects(_ r: FeatureResult<ReviewEffect>) -> [ReviewEffect] {
        r.effects.compactMap { if case .own(let e) = $0 { return e } else { return nil } }
    }

    func matched() -> (ReviewModel, TrackMatch) {
        var (m, match) = Self.fixture()
        let raw = [(0..<8).map { Self.at(0, Double($0) * 20) }]
        _ = ReviewFeature.message(&m, .matched(Self.id, raw: raw, match, keptVersion: 0), Self.context)
        return (m, match)
    }

    @Test func openingAsksForTheMatch() {
        let (m, _) = Self.fixture()
        let (model, result) = ReviewFeature.open(m.hike)
        #expect(ownEffects(result) == [.match(Self.id)])
        #expect(model.match == nil)
    }

    @Test func choicesChangeTheKeptLengthAndSaveStoresThem() throws {
        var (m, match) = matched()
        #expect(m.choices == [.matched, .matched])
        #expect(m.selected == 0)
        let matchedLength = match.length
        #expect(m.keptLength == matchedLength)
        // r: the recording over the moved section: matched length − matched + 60 m.
        let moved = match.sections[0]
        _ = key(&m, "r")
        #expect(m.choices[0] == .raw)
        #expect(abs(m.keptLength! - (matchedLength - moved.matchedLength + 60)) < 1e-9)
        // a: the other way, as long as the matched one here (mirror image).
        _ = key(&m, "a")
        #expect(m.choices[0] == .alternative)
        #expect(abs(m.keptLength! - matchedLength) < 1e-6)
        // s: store these choices.
        #expect(ownEffects(key(&m, "s")) == [.keep(Self.id, match, [.alternative, .matched])])
        // The off-map section cannot be chosen: it stays raw. Selecting it shows it on the map.
        _ = key(&m, "j")
        #expect(m.selected == 1)
        let view = m.hike.screen.viewport.resized(width: ReviewLayout(area: Rect(x: 0, y: 0, width: 120, height: 39)).map.width,
                                                 height: ReviewLayout(area: Rect(x: 0, y: 0, width: 120, height: 39)).map.height)
        for c in match.sections[1].raw { #expect(view.cell(c) != nil, "\(c) outside \(view.bounds)") }
        #expect(view.zoom > 15, "a short section is shown close up: z\(view.zoom)")
        // A resize keeps the section in view (not the hike screen's profile cursor).
        var app = AppState(environment: TestSupport.environment(), storeLabel: "t", width: 120, height: 40)
        app.screen = .review(m)
        _ = CairnApp().update(&app, .input(.resize(width: 100, height: 36)))
        guard let resized = app.screen.reviewModel else { Issue.record("still reviewing"); return }
        let small = resized.hike.screen.viewport.resized(width: ReviewLayout(area: Rect(x: 0, y: 0, width: 100, height: 35)).map.width,
                                                         height: ReviewLayout(area: Rect(x: 0, y: 0, width: 100, height: 35)).map.height)
        for c in match.sections[1].raw { #expect(small.cell(c) != nil, "after a resize: \(c) outside \(small.bounds)") }
        let refused = key(&m, "m")
        #expect(refused.effects.contains { if case .bell = $0 { return true } else { return false } })
        #expect(m.choice(1) == .raw)
        // R then s: every section as recorded is the recorded line itself.
        _ = key(&m, "R")
        #expect(ownEffects(key(&m, "s")) == [.keepRaw(Self.id)])
        #expect(ownEffects(key(&m, "u")) == [.keepRaw(Self.id)])
    }

    @Test func noAlternativeRingsAndLeavingAfterAKeepReadsTheHikeAgain() {
        var (m, _) = matched()
        m.match!.sections[0].alternative = nil
        let r = key(&m, "a")
        #expect(m.choices[0] == .matched)
        #expect(r.status?.text.contains("no other way") == true)
        guard case .hike = key(&m, "q").navigation else { Issue.record("back to the hike screen"); return }
        _ = ReviewFeature.message(&m, .kept(Self.id, version: 2, length: 1234), Self.context)
        #expect(m.keptVersion == 2)
        guard case .openHike(let id) = key(&m, "q").navigation else { Issue.record("the hike read again"); return }
        #expect(id == Self.id)
    }

    @Test func theViewShowsBothLinesTheLegendAndTheSections() throws {
        let (m, match) = matched()
        var buffer = Buffer(width: 120, height: 38)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        let rows = buffer.textLines()
        #expect(rows[0].contains("Match review · Test walk · shows: recorded line · 75.0 % of 8 points matched · recorded 140 m"))
        #expect(rows[0].contains("shows: recorded line"))
        #expect(rows[1].contains("matched") && rows[1].contains("recorded") && rows[1].contains("other way"))
        let list = rows.first { $0.contains(" 1 moved") } ?? ""
        // Raw 60 m, matched and the difference from the section's own lengths, 25 m off, matched, has another way.
        let d = Int((match.sections[0].matchedLength - 60).rounded())
        #expect(list.contains("60 m") && list.contains("\(Int(match.sections[0].matchedLength.rounded())) m")
                && list.contains("+\(d) m") && list.contains("25 m") && list.contains("matched *"), "\(list)")
        #expect(rows.contains { $0.contains(" 2 no path") && $0.hasSuffix("recorded") })
        #expect(rows.contains { $0.contains("Section 1 of 2: points 1-4") })
        // The map: matched line in the route colour, recorded line in the terrain-line colour, the
        // selected section (matched) in the marker colour, the other way in the covered colour.
        let env = TestSupport.environment()
        let map = ReviewLayout(area: buffer.area).map
        var fgs = Set<String>()
        for y in (map.y + 1)..<map.maxY { for x in map.x..<map.maxX {
            guard let c = buffer[x, y], let s = c.symbol.unicodeScalars.first, (0x2801...0x28FF).contains(s.value) else { continue }
            for role in [ThemeRole.route, ThemeRole.chartTerrain, ThemeRole.marker, ThemeRole.routeCovered] where env.style(role).fg == c.fg {
                fgs.insert(role)
            }
        } }
        #expect(fgs == [ThemeRole.route, ThemeRole.chartTerrain, ThemeRole.marker, ThemeRole.routeCovered], "\(fgs)")
    }

    @Test func beforeTheMatchTheScreenSaysSo() {
        let (m, _) = Self.fixture()
        var buffer = Buffer(width: 80, height: 30)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        #expect(buffer.textLines().contains { $0.contains("Matching the recording onto the mapped paths…") })
    }

    @Test func savingTheLineAlreadyShownSaysNothingChanged() {
        var (m, _) = matched()
        let r = ReviewFeature.message(&m, .unchanged(Self.id, version: 0), Self.context)
        #expect(r.status?.text.hasPrefix("Nothing changed") == true, "\(r.status?.text ?? "")")
        #expect(!m.changed)
        #expect(m.keptVersion == 0)
    }

    /// Reopened over a saved mixed line, the review starts from the choices it was saved with
    /// and says so; changing one shows in the heading; a version from another match says so.
    @Test func reopeningShowsTheSavedChoices() throws {
        var (m, match) = Self.fixture()
        let raw = [(0..<8).map { Self.at(0, Double($0) * 20) }]
        let r = ReviewFeature.message(&m, .matched(Self.id, raw: raw, match, keptVersion: 2, keptChoices: [.raw, .matched]), Self.context)
        #expect(m.choices == [.raw, .matched])
        #expect(m.savedChoices == [.raw, .raw])
        let status = try #require(r.status?.text)
        #expect(status.hasPrefix("Line version 2's choices: 1 recorded · "), "\(status)")
        var buffer = Buffer(width: 120, height: 38)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        #expect(buffer.textLines()[0].contains("shows: line version 2 (these choices)"), "\(buffer.textLines()[0])")
        #expect(buffer.textLines().contains { $0.contains(" 1 moved") && $0.contains("  recorded *") })
        _ = key(&m, "m")
        buffer = Buffer(width: 120, height: 38)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        #expect(buffer.textLines()[0].contains("shows: line version 2 (choices changed: s saves)"))
        // Saved (a new version): these are the saved choices now.
        _ = ReviewFeature.message(&m, .kept(Self.id, version: 3, length: 200), Self.context)
        #expect(m.savedChoices == m.effectiveChoices)
        // A version the match does not give: fresh choices, and the status says why.
        var (n, _) = Self.fixture()
        let fresh = ReviewFeature.message(&n, .matched(Self.id, raw: raw, match, keptVersion: 2, keptChoices: nil), Self.context)
        #expect(n.choices == [.matched, .matched] && n.savedChoices == nil)
        #expect(fresh.status?.text.contains("line version 2 (shown) is not from this match") == true, "\(fresh.status?.text ?? "")")
        // Saving them may show a stored version again: the status promises no new one.
        #expect(fresh.status?.text.hasSuffix("these are this match's choices · s saves them") == true, "\(fresh.status?.text ?? "")")
        buffer = Buffer(width: 120, height: 38)
        ReviewView.render(model: n, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        #expect(buffer.textLines()[0].contains("shows: line version 2 (not from this match)"), "\(buffer.textLines()[0])")
    }

    /// The choices a stored line was made with are found again from the line alone, for
    /// every choice of the moved section; a line from elsewhere gives none.
    @Test func theChoicesOfAKeptLineAreFoundAgain() {
        let (_, match) = Self.fixture()
        let t0 = Date(timeIntervalSinceReferenceDate: 8e8)
        let recorded = [(0..<8).map { Trackpoint(Self.at(0, Double($0) * 20), elevation: 1000 + Double($0), time: t0 + Double($0) * 10) }]
        for c in SectionChoice.allCases {
            let kept = match.keptLine(recorded: recorded, choices: [c, .matched])
            #expect(match.choices(giving: kept, recorded: recorded) == [c, .matched], "\(c)")
        }
        var other = match.keptLine(recorded: recorded, choices: [.raw])
        other[0][1].longitude += 1e-6
        #expect(match.choices(giving: other, recorded: recorded) == nil)
    }

    /// The length with these choices shows every change of a section's choice: the signed
    /// difference from the matched line, in metres to a tenth below 10 m.
    @Test func theLengthFigureShowsAFiveMetreChange() {
        let u = UnitFormatter(system: .metric)
        #expect(ReviewFeature.lengthFigure(13_309.6, matched: 13_304.6, u) == "13.3 km (matched +5.0 m)")
        #expect(ReviewFeature.lengthFigure(13_304.6, matched: 13_304.6, u) == "13.3 km (as matched)")
        #expect(ReviewFeature.lengthFigure(13_202.9, matched: 13_304.6, u) == "13.2 km (matched −102 m)")
        #expect(ReviewFeature.lengthFigure(13_304.9, matched: 13_304.6, u) == "13.3 km (matched +0.3 m)")
        // 5 m is 16.4 ft.
        #expect(ReviewFeature.lengthFigure(13_309.6, matched: 13_304.6, UnitFormatter(system: .imperial))
                == "8.27 mi (matched +16 ft)")
    }

    /// Issue 16's tester: above 10 km the length has 0.1 km steps, and keeping a 5 m section
    /// raw did not change "Line with these choices". A 14 km line due north (points 2 km
    /// apart) whose match takes a kink over points 1-2, 2 × √(1000² + x²) = 2005 m for
    /// x = √(1002.5² − 1000²) = 70.75 m: `r` there makes the line 5.0 m shorter, and both the
    /// panel and the status say so.
    @Test func keepingAFiveMetreSectionRawShowsOnALongLine() throws {
        let raw = (0..<8).map { Self.at(0, Double($0) * 2000) }
        let x = (1002.5 * 1002.5 - 1000 * 1000).squareRoot()
        let kink = Self.at(x, 3000)
        let coords = [raw[0], raw[1], kink] + Array(raw[2...])
        let piece = TrackMatch.Piece(isMatched: true, points: 0...7, coordinates: coords,
                                     anchors: [(0, 0), (1, 1)] + (2..<8).map { ($0, $0 + 1) },
                                     ambiguous: Array(repeating: false, count: 8), segment: 0)
        let matched = [raw[1], kink, raw[2]]
        let moved = TrackMatch.Section(kind: .moved, points: 1...2, piece: 0, matched: matched, raw: [raw[1], raw[2]],
                                       rawLength: TrackMatch.length(of: [raw[1], raw[2]][...]),
                                       matchedLength: TrackMatch.length(of: matched[...]), maxOffset: x)
        let match = TrackMatch(pieces: [piece], sections: [moved], pointCount: 8)
        // The haversine lengths agree with the plane's figures to well under a tenth of a metre.
        #expect(abs(moved.matchedLength - moved.rawLength - 5) < 0.05, "\(moved.matchedLength - moved.rawLength)")
        let track = Track(segments: [TrackSegment(points: raw.map { Trackpoint($0) })])
        let hike = HikeModel(id: Self.id, screen: HikeScreenState(hike: PreparedHike(name: "Long walk", tracks: [track]),
                                                                  mapWidth: 60, mapHeight: 30))
        var m = ReviewModel(hike: hike)
        _ = ReviewFeature.message(&m, .matched(Self.id, raw: [raw], match, keptVersion: 0), Self.context)
        func panelLine() -> String {
            var buffer = Buffer(width: 120, height: 38)
            ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
            return buffer.textLines().first { $0.contains("Line with these choices") } ?? ""
        }
        let before = panelLine()
        #expect(before.contains("Line with these choices: 14.0 km (as matched)"), "\(before)")
        let status = key(&m, "r").status?.text ?? ""
        let after = panelLine()
        #expect(after != before)
        #expect(after.contains("Line with these choices: 14.0 km (matched −5.0 m)"), "\(after)")
        #expect(status.contains("14.0 km (matched −5.0 m)"), "\(status)")
    }

    /// The legend has its own rows above the map (two where the map is narrow, as at 100
    /// columns), every entry whole, in colour and mono; the key hints drop whole parts.
    @Test func theLegendHasItsOwnRowsAndEveryEntry() {
        let (m, _) = matched()
        for (width, rows) in [(100, 2), (120, 1), (80, 1), (60, 2)] {
            for theme in ["dark", "mono"] {
                var buffer = Buffer(width: width, height: 36)
                let env = TestSupport.environment(theme)
                ReviewView.render(model: m, environment: env, area: buffer.area, into: &buffer)
                let layout = ReviewLayout(area: buffer.area)
                #expect(layout.legend.height == rows && layout.map.y == layout.legend.maxY, "\(width)")
                let text = buffer.textLines()
                let legend = (layout.legend.y..<layout.legend.maxY).map {
                    String(Array(text[$0]).dropFirst(layout.legend.x).prefix(layout.legend.width))
                }.joined(separator: "\n")
                for label in ["matched", "recorded", "other way", "section, as kept"] {
                    #expect(legend.contains(label), "\(width) \(theme): \(label) missing from\n\(legend)")
                }
                let hints = text.first { $0.contains("m matched · r recorded") } ?? ""
                #expect(!hints.contains("…"), "\(width): \(hints)")
                #expect(hints.hasSuffix("u recorded line") || hints.hasSuffix("s save"), "\(width): \(hints)")
            }
        }
    }

    /// A hike with no walkable way near any point (tester, issue 16): no review of one
    /// "unmatched" section with a length "as matched", but what `cairn match` says: no map
    /// data under the hike and the area to import (the points' box: 42.0000…42.0014 N, 1.5 E,
    /// the fixture's 0-140 m northwards, 140 m / 111,195 m per degree ≈ 0.00126°), wrapped whole
    /// in the panel.
    @Test func aHikeWithNoMapUnderItSaysWhatToImport() {
        var (m, _) = Self.fixture()
        let raw = (0..<8).map { Self.at(0, Double($0) * 20) }
        let rawPiece = TrackMatch.Piece(isMatched: false, points: 0...7, coordinates: raw, anchors: [], segment: 0)
        let off = TrackMatch.Section(kind: .unmatched, points: 0...7, piece: 0, matched: [], raw: raw,
                                     rawLength: 140, matchedLength: 140, maxOffset: 0)
        let none = TrackMatch(pieces: [rawPiece], sections: [off], pointCount: 8)
        #expect(none.matchedShare == 0)
        let r = ReviewFeature.message(&m, .matched(Self.id, raw: [raw], none, keptVersion: 0), Self.context)
        #expect(m.match == nil)
        #expect(r.status?.text.contains("No map data under this hike") == true)
        var buffer = Buffer(width: 120, height: 38)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        let text = buffer.textLines().joined(separator: " ").split(separator: " ").joined(separator: " ")
        let box = BoundingBox(covering: raw)!
        let south = String(format: "%.4f,%.4f", box.minLatitude, box.minLongitude)
        let north = String(format: "%.4f,%.4f", box.maxLatitude, box.maxLongitude)
        #expect(abs(box.maxLatitude - box.minLatitude - 140 / 111_195.0) < 2e-5)
        #expect(text.contains("no map data under this hike"), "\(text)")
        #expect(text.contains(south) && text.contains(north) && text.contains("--around") && text.contains("\(Self.id)"), "\(text)")
        #expect(!text.contains("Line with these choices"))
    }
}
