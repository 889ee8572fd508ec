import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
import TrailMap
import TrailStore
@testable import ViewerRuntime
@testable import TrailApp

/// The TUI's effect performers against a real store in a temporary directory (and no map, or
/// the Samples map): each effect's answer comes back as its feature's message, failures typed.
@Suite struct EffectPerformerTests {
    final class Terminal: @unchecked Sendable {
        let bells = AnswerRecorder<Int>()
        let suspends = AnswerRecorder<Int>()
    }

    struct Fixture {
        let dir: URL
        let performer: EffectPerformer
        let terminal = Terminal()
        let messages = AnswerRecorder<AppMessage>()

        init(map: String? = nil) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-perf-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let t = terminal
            performer = EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path,
                                        mapPath: map ?? dir.appendingPathComponent("none.sqlite").path,
                                        now: { Date(timeIntervalSince1970: 1_700_000_000) },
                                        speech: SpeechOutput(environment: [:]),
                                        terminal: .init(bell: { t.bells.append(1) }, suspend: { t.suspends.append(1) }))
        }

        /// Performs `effect` and waits for `count` more messages.
        @discardableResult
        func run(_ effect: AppEffect, answers count: Int = 1) -> [AppMessage] {
            let before = messages.items.count
            let m = messages
            performer.perform(effect) { m.append($0) }
            return Array(messages.wait { $0.count >= before + count }.dropFirst(before))
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }
    }

    static let sample = TestSupport.samples.appendingPathComponent("gpxpy-Mojstrovka.gpx").path

    @Test func libraryEffectsAnswerWithTheirMessages() throws {
        let f = try Fixture()
        defer { f.remove() }
        guard case .importPlanLoaded(let path, let plan, _) = f.run(.readImportFile(path: Self.sample)).first else {
            Issue.record("no plan"); return
        }
        #expect(path == Self.sample && plan.fileName == "gpxpy-Mojstrovka.gpx")
        let imported = f.run(.importFile(path: path, candidates: plan.defaultSelection)).first
        #expect(imported.map { if case .library(.imported("gpxpy-Mojstrovka.gpx", let added, 0)) = $0 { added > 0 } else { false } } == true)
        guard case .hikesLoaded(let list) = f.run(.loadHikes(.date)).first, let first = list.first else {
            Issue.record("no list"); return
        }
        guard case .hikeLoaded(let id, let prepared, forPreview: true) = f.run(.loadHike(first.id, forPreview: true)).first else {
            Issue.record("no hike"); return
        }
        #expect(id == first.id && prepared.pointCount == first.statistics.pointCount)
        // Importing the same file again stores nothing new.
        if case .library(.imported(_, let added, let duplicates)) = f.run(.importFile(path: path, candidates: plan.defaultSelection)).first {
            #expect(added == 0 && duplicates > 0)
        } else { Issue.record("no second import answer") }
        if case .library(.renamed(let r)) = f.run(.renameHike(first.id, "Renamed")).first { #expect(r == first.id) }
        else { Issue.record("no rename answer") }
        if case .library(.deleted(let d)) = f.run(.deleteHike(first.id)).first { #expect(d == first.id) }
        else { Issue.record("no delete answer") }
    }

    /// The checklist's "already stored" marks: none before the file is imported, then each
    /// track with the hike the import stored it as (the rule the import skips duplicates by);
    /// storing it again with `again` adds a second hike, as `cairn import --again` does.
    @Test func storedCopiesAreTheImportsDuplicates() throws {
        let f = try Fixture()
        defer { f.remove() }
        guard case .importPlanLoaded(let path, let plan, _) = f.run(.readImportFile(path: Self.sample)).first else {
            Issue.record("no plan"); return
        }
        guard case .importStoredCopies(path, let none) = f.run(.library(.findStoredCopies(path: path))).first else {
            Issue.record("no answer"); return
        }
        #expect(none.isEmpty)
        f.run(.importFile(path: path, candidates: plan.defaultSelection))
        guard case .hikesLoaded(let list) = f.run(.loadHikes(.date)).first else { Issue.record("no list"); return }
        #expect(list.count == plan.defaultSelection.count)
        _ = f.run(.readImportFile(path: path))
        guard case .importStoredCopies(path, let copies) = f.run(.library(.findStoredCopies(path: path))).first else {
            Issue.record("no answer"); return
        }
        #expect(Set(copies.keys) == Set(plan.defaultSelection))
        #expect(Set(copies.values) == Set(list.map(\.id)))
        guard case .library(.imported(_, let added, 0)) = f.run(.importFile(path: path, candidates: plan.defaultSelection, again: true)).first else {
            Issue.record("no import answer"); return
        }
        #expect(added == plan.defaultSelection.count)
    }

    @Test func libraryFailuresAreTyped() throws {
        let f = try Fixture()
        defer { f.remove() }
        let missing = f.dir.appendingPathComponent("missing.gpx").path
        guard case .library(.failed(.importUnreadable(let p, _))) = f.run(.readImportFile(path: missing)).first else {
            Issue.record("no typed failure"); return
        }
        #expect(p == missing)
        let ghost = HikeID(rowID: 999)
        guard case .library(.failed(.hikeUnreadable(ghost, _))) = f.run(.loadHike(ghost, forPreview: false)).first else {
            Issue.record("no typed failure for a missing hike"); return
        }
    }

    @Test func basemapsWithoutAMapAreEmptyAndWithTheSampleMapHaveFeatures() throws {
        let f = try Fixture()
        defer { f.remove() }
        let v = MapViewport(center: Coordinate(latitude: 42.6225, longitude: 1.5365), zoom: 15, width: 60, height: 20)
        guard case .basemapLoaded(7, let empty) = f.run(.loadBasemap(request: 7, v)).first else {
            Issue.record("no basemap"); return
        }
        #expect(empty.items.isEmpty && empty.canServe(v))
        // The Samples map, imported into the fixture directory.
        let mapPath = f.dir.appendingPathComponent("map.sqlite").path
        let store = try MapStore(path: mapPath)  // the Samples extract around the Andorra track
        try store.importOSM(path: TestSupport.samples.appendingPathComponent("andorra-ordino.osm").path,
                            importedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let g = try Fixture(map: mapPath)
        defer { g.remove() }
        guard case .basemapLoaded(8, let full) = g.run(.loadBasemap(request: 8, v)).first else {
            Issue.record("no basemap"); return
        }
        #expect(!full.items.isEmpty && !full.coverageAreas.isEmpty)
    }

    @Test func drawingEffectsAnswerAndPlanWithoutAMapAsStraightLegs() throws {
        let f = try Fixture()
        defer { f.remove() }
        guard case .draw(.draftLoaded(nil)) = f.run(.draw(.loadDraft)).first else { Issue.record("no draft answer"); return }
        let a = Coordinate(latitude: 42.62, longitude: 1.53), b = Coordinate(latitude: 42.63, longitude: 1.54)
        let request = DrawPlanRequest(request: 3, base: RoutePlan(), stops: [a, b], legRouting: [true], insertBetween: nil,
                                      routingOn: true)
        guard case .draw(.planned(3, let plan, let places, _, _)) = f.run(.draw(.plan(request))).first else {
            Issue.record("no plan"); return
        }
        #expect(plan.stops == [a, b] && places.count == 2)
        #expect(abs(plan.length - Geodesy.distance(from: a, to: b)) < 0.01)
        // A search without a map finds nothing (and says so as results, not as a failure).
        guard case .draw(.searchResults(4, let results)) = f.run(.draw(.search(request: 4, text: "Ordino", near: a))).first else {
            Issue.record("no search answer"); return
        }
        #expect(results.isEmpty)
    }

    @Test func bellAndSuspendGoToTheTerminal() throws {
        let f = try Fixture()
        defer { f.remove() }
        f.performer.perform(.bell) { _ in }
        f.performer.perform(.suspend) { _ in }
        #expect(f.terminal.bells.items.count == 1 && f.terminal.suspends.items.count == 1)
    }
}
