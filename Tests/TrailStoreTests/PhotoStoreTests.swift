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

    /// Photos and "photo here" marks are numbered per hike (issue 36: a hike's first mark was
    /// #4 when another hike had three photos); removing by number touches only that hike.
    @Test func photosAreNumberedPerHike() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        guard case .inserted(let first) = try store.insert(sampleHike(sampleTrack())),
              case .inserted(let second) = try store.insert(sampleHike(sampleTrack()), allowDuplicate: true) else { return }
        let out = try store.addPhotos([photo("a.jpg", hash: 1, along: 100, taken: 10), photo("b.jpg", hash: 2, along: 200, taken: 20),
                                       photo("c.jpg", hash: 3, along: 300, taken: 30)], to: first)
        #expect(out == [.added(1), .added(2), .added(3)])
        let mark = try store.addPhotoMark(PhotoMark(coordinate: Coordinate(latitude: 42.5, longitude: 1.5), time: Date(timeIntervalSince1970: 40)),
                                          to: second)
        #expect(mark == 1)
        #expect(try store.addPhotos([photo("d.jpg", hash: 4, along: 50, taken: 40)], to: second, filling: [0: 1]) == [.filled(1)])
        #expect(try store.addPhotos([photo("a.jpg", hash: 1, along: 10, taken: 10)], to: second) == [.added(2)])
        #expect(try store.addPhotos([photo("b.jpg", hash: 2, along: 200, taken: 20)], to: first) == [.alreadyKept(2)])
        try store.removePhotos([1], from: second)
        #expect(try store.photos(of: first).map(\.id) == [1, 2, 3] && store.photos(of: second).map(\.photo.path) == ["/photos/a.jpg"])
        #expect(try store.addPhotoMark(PhotoMark(coordinate: Coordinate(latitude: 42.5, longitude: 1.5)), to: first) == 4)
    }

    /// A store from before the numbers (v17 photos only) numbers its photos per hike in the
    /// order they were kept.
    @Test func olderStoreNumbersItsPhotosPerHike() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let db = try Connection(path: path)
            var old = Migrator()
            for m in HikeSchema.migrator.migrations where m.name != HikeStore.photoNumbersMigrationName { old.register(m.name, m.apply) }
            try old.migrate(db)
            try db.execute("""
                INSERT INTO hikes (public_id, name, kind, created_at, content_hash, distance, point_count, segment_count)
                    VALUES ('aaaaaa', 'One', 'imported', 0, x'01', 1, 0, 0), ('bbbbbb', 'Two', 'imported', 0, x'02', 1, 0, 0);
                INSERT INTO photos (hike_id, path, size, content_hash, placement, added_at) VALUES
                    (1, '/p/a.jpg', 1, x'01', 'none', 0), (2, '/p/b.jpg', 1, x'02', 'none', 0),
                    (1, '/p/c.jpg', 1, x'03', 'none', 0), (2, '/p/d.jpg', 1, x'04', 'none', 0);
                """)
        }
        let store = try HikeStore(path: path)
        let byPath = { (id: String) in Dictionary(uniqueKeysWithValues: try store.photos(of: HikeID(id)!).map { ($0.photo.path, $0.id) }) }
        #expect(try byPath("aaaaaa") == ["/p/a.jpg": 1, "/p/c.jpg": 2])
        #expect(try byPath("bbbbbb") == ["/p/b.jpg": 1, "/p/d.jpg": 2])
    }
}
