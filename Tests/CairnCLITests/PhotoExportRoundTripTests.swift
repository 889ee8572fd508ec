import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// Export and import of photos (issue 36, a newcomer's findings): a GeoJSON export comes back
/// with its photos as GPX and KML do, and the export's lists of left-out photos name each by
/// number and file and say how to see a list cut short.
extension PhotosCommandTests {
    /// `cairn export ID -o h.geojson` then `cairn import h.geojson` (into another store, and
    /// `--again` into the same one): the placed photo is a photo of the new hike again, at the
    /// exported place and time, "as exported", and no place of kind photo or other.
    @Test func geoJSONExportAndImportKeepThePhotos() throws {
        let dir = makeTempDirectory("photos-geojson")
        let (store, id) = try walk(dir)
        #expect(cairn(["photos", "add", id, Self.photos + "offset.jpg", "--store", store]).status == 0)
        let export = cairn(["export", id, "-o", dir + "/h.geojson", "--store", store])
        #expect(export.status == 0, "\(export.stderr)")
        let original = try #require(try HikeStore(path: store).photos(of: HikeID(id)!).first).photo
        let other = dir + "/other.sqlite"
        let imported = cairn(["import", dir + "/h.geojson", "--store", other])
        #expect(imported.status == 0 && imported.stdout.contains("1 photo"), "\(imported.stdout)\(imported.stderr)")
        try expectPhotoCameBack(store: other, path: Self.photos + "offset.jpg", like: original)
        let hike = try #require(try HikeStore(path: other).summaries().first).id
        #expect(try HikeStore(path: other).waypoints(of: hike).isEmpty)  // the photo is not also a place
        // --again into the same store: the second hike has the photo too.
        let again = cairn(["import", "--again", dir + "/h.geojson", "--store", store])
        #expect(again.status == 0 && !again.stdout.contains("no photos kept"), "\(again.stdout)\(again.stderr)")
        let hikes = try HikeStore(path: store).summaries().map(\.id)
        #expect(hikes.count == 2)
        for h in hikes {
            let photos = try HikeStore(path: store).photos(of: h)
            #expect(photos.count == 1 && photos.first?.photo.path == Self.photos + "offset.jpg", "\(photos)")
            #expect(try HikeStore(path: store).waypoints(of: h).isEmpty)
        }
    }

    /// Two unplaced photos of one file name (in two folders) and three more: the export's
    /// line names each "#N name" (the numbers `cairn photos` lists, so the two are told
    /// apart), cut after three with the command that lists them all; that command lists
    /// every one of them under its number.
    @Test func exportNamesLeftOutPhotosByNumberAndSaysHowToSeeThemAll() throws {
        let dir = makeTempDirectory("photos-export-names")
        let (store, id) = try walk(dir)
        let fm = FileManager.default
        // Copies of unset-clock.jpg (a 1970 time, outside the walk: not placed), each with a
        // byte appended after the image so that each is content of its own.
        var unset = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.photos + "unset-clock.jpg")))
        var files: [String] = []
        for (i, path) in ["a/same.jpg", "b/same.jpg", "c/u1.jpg", "c/u2.jpg", "c/u3.jpg"].enumerated() {
            let file = dir + "/card/" + path
            try fm.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            unset.append(UInt8(i + 1))
            try Data(unset).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        #expect(cairn(["photos", "add", id, "--store", store] + files).status == 0)
        // The numbers the store gave, in the order the files were given.
        let kept = try HikeStore(path: store).photos(of: HikeID(id)!)
        let numbers = try files.map { f in try #require(kept.first { $0.photo.path == f }).id }
        #expect(Set(numbers).count == 5)
        let names = zip(numbers, files).map { "#\($0) " + ($1 as NSString).lastPathComponent }
        let listed = kept.sorted { $0.id < $1.id }.map { s in names[files.firstIndex(of: s.photo.path)!] }
        for format in ["gpx", "geojson", "kml"] {
            let run = cairn(["export", id, "--format", format, "--store", store])
            #expect(run.status == 0)
            let expected = "5 photos not placed on the track are not in the export: "
                + listed.prefix(3).joined(separator: ", ") + " and 2 more ('cairn photos \(id)' lists them all)"
            #expect(run.stderr.contains(expected), "\(format): \(run.stderr)\nexpected: \(expected)")
        }
        // A list of three or fewer is not cut and says nothing more.
        let few = try #require(HikeStore(path: store).photos(of: HikeID(id)!).sorted { $0.id < $1.id })
        #expect(cairn(["photos", "remove", id, "\(few[3].id)", "\(few[4].id)", "--store", store]).status == 0)
        let short = cairn(["export", id, "--store", store])
        #expect(short.stderr.contains("3 photos not placed on the track are not in the export: " + listed.prefix(3).joined(separator: ", ") + "\n"),
                "\(short.stderr)")
        #expect(!short.stderr.contains("lists them all"))
        // What the cut line points to lists each photo under its number, with its path.
        let listing = cairn(["photos", id, "--store", store]).stdout
        for (n, f) in zip(numbers, files) where few.prefix(3).contains(where: { $0.id == n }) {
            let row = listing.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(n) ") }
            #expect(row?.hasSuffix(f) == true, "#\(n) \(f) not listed:\n\(listing)")
        }
    }
}
