import Foundation
import TrailCore
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
                                : s.photo.placement == NewPhoto.markPlacement ? "photo, at a photo-here mark" : "photo, placed by its time",
                            links: [Link(href: url.absoluteString, text: url.lastPathComponent, type: mime)], type: "photo")
        }
    }
}
