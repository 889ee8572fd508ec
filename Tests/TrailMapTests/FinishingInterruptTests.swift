import Foundation
import Testing
@testable import TrailMap

/// An interruption while an import finishes (pass 3: the end of the file's objects, the R*Tree,
/// the import row) rolls it back like one while the file is read: `progress` is asked between
/// those steps and just before the commit (newcomer 10 found Ctrl-C ignored there).
@Suite struct FinishingInterruptTests {
    struct Stop: Error {}

    /// How many times pass 3 is reported by an import that runs to its end.
    func finishingReports() throws -> Int {
        let store = try TestSupport.freshStore()
        var calls = 0
        _ = try store.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime) { p in
            if p.pass == 3 { calls += 1 }
        }
        #expect(try (TestSupport.tableCounts(store)["features"] ?? 0) > 100)
        return calls
    }

    @Test func anInterruptionAtAnyStepOfTheFinishRollsTheImportBack() throws {
        let reports = try finishingReports()
        #expect(reports >= 4, "pass 3 asked before the end of the objects, the boxes, the import row and the commit")
        for stopAt in 1...reports {
            // Over a store that already holds an extract: it must stay as it was.
            let store = try TestSupport.freshStore()
            try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
            let before = try TestSupport.tableCounts(store)
            var calls = 0
            #expect(throws: Stop.self, "stop at finishing report \(stopAt)") {
                try store.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime) { p in
                    guard p.pass == 3 else { return }
                    calls += 1
                    if calls == stopAt { throw Stop() }
                }
            }
            let after = try TestSupport.tableCounts(store)
            #expect(after == before, "stop at finishing report \(stopAt)")
            #expect(try store.db.scalar("SELECT count(*) FROM imports")?.integer == 1)
        }
    }
}
