import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// The viewer's watch on the store (DECISIONS 481): `PRAGMA data_version` on its own
/// connection moves when another connection (here a second `HikeStore`, as `cairn match
/// --keep` in another process opens one) commits, and not for its own writes.
@Suite struct StoreChangeDetectorTests {
    @Test func anotherConnectionsCommitIsNoticedOnceAndOwnWritesAreNot() throws {
        let dir = makeTempDirectory("watch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let viewer = try HikeStore(path: dir + "/hikes.sqlite")
        let shell = try HikeStore(path: dir + "/hikes.sqlite")
        var detector = StoreChangeDetector()
        #expect(try detector.poll(viewer) == false, "the first reading is the baseline")
        #expect(try detector.poll(viewer) == false, "nothing committed")

        guard case .inserted(let id) = try shell.insert(sampleHike(sampleTrack(name: "Elsewhere"))) else {
            Issue.record("not inserted"); return
        }
        #expect(try detector.poll(viewer) == true, "an import in another connection")
        #expect(try detector.poll(viewer) == false, "noticed once")

        try shell.rename(id, to: "Renamed elsewhere")
        #expect(try detector.poll(viewer) == true, "a rename in another connection")

        // The viewer's own writes go through its connection: no reload of what it just wrote.
        try viewer.rename(id, to: "Renamed here")
        #expect(try detector.poll(viewer) == false, "its own rename")

        try shell.delete([id])
        #expect(try detector.poll(viewer) == true, "a delete in another connection")
    }

    @Test func aLineVersionKeptElsewhereIsNoticed() throws {
        let dir = makeTempDirectory("watch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let viewer = try HikeStore(path: dir + "/hikes.sqlite")
        let shell = try HikeStore(path: dir + "/hikes.sqlite")
        guard case .inserted(let id) = try viewer.insert(sampleHike(sampleTrack(name: "Kept"))) else {
            Issue.record("not inserted"); return
        }
        var detector = StoreChangeDetector()
        _ = try detector.poll(viewer)
        let moved = sampleTrack(name: "Kept", offset: 0.00001)
        _ = try shell.keepLine(moved.segments.map { $0.points }, origin: "matched", of: id)
        #expect(try detector.poll(viewer) == true)
    }
}
