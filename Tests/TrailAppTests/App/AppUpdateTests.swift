import Foundation
import TermUI
import Testing
import TrailCore
import TrailFormats
import TrailStore
@testable import TrailApp

/// The TUI's update loop without a terminal: state plus messages gives the expected state and
/// effects.
@Suite struct AppUpdateTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    let app = CairnApp()

    static func environment() -> WidgetEnvironment {
        WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
    }

    static func summary(_ row: Int64, _ name: String, distance: Double, start: TimeInterval) -> HikeSummary {
        HikeSummary(id: HikeID(rowID: row), name: name, description: nil, kind: .imported, sourceFileName: "\(name).gpx",
                    createdAt: Date(timeIntervalSince1970: 0), startedAt: Date(timeIntervalSince1970: start),
                    statistics: TrackStatistics(distance: distance, pointCount: 10, segmentCount: 1), waypointCount: 0)
    }

    /// A real sample hike (Mojstrovka, GPX 1.0 with elevations).
    static func sampleHike() throws -> PreparedHike {
        let url = repo.appendingPathComponent("Samples/gpxpy-Mojstrovka.gpx")
        let doc = try GPXReader.read(url: url).document
        return PreparedHike(name: doc.tracks.first?.name ?? "Mojstrovka", tracks: doc.tracks)
    }

    func loadedState(width: Int = 120, height: Int = 40) -> (AppState, [HikeSummary]) {
        var s = AppState(environment: Self.environment(), storeLabel: "test", width: width, height: height)
        let list = [Self.summary(1, "Alpha ridge", distance: 5000, start: 100),
                    Self.summary(2, "Béla stena", distance: 12000, start: 50),
                    Self.summary(3, "Cerknica lake", distance: 8000, start: 10)]
        _ = app.update(&s, .hikesLoaded(list))
        return (s, list)
    }

    @Test func startLoadsTheHikeList() {
        var s = AppState(environment: Self.environment(), storeLabel: "t", width: 80, height: 24)
        #expect(app.update(&s, .start) == [.loadHikes(.date), .draw(.loadDraft), .record(.findUnfinished)])
    }

    @Test func listArrivalSelectsFirstAndAsksForItsPreview() {
        var s = AppState(environment: Self.environment(), storeLabel: "t", width: 120, height: 40)
        let list = [Self.summary(7, "A", distance: 1, start: 0)]
        let effects = app.update(&s, .hikesLoaded(list))
        #expect(s.library.selected == 0)
        #expect(!s.library.loading)
        #expect(effects == [.loadHike(HikeID(rowID: 7), forPreview: true)])
    }

    @Test func narrowTerminalsAskForNoPreview() {
        var s = AppState(environment: Self.environment(), storeLabel: "t", width: 60, height: 20)
        let effects = app.update(&s, .hikesLoaded([Self.summary(7, "A", distance: 1, start: 0)]))
        #expect(effects.isEmpty)
    }

    @Test func arrowsMoveTheSelectionWithinBounds() {
        var (s, list) = loadedState()
        _ = app.update(&s, .input(.key(.down)))
        #expect(s.library.selectedSummary?.id == list[1].id)
        _ = app.update(&s, .input(.key(.character("j"))))
        _ = app.update(&s, .input(.key(.down)))
        #expect(s.library.selected == 2)
        _ = app.update(&s, .input(.key(.home)))
        #expect(s.library.selected == 0)
        _ = app.update(&s, .input(.key(.up)))
        #expect(s.library.selected == 0)
    }

    @Test func filterMatchesIgnoringCaseAndAccents() {
        var (s, _) = loadedState()
        _ = app.update(&s, .input(.key(.character("/"))))
        #expect(s.library.editingFilter)
        for c in "BELA" { _ = app.update(&s, .input(.key(.character(c)))) }
        #expect(s.library.visible.map(\.name) == ["Béla stena"])
        _ = app.update(&s, .input(.key(.enter)))
        #expect(!s.library.editingFilter)
        #expect(s.library.filter == "BELA")
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.library.visible.count == 3)
        #expect(!s.quitting)
    }

    @Test func sortKeyCyclesAndReloads() {
        var (s, _) = loadedState()
        #expect(app.update(&s, .input(.key(.character("s")))) == [.loadHikes(.distance)])
        #expect(app.update(&s, .input(.key(.character("s")))) == [.loadHikes(.gain)])
        #expect(app.update(&s, .input(.key(.character("s")))) == [.loadHikes(.name)])
        #expect(app.update(&s, .input(.key(.character("s")))) == [.loadHikes(.date)])
    }

    @Test func deleteAsksFirst() {
        var (s, list) = loadedState()
        #expect(app.update(&s, .input(.key(.character("d")))).isEmpty)
        guard case .confirm = s.modal else { Issue.record("no confirmation"); return }
        #expect(app.update(&s, .input(.key(.character("n")))).isEmpty)
        #expect(s.modal == nil)
        _ = app.update(&s, .input(.key(.character("d"))))
        #expect(app.update(&s, .input(.key(.character("y")))) == [.deleteHike(list[0].id)])
    }

    @Test func renamePromptEditsTheName() {
        var (s, list) = loadedState()
        _ = app.update(&s, .input(.key(.character("r"))))
        _ = app.update(&s, .input(.key(.end)))  // keeps the selected name, the cursor at its end
        for _ in 0..<5 { _ = app.update(&s, .input(.key(.backspace))) }
        for c in "crest" { _ = app.update(&s, .input(.key(.character(c)))) }
        #expect(app.update(&s, .input(.key(.enter))) == [.renameHike(list[0].id, "Alpha crest")])
    }

    @Test func importGoesThroughPathAndChecklist() throws {
        var (s, _) = loadedState()
        _ = app.update(&s, .input(.key(.character("i"))))
        for c in "a.gpx" { _ = app.update(&s, .input(.key(.character(c)))) }
        #expect(app.update(&s, .input(.key(.enter))) == [.readImportFile(path: "a.gpx")])
        let url = Self.repo.appendingPathComponent("Samples/togeojson-multitrackgpx.gpx")
        let plan = HikeImportPlan(document: try GPXReader.read(url: url).document, fileName: "multi.gpx")
        _ = app.update(&s, .importPlanLoaded(path: "/x/multi.gpx", plan))
        guard case .checklist(let c0) = s.modal else { Issue.record("no checklist"); return }
        #expect(c0.ticked == [1, 2, 3])
        _ = app.update(&s, .input(.key(.down)))
        _ = app.update(&s, .input(.key(.character(" "))))  // untick the second track
        #expect(app.update(&s, .input(.key(.enter))) == [.importFile(path: "/x/multi.gpx", candidates: [1, 3])])
    }

    /// A track already in the store is marked in the checklist and not ticked (the tester's
    /// "[x] like a new one"); ticking it anyway imports it again, as `cairn import --again`.
    @Test func theChecklistMarksTracksAlreadyStored() throws {
        var (s, _) = loadedState()
        let url = Self.repo.appendingPathComponent("Samples/togeojson-multitrackgpx.gpx")
        let plan = HikeImportPlan(document: try GPXReader.read(url: url).document, fileName: "multi.gpx")
        #expect(app.update(&s, .importPlanLoaded(path: "/x/multi.gpx", plan)) == [.library(.findStoredCopies(path: "/x/multi.gpx"))])
        // An answer for another file changes nothing.
        _ = app.update(&s, .importStoredCopies(path: "/x/other.gpx", [1: HikeID(rowID: 7)]))
        guard case .checklist(let c0) = s.modal else { Issue.record("no checklist"); return }
        #expect(c0.ticked == [1, 2, 3])
        _ = app.update(&s, .importStoredCopies(path: "/x/multi.gpx", [2: HikeID(rowID: 7)]))
        guard case .checklist(let c1) = s.modal else { Issue.record("no checklist"); return }
        #expect(c1.ticked == [1, 3])
        let lines = app.view(s, width: 120, height: 40).textDump().split(separator: "\n").map(String.init)
        let second = try #require(lines.first { $0.contains(plan.candidates[1].name + "  (") })
        #expect(second.contains("[ ]") && second.contains("already stored as \(HikeID(rowID: 7))"), "\(second)")
        #expect(lines.filter { $0.contains("already stored") }.count == 1)
        // "all" toggles the new ones only; Enter imports them without --again.
        _ = app.update(&s, .input(.key(.character("a"))))
        _ = app.update(&s, .input(.key(.character("a"))))
        guard case .checklist(let c2) = s.modal else { Issue.record("no checklist"); return }
        #expect(c2.ticked == [1, 3])
        // Ticking the stored one asks for it to be stored again.
        _ = app.update(&s, .input(.key(.down)))
        _ = app.update(&s, .input(.key(.character(" "))))
        #expect(app.update(&s, .input(.key(.enter))) == [.importFile(path: "/x/multi.gpx", candidates: [1, 2, 3], again: true)])
    }

    /// Tab in the import prompt asks the runtime to complete the path; the answer fills the
    /// prompt (only the prompt it was asked for, unchanged since) and lists several matches.
    @Test func tabCompletesTheImportPath() throws {
        var (s, _) = loadedState()
        _ = app.update(&s, .input(.key(.character("i"))))
        for c in "~/hi" { _ = app.update(&s, .input(.key(.character(c)))) }
        #expect(app.update(&s, .input(.key(.tab))) == [.library(.completeImportPath("~/hi"))])
        _ = app.update(&s, .importPathCompleted(typed: "~/hi", PathCompletion(completed: "~/hike", candidates: ["hike.gpx", "hikes/"])))
        guard case .prompt(let p) = s.modal else { Issue.record("prompt closed"); return }
        #expect(p.text == "~/hike" && p.cursor == 6)
        #expect(s.status.text == "hike.gpx  hikes/")
        // An answer for another text (typed on since) changes nothing.
        _ = app.update(&s, .importPathCompleted(typed: "~/hi", PathCompletion(completed: "~/hike.gpx", candidates: [])))
        guard case .prompt(let q) = s.modal else { Issue.record("prompt closed"); return }
        #expect(q.text == "~/hike")
        // No match: the text stays, the bell rings.
        #expect(app.update(&s, .importPathCompleted(typed: "~/hike", PathCompletion(completed: "~/hike", candidates: []))) == [.bell])
        // Tab and Enter at once (a paste): Enter waits for the answer and takes the completed path.
        _ = app.update(&s, .input(.key(.character("/"))))
        let pasted = try #require({ if case .prompt(let p) = s.modal { return p.text } else { return nil } }())
        #expect(app.update(&s, .input(.key(.tab))) == [.library(.completeImportPath(pasted))])
        #expect(app.update(&s, .input(.key(.enter))).isEmpty)
        #expect(app.update(&s, .importPathCompleted(typed: pasted, PathCompletion(completed: pasted + "walk.gpx", candidates: [])))
                == [.readImportFile(path: pasted + "walk.gpx")])
        #expect(s.modal == nil)
        // Tab elsewhere (the filter prompt) is not completion.
        _ = app.update(&s, .input(.key(.escape)))
        _ = app.update(&s, .input(.key(.character("/"))))
        #expect(app.update(&s, .input(.key(.tab))).isEmpty)
    }

    func openHike(width: Int = 120, height: Int = 40) throws -> AppState {
        var (s, list) = loadedState(width: width, height: height)
        #expect(app.update(&s, .input(.key(.enter))) == [.loadHike(list[0].id, forPreview: false)])
        let effects = app.update(&s, .hikeLoaded(list[0].id, try Self.sampleHike(), forPreview: false))
        #expect(s.screen.kind == .hike)
        #expect(effects.count == 4)
        if case .loadBasemap = effects.first {} else { Issue.record("expected a basemap load, got \(effects)") }
        // The hike's photos (issue 36).
        #expect(effects[2] == .loadPhotos(list[0].id))
        // The hike's trail completion over the other walks (DECISIONS 294).
        if case .completion(key: .hike(list[0].id), _, excluding: list[0].id)? = effects[1].routesEffect {} else {
            Issue.record("expected the completion asked for, got \(effects)")
        }
        #expect(effects.last == .follow(.loadWalks(list[0].id, offerResume: true)))
        return s
    }

    @Test func rightArrowScrubsForwardAndHomeEndJump() throws {
        var s = try openHike()
        let n = s.hike!.screen.hike.pointCount
        var last = s.hike!.screen.scrubIndex
        #expect(last == 0)
        for _ in 0..<5 {
            _ = app.update(&s, .input(.key(.right)))
            let i = s.hike!.screen.scrubIndex
            #expect(i > last)
            last = i
        }
        _ = app.update(&s, .input(.key(.shiftRight)))
        #expect(s.hike!.screen.scrubIndex > last)
        _ = app.update(&s, .input(.key(.end)))
        #expect(s.hike!.screen.scrubIndex == n - 1)
        _ = app.update(&s, .input(.key(.right)))
        #expect(s.hike!.screen.scrubIndex == n - 1)
        _ = app.update(&s, .input(.key(.home)))
        #expect(s.hike!.screen.scrubIndex == 0)
    }

    @Test func rangeMarksGiveTheRangeStatistics() throws {
        var s = try openHike()
        for _ in 0..<10 { _ = app.update(&s, .input(.key(.right))) }
        _ = app.update(&s, .input(.key(.character("["))))
        for _ in 0..<20 { _ = app.update(&s, .input(.key(.right))) }
        _ = app.update(&s, .input(.key(.character("]"))))
        let screen = s.hike!.screen
        let range = try #require(screen.range)
        let expected = StatisticsCalculator().statistics(for: screen.hike.track, pointRange: range)
        #expect(screen.rangeStatistics == expected)
        // The range's distance is the difference of the profile's distances along.
        let d = screen.hike.profile.distances
        #expect(abs((screen.rangeStatistics?.distance ?? 0) - (d[range.upperBound] - d[range.lowerBound])) < 0.01)
        _ = app.update(&s, .input(.key(.character("u"))))
        #expect(s.hike!.screen.range == nil)
    }

    /// Issue 34: `]` on the point `[` is on (or `]` at the start with no `[`) made a 0 m range;
    /// now refused with a word, and the marks stay as they were.
    @Test func aRangeOfOnePointIsRefused() throws {
        var s = try openHike()
        _ = app.update(&s, .input(.key(.character("]"))))  // at the start, where an unset `[` counts
        #expect(s.hike!.screen.range == nil && s.status.text.hasPrefix("The range needs two different points"))
        for _ in 0..<10 { _ = app.update(&s, .input(.key(.right))) }
        _ = app.update(&s, .input(.key(.character("["))))
        _ = app.update(&s, .input(.key(.character("]"))))
        #expect(s.hike!.screen.range == nil && s.status.text.contains("press ] again"), "\(s.status.text)")
        _ = app.update(&s, .input(.key(.right)))
        _ = app.update(&s, .input(.key(.character("]"))))
        let range = try #require(s.hike!.screen.range)
        #expect(range.lowerBound < range.upperBound)
        #expect(!s.status.text.contains("two different points"), "the refusal is cleared once a range is set")
    }

    @Test func tabGivesTheMapTheArrows() throws {
        var s = try openHike()
        _ = app.update(&s, .input(.key(.tab)))
        #expect(s.hike!.screen.focus == .map)
        let before = s.hike!.screen.viewport.center
        _ = app.update(&s, .input(.key(.right)))
        #expect(s.hike!.screen.viewport.center.longitude > before.longitude)
        #expect(s.hike!.screen.scrubIndex == 0)
        let zoom = s.hike!.screen.viewport.zoom
        _ = app.update(&s, .input(.key(.character("+"))))
        #expect(s.hike!.screen.viewport.zoom == zoom + 1)
        _ = app.update(&s, .input(.key(.character("0"))))
        #expect(s.hike!.screen.viewport.zoom == zoom)
    }

    @Test func escapeGoesBackAndQQuitsFromTheLibrary() throws {
        var s = try openHike()
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .library)
        #expect(s.hike == nil)
        _ = app.update(&s, .input(.key(.character("q"))))
        #expect(s.quitting)
    }

    @Test func staleBasemapAnswersAreIgnored() throws {
        var s = try openHike()
        let pending = try #require(s.basemaps.pending(for: .hike))
        let stale = MapBasemap(features: [], coverageAreas: [], bounds: s.hike!.screen.viewport.bounds, zoom: 12)
        _ = app.update(&s, .basemapLoaded(request: pending - 1, stale))
        #expect(s.hike!.screen.basemap == nil)
        _ = app.update(&s, .basemapLoaded(request: pending, stale))
        #expect(s.hike!.screen.basemap != nil)
    }

    @Test func viewDrawsAtEverySizeAndSaysWhenTooSmall() throws {
        var s = try openHike()
        for (w, h) in [(0, 0), (1, 1), (2, 2), (10, 3), (24, 6), (40, 12), (200, 60)] {
            _ = app.update(&s, .input(.resize(width: w, height: h)))
            let b = app.view(s, width: w, height: h)
            #expect(b.width == w && b.height == h)
            if w >= 10 && w < CairnApp.minimumSize.width { #expect(b.textDump().hasPrefix("Terminal")) }
            if w >= 18 && h < CairnApp.minimumSize.height { #expect(b.textDump().contains("Terminal too small")) }
        }
    }

    @Test func helpListsTheKeysOfTheScreen() throws {
        var s = try openHike(width: 120, height: 40)
        _ = app.update(&s, .input(.key(.character("?"))))
        let text = app.view(s, width: 120, height: 40).textDump()
        #expect(text.contains("mark the start / end of a range"))
        _ = app.update(&s, .input(.key(.character("x"))))
        #expect(s.modal == nil)
    }

    @Test func controlCQuitsAnywhere() throws {
        var s = try openHike()
        _ = app.update(&s, .input(.key(.control("c"))))
        #expect(s.quitting)
    }
}

@Suite struct AppKeyPolicyTests {
    let app = CairnApp()

    func state(width: Int = 120, height: Int = 40, ascii: Bool = false) -> AppState {
        var env = AppUpdateTests.environment()
        if ascii { env.canvasMode = .ascii }
        var s = AppState(environment: env, storeLabel: "t", width: width, height: height)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Alpha · ridge", distance: 5000, start: 100)]))
        return s
    }

    @Test func escapeNeverQuitsTheLibrary() {
        var s = state()
        _ = app.update(&s, .input(.key(.escape)))
        #expect(!s.quitting)
        _ = app.update(&s, .input(.key(.character("q"))))
        #expect(s.quitting)
    }

    @Test func keysDoNothingWhileTheTerminalIsTooSmall() {
        var s = state(width: 20, height: 5)
        #expect(app.update(&s, .input(.key(.enter))).isEmpty)
        _ = app.update(&s, .input(.key(.character("?"))))
        #expect(s.modal == nil)
        _ = app.update(&s, .input(.key(.character("q"))))
        #expect(s.quitting)
    }

    @Test func controlZAsksToSuspend() {
        var s = state()
        #expect(app.update(&s, .input(.key(.control("z")))) == [.suspend])
        #expect(!s.quitting)
    }

    @Test func asciiModeDrawsOnlyASCII() {
        let s = state(ascii: true)
        let text = app.view(s, width: 120, height: 40).textDump()
        let nonASCII = text.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "non-ASCII left: \(String(String.UnicodeScalarView(nonASCII)))")
    }
}
