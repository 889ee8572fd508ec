import Foundation
import Testing
import TrailCore
import TrailSQLite
@testable import TrailStore

/// The `photos` table (issue 36): photos referenced with their hash, listed in walking order,
/// one row per content and hike, removed all or none, found again by hash, gone with the hike.
@Suite struct PhotoStoreTests {
    func photo(_ name: String, hash: UInt8, along: Double?, taken: Double?) -> NewPhoto {
        NewPhoto(path: "/photos/" + name, size: 1000 + Int64(hash), contentHash: [UInt8](repeating: hash, count: 32),
                 takenAt: taken.map { Date(timeIntervalSince1970: $0) },
                 coordinate: along.map { _ in Coordinate(latitude: 42.5, longitude: 1.5) }, elevation: nil,
                 distanceAlong: along, distanceOff: along == nil ? nil : 0, placement: along == nil ? "none" : "time",
                 note: nil)
    }

    @Test func addListRemoveRelink() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        guard case .inserted(let id) = try store.insert(sampleHike(sampleTrack())) else { return }
        let out = try store.addPhotos([photo("c.jpg", hash: 3, along: 900, taken: 30), photo("a.jpg", hash: 1, along: 100, taken: 10),
                                       photo("x.jpg", hash: 9, along: nil, taken: 5), photo("b.jpg", hash: 2, along: 500, taken: 20)],
                                      to: id)
        #expect(out.count == 4)
        // Walking order: by distance along, unplaced last.
        #expect(try store.photos(of: id).map(\.photo.path) == ["/photos/a.jpg", "/photos/b.jpg", "/photos/c.jpg", "/photos/x.jpg"])
        // The same content again is the same photo (its path follows).
        let again = try store.addPhotos([photo("moved-a.jpg", hash: 1, along: 100, taken: 10)], to: id)
        guard case .alreadyKept = again.first else { Issue.record("\(again)"); return }
        #expect(try store.photos(of: id).count == 4 && store.photos(of: id)[0].photo.path == "/photos/moved-a.jpg")
        // Relink by hash.
        #expect(try store.relinkPhotos(of: id, found: [[UInt8](repeating: 2, count: 32): "/new/b.jpg"]) == 1)
        #expect(try store.photos(of: id)[1].photo.path == "/new/b.jpg")
        // Remove: all or none.
        let ids = try store.photos(of: id).map(\.id)
        #expect(throws: PhotoStoreError.noSuchPhoto(99_999, hike: id.rawValue)) { try store.removePhotos([ids[0], 99_999], from: id) }
        #expect(try store.photos(of: id).count == 4)
        try store.removePhotos([ids[0]], from: id)
        #expect(try store.photos(of: id).count == 3)
        // Gone with the hike.
        try store.delete([id])
        #expect(try store.connection.scalar("SELECT count(*) FROM photos")?.integer == 0)
    }
}
