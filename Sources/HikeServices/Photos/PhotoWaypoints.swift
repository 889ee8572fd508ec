import Foundation
import Localization
import TrailCore
import TrailPhotos
import TrailStore

/// Placed photos as GPX waypoints for export (issue 36): at the photo's place, its capture
/// time, named after the file, `type` "photo", and a `<link>` to the file (a `file://` URL,
/// MIME type from the extension) that GPX readers (and Cairn's import) keep. Unplaced photos
/// are left out (a waypoint needs a position), and so are "photo here" marks no photo filled.
public enum PhotoWaypoints {
    public static func waypoints(_ photos: [StoredPhoto]) -> [Waypoint] {
        photos.compactMap { s -> Waypoint? in
            guard let c = s.photo.coordinate, !s.photo.isPlaceholder else { return nil }
            let url = URL(fileURLWithPath: s.photo.path)
            let ext = url.pathExtension.lowercased()
            let mime = ["jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "jfif": "image/jpeg",
                        "heic": "image/heic", "heif": "image/heif", "hif": "image/heif"][ext]
            return Waypoint(latitude: c.latitude, longitude: c.longitude, elevation: s.photo.elevation, time: s.photo.takenAt,
                            name: url.lastPathComponent,
                            description: s.photo.placement == "gps" ? "photo, at its GPS tag"
                                : s.photo.placement == NewPhoto.markPlacement ? "photo, at a photo-here mark"
                                : s.photo.placement == NewPhoto.waypointPlacement ? "photo, as exported" : "photo, placed by its time",
                            links: [Link(href: url.absoluteString, text: url.lastPathComponent, type: mime)], type: "photo")
        }
    }

    /// What an export of `photos` leaves out or links to nothing, for the command to say
    /// (issue 36): the photos not placed on the track (no position: not written), and the
    /// placed photos whose file is not at its path now (written, their link kept: DECISIONS
    /// 1007), each as ``label(_:)`` ("#5 e-before.jpg": the number tells two photos of one
    /// name apart and is what `cairn photos` lists). "Photo here" marks no photo filled are in
    /// neither list.
    /// - Parameter fileExists: whether a path names a file now (the file system's, for tests another).
    public static func exportGaps(_ photos: [StoredPhoto], fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) })
        -> (unplaced: [String], missing: [String]) {
        var unplaced: [String] = [], missing: [String] = []
        for s in photos where !s.photo.isPlaceholder {
            if s.photo.coordinate == nil { unplaced.append(label(s)) } else if !fileExists(s.photo.path) { missing.append(label(s)) }
        }
        return (unplaced, missing)
    }

    /// A photo as the export's messages name it: its number within the hike and its file's
    /// name, "#5 e-before.jpg" (control characters are the caller's to strip).
    public static func label(_ s: StoredPhoto) -> String {
        "#\(s.id) " + URL(fileURLWithPath: s.photo.path).lastPathComponent
    }

    /// `names` joined with ", ", cut after `first` with "and N more" (a message line stays
    /// short); when cut and `seeAll` is given (a command that lists them all, "cairn photos 3"),
    /// the line says so: "… and 2 more ('cairn photos 3' lists them all)".
    public static func shortList(_ names: [String], first: Int = 3, seeAll: String? = nil) -> String {
        let shown = names.prefix(first).joined(separator: ", ")
        let more = names.count - first
        guard more > 0 else { return shown }
        guard let seeAll else { return Ln("%s and %d more", "%s and %d more", more, shown, more) }
        // TRANSLATORS: a list of photos cut short, the number left out, and the command that lists them all.
        return Ln("%s and %d more ('%s' lists them all)", "%s and %d more ('%s' lists them all)", more, shown, more, seeAll)
    }

    /// Whether `w` is a photo as ``waypoints(_:)`` writes it: type "photo" and a `file://` link;
    /// returns the file's path (percent-decoded), nil otherwise.
    public static func photoPath(_ w: Waypoint) -> String? {
        guard w.type?.lowercased() == "photo" else { return nil }
        for link in w.links {
            if let url = URL(string: link.href), url.isFileURL, !url.path.isEmpty { return url.standardizedFileURL.path }
        }
        return nil
    }

    /// Splits the photo waypoints (``photoPath(_:)``) off `hike` for import (issue 36: "import
    /// keeps such links"): each becomes a photo of the hike at the waypoint's position and time
    /// (placement "waypoint", "as exported"), measured against the hike's line for the distance
    /// along and off. The file's size and SHA-256 are read when it is there; a file not there
    /// is kept with size 0 and a hash of its own ("link" and the SHA-256 of its path: 36 bytes,
    /// never a file's 32) and is listed "(missing)" like any moved photo. A hike without tracks
    /// (a file of places) keeps them as places: there is no line to pin a photo to.
    /// - Returns: the hike without its photo waypoints, and the photos to keep with it.
    public static func photos(splitFrom hike: NewHike) -> (hike: NewHike, photos: [NewPhoto]) {
        guard !hike.tracks.isEmpty else { return (hike, []) }
        var rest = hike
        rest.waypoints = []
        var photos: [NewPhoto] = []
        let placer = PhotoPlacer(track: Track(segments: hike.tracks.flatMap(\.segments)))
        for w in hike.waypoints {
            guard let path = photoPath(w) else { rest.waypoints.append(w); continue }
            let c = Coordinate(latitude: w.latitude, longitude: w.longitude)
            let place = placer.place(gps: c, altitude: w.elevation)
            var size: Int64 = 0
            var hash = Array("link".utf8)
            if let (s, h) = try? PhotoImport.contentHash(path) {
                size = s
                hash = h
            } else {
                var sha = SHA256()
                sha.update(Array(path.utf8))
                hash += sha.finalize()
            }
            photos.append(NewPhoto(path: path, size: size, contentHash: hash, takenAt: w.time, coordinate: c, elevation: w.elevation,
                                   distanceAlong: place?.distanceAlong, distanceOff: place?.distanceOff,
                                   placement: NewPhoto.waypointPlacement))
        }
        return (rest, photos)
    }
}
