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

    /// A store from before the codes (v19) keeps its notes as text (issue 36): a "not placed"
    /// one gets the code "legacy" and is shown as it was; those of marks, filled marks and
    /// imported photo waypoints (only how they were placed) are dropped; a photo kept since
    /// stores no sentence.
    @Test func olderStoreKeepsItsNotesAsLegacyText() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let db = try Connection(path: path)
            var old = Migrator()
            for m in HikeSchema.migrator.migrations where m.name != HikeStore.photoFactsMigrationName { old.register(m.name, m.apply) }
            try old.migrate(db)
            try db.execute("""
                INSERT INTO hikes (public_id, name, kind, created_at, content_hash, distance, point_count, segment_count)
                    VALUES ('aaaaaa', 'One', 'imported', 0, x'01', 1, 0, 0);
                INSERT INTO photos (hike_id, path, size, content_hash, placement, note, added_at, number, distance_along) VALUES
                    (1, '/p/a.jpg', 1, x'01', 'none', '3 h nach Ende der Begehung aufgenommen', 0, 1, NULL),
                    (1, '/p/b.jpg', 1, x'02', 'time', 'by its time; taken 2018-05-02T08:00:00Z (TZ=UTC)', 0, 2, 10),
                    (1, '', 0, x'03', 'placeholder', 'photo here', 0, 3, 20),
                    (1, '/p/d.jpg', 1, x'04', 'mark', 'an einer Foto-hier-Markierung', 0, 4, 30),
                    (1, '/p/e.jpg', 0, x'05', 'waypoint', 'as exported', 0, 5, 40);
                """)
        }
        let store = try HikeStore(path: path)
        let id = HikeID("aaaaaa")!
        let byPath = Dictionary(uniqueKeysWithValues: try store.photos(of: id).map { ($0.photo.path, $0.photo) })
        #expect(byPath["/p/a.jpg"]?.reasonCode == "legacy" && byPath["/p/a.jpg"]?.note == "3 h nach Ende der Begehung aufgenommen")
        #expect(byPath["/p/b.jpg"]?.reasonCode == nil && byPath["/p/b.jpg"]?.note == "by its time; taken 2018-05-02T08:00:00Z (TZ=UTC)")
        #expect(byPath[""]?.legacyNote == nil && byPath[""]?.note == "photo here")
        #expect(byPath["/p/d.jpg"]?.legacyNote == nil && byPath["/p/d.jpg"]?.note == "at a photo-here mark")
        #expect(byPath["/p/e.jpg"]?.legacyNote == nil && byPath["/p/e.jpg"]?.note == "as exported")
        // A photo kept now: a code and numbers.
        var late = photo("f.jpg", hash: 6, along: nil, taken: 40)
        late.facts = PhotoFacts(reason: .afterWalk, seconds: 600)
        try store.addPhotos([late], to: id)
        let row = try #require(try store.connection.query("SELECT note, reason, facts FROM photos WHERE path = '/photos/f.jpg'") {
            ($0.optionalString(0), $0.optionalString(1), $0.optionalString(2))
        }.first)
        #expect(row.0 == nil && row.1 == "after-walk" && row.2 == #"{"reason":"after-walk","seconds":600}"#, "\(row)")
        #expect(try store.photos(of: id).first { $0.photo.path == "/photos/f.jpg" }?.photo.note == "taken 10 min after the walk ended")
    }

    /// A kept photo's file replaced (edited, or its content found): the row keeps its number
    /// and takes the new hash; refused when another photo has that content.
    @Test func replacingAKeptPhotosFileKeepsItsNumber() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        guard case .inserted(let id) = try store.insert(sampleHike(sampleTrack())) else { return }
        try store.addPhotos([photo("a.jpg", hash: 1, along: 100, taken: 10), photo("b.jpg", hash: 2, along: 200, taken: 20)], to: id)
        #expect(try store.addPhotos([photo("a.jpg", hash: 7, along: 100, taken: 10)], to: id, replacing: [0: 1]) == [.updated(1)])
        #expect(try store.photos(of: id).map(\.photo.contentHash.first) == [7, 2])
        #expect(throws: PhotoStoreError.sameContent(1, as: 2, hike: id.rawValue)) {
            try store.addPhotos([photo("a.jpg", hash: 2, along: 100, taken: 10)], to: id, replacing: [0: 1])
        }
        try store.relinkPhoto(2, of: id, to: "/moved/b.jpg", size: 5, contentHash: [UInt8](repeating: 8, count: 32))
        #expect(try store.photos(of: id)[1].photo.path == "/moved/b.jpg" && store.photos(of: id)[1].photo.size == 5)
        #expect(throws: PhotoStoreError.sameContent(2, as: 1, hike: id.rawValue)) {
            try store.relinkPhoto(2, of: id, to: "/x.jpg", size: 5, contentHash: [UInt8](repeating: 7, count: 32))
        }
    }
}
