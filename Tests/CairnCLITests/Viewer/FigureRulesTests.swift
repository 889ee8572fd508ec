import CairnTestSupport
import Foundation
import HikeServices
import TermUI
import Testing
import TrailCore
@testable import CairnCLI
@testable import TrailApp
@testable import ViewerRuntime

/// Each figure rule the CLI text and the viewer both show has one implementation
/// (DECISIONS 622); these check that the two presenters now say the same.
@Suite struct FigureRulesTests {
    /// A hike whose heights are (partly) the terrain's: gain and loss marked, the highest point
    /// marked (not the file's 1450 m), the lowest and the steepest not (the file's own), and
    /// the coverage said under 99.5 % only.
    @Test func terrainMarksAreTheSameInCairnShowAndTheStatsPanel() {
        let s = TrackStatistics(distance: 5000, pointCount: 50, segmentCount: 1, elevationGain: 100, elevationLoss: 80,
                                minElevation: 1000, maxElevation: 1500, steepestGrade: 0.2)
        let own = TrackStatistics(distance: 5000, pointCount: 50, segmentCount: 1, minElevation: 1000, maxElevation: 1450,
                                  steepestGrade: 0.2)
        for (coverage, said) in [(0.9, true), (0.996, false)] {
            let rows = Dictionary(uniqueKeysWithValues: StatisticsRows.rows(s, UnitFormatter(system: .metric), fromTerrain: true,
                                                                            coverage: coverage, fileHeights: own))
            var hike = PreparedHike(name: "t", tracks: [], statistics: s)
            hike.terrain = HikeTerrain(source: .terrain, gain: 100, loss: 80, coverage: coverage)
            hike.terrain?.elevationCoverage = coverage
            hike.terrain?.fileStatistics = own
            let panel = StatsPanel(hike: hike, environment: WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric)))
            let lines = Dictionary(panel.lines(for: s, full: true).flatMap { $0 }.map { ($0.label, $0.value) },
                                   uniquingKeysWith: { a, _ in a })
            for (cli, view, marked) in [("Elevation gain", "Gain", true), ("Elevation loss", "Loss", true),
                                        ("Lowest point", "Lowest", false), ("Highest point", "Highest", true),
                                        ("Steepest grade", "Steepest", false)] {
                #expect(rows[cli]?.hasPrefix("~") == marked, "\(cli): \(rows[cli] ?? "none")")
                #expect(lines[view]?.hasPrefix("~") == marked, "\(view): \(lines[view] ?? "none")")
            }
            #expect(rows["Elevation gain"]?.contains("over 90 % of the hike") == said)
            #expect(lines["Gain"]?.contains("(90 %)") == said)
        }
    }

    /// `cairn record`'s status line names the filter's rules in the recording panel's words.
    @Test func rejectionRulesAreNamedAlikeInTheStatusLineAndThePanel() {
        var c = FilterCounters()
        c.rejected = [.poorAccuracy: 3, .tooClose: 34]
        #expect(RecordStatusLine.rejections(c) == " (poor accuracy 3, too close 34)")
        #expect(RecordingPanelModel.ruleLabel(.poorAccuracy) == "poor accuracy")
        #expect(RecordingPanelModel.ruleLabel(.tooClose) == "too close")
    }

    /// Places at the same distance along and off the line: `cairn places` and the viewer both
    /// order them by name, then OSM id (they were left in map order by `cairn places`).
    @Test func placesTiedAlongTheLineAreOrderedAlikeInCairnPlacesAndTheViewer() {
        let at = Coordinate(latitude: 42.6, longitude: 1.5)
        let places = [Place(kind: .peak, name: "Bravo", coordinate: at), Place(kind: .peak, name: "Alpha", coordinate: at),
                      Place(kind: .peak, name: "Alpha", coordinate: at)]
        var tagged = places
        tagged[1].osmID = "node/9"
        tagged[2].osmID = "node/1"
        let rows = tagged.map { ListedPlace(place: $0, along: 120, off: 15) }.sorted(by: ListedPlace.walkingOrder)
        let viewer = tagged.map { PlaceAlongTrail(place: $0, distanceAlong: 120, distanceOff: 15, pointIndex: 3) }
            .sorted(by: TrailProximity.walkingOrder)
        #expect(rows.map(\.label) == ["node/1", "node/9", ""])
        #expect(rows.map(\.place.osmID) == viewer.map(\.place.osmID))
    }

    /// A GPX file with a point out of range: the viewer's import checklist reads it once and
    /// shows the reader's warning, worded as `cairn import` prints it.
    @Test func theViewersImportShowsTheReadersWarningsAsCairnImportDoes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-warn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = dir.appendingPathComponent("odd.gpx")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>Odd</name><trkseg>
        <trkpt lat="42.60" lon="1.50"></trkpt>
        <trkpt lat="95.00" lon="1.50"></trkpt>
        <trkpt lat="42.61" lon="1.51"></trkpt>
        </trkseg></trk>
        </gpx>
        """.write(to: gpx, atomically: true, encoding: .utf8)
        // `cairn import` on stderr: the bad point's line (5) and what is wrong.
        let run = cairn(["import", "--store", dir.appendingPathComponent("cli.sqlite").path, gpx.path])
        let printed = run.stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
        #expect(printed.count == 1 && printed[0].hasPrefix("odd.gpx:5: warning:") && printed[0].contains("out of range"),
                "\(run.stderr)")
        // The viewer: the same line in the checklist's message and, once on screen, its status line.
        let performer = EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path,
                                        mapPath: dir.appendingPathComponent("none.sqlite").path, now: { Date() },
                                        speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
        let answers = AnswerRecorder<AppMessage>()
        performer.perform(.readImportFile(path: gpx.path)) { answers.append($0) }
        guard case .importPlanLoaded(_, let plan, let warnings) = answers.wait(until: { !$0.isEmpty }).first else {
            Issue.record("no plan"); return
        }
        #expect(warnings == printed)
        var state = AppState(environment: ViewerFixtures.environment(), storeLabel: "t", width: 120, height: 40)
        _ = CairnApp().update(&state, .importPlanLoaded(path: gpx.path, plan, warnings: warnings))
        #expect(state.status.text == printed.first)
        // Importing what the checklist read (two points kept) stores one hike.
        performer.perform(.importFile(path: gpx.path, candidates: plan.defaultSelection)) { answers.append($0) }
        let stored = answers.wait(until: { $0.count >= 2 })
        if case .library(.imported("odd.gpx", let added, 0)) = stored.last { #expect(added == 1) } else { Issue.record("\(stored)") }
    }
    /// Issue 33: the viewer's `i` shows every reader warning `cairn import` prints, in the
    /// checklist under the tracks (the status line has room for one).
    @Test func theImportChecklistShowsEveryWarning() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-warn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = dir.appendingPathComponent("odd.gpx")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>Odd</name><trkseg>
        <trkpt lat="42.60" lon="1.50"><time>1970-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="95.00" lon="1.50"></trkpt>
        <trkpt lat="42.61" lon="1.51"><time>1970-01-01T00:10:00Z</time></trkpt>
        <trkpt lat="42.62" lon="200"></trkpt>
        <trkpt lat="42.62" lon="1.52"><time>1970-01-01T00:20:00Z</time></trkpt>
        """.write(to: gpx, atomically: true, encoding: .utf8)  // cut off: no closing tags
        let run = cairn(["import", "--store", dir.appendingPathComponent("cli.sqlite").path, gpx.path])
        let printed = run.stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
        #expect(printed.count == 4, "\(run.stderr)")  // 1970, two out of range, cut off
        let performer = EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path,
                                        mapPath: dir.appendingPathComponent("none.sqlite").path, now: { Date() },
                                        speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
        let answers = AnswerRecorder<AppMessage>()
        performer.perform(.readImportFile(path: gpx.path)) { answers.append($0) }
        guard case .importPlanLoaded(_, let plan, let warnings) = answers.wait(until: { !$0.isEmpty }).first else {
            Issue.record("no plan"); return
        }
        #expect(warnings == printed)
        var state = AppState(environment: ViewerFixtures.environment(), storeLabel: "t", width: 120, height: 40)
        _ = CairnApp().update(&state, .importPlanLoaded(path: gpx.path, plan, warnings: warnings))
        let screen = CairnApp().view(state, width: 120, height: 40).textDump()
        for w in printed {
            // Each warning's first words, as wrapped into the box (100 columns).
            let words = w.split(separator: " ").prefix(5).joined(separator: " ")
            #expect(screen.contains(words), "\(words) not in\n\(screen)")
        }
        #expect(state.status.text.hasPrefix(printed[0]) && state.status.text.contains("+3 more"))
    }
}
