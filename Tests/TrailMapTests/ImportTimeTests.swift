// The import time `cairn map info` shows: stored as RFC 3339 internet date-time in UTC, whole
// seconds. Expected strings from Python's datetime.fromtimestamp(t, timezone.utc).isoformat()
// (1_700_000_000 → 2023-11-14T22:13:20+00:00; 951_868_799 → 2000-02-29T23:59:59+00:00).
import Foundation
import Testing
@testable import TrailMap

@Suite struct ImportTimeTests {
    @Test func theImportTimeIsStoredAsUTCInternetDateTime() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.fixture("upsert-v1.osm"), importedAt: TestSupport.importTime)
        #expect(try store.imports().first?.importedAt == "2023-11-14T22:13:20Z")
    }

    @Test func aLeapDayAndFractionsOfASecond() {
        #expect(MapStore.iso8601(Date(timeIntervalSince1970: 951_868_799)) == "2000-02-29T23:59:59Z")
        // Whole seconds: a fraction is dropped, never rounded up into the next second.
        #expect(MapStore.iso8601(Date(timeIntervalSince1970: 951_868_799.9)) == "2000-02-29T23:59:59Z")
    }
}
