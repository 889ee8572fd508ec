import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// A point's links read back from GeoJSON (issue 36): what ``GeoJSONWriter`` writes (the first
/// link as a `link` URL) and the object and list forms other tools write.
@Suite struct GeoJSONLinkTests {
    /// A photo waypoint as `cairn export` writes it, through the writer and back: its type,
    /// name, time and `file://` link (percent-encoded as written) are kept.
    @Test func aPhotoWaypointKeepsItsLinkThroughWriterAndReader() throws {
        let href = URL(fileURLWithPath: "/home/hiker/Fotos/Gipfel Blick ä.jpg").absoluteString
        var doc = GPXDocument()
        doc.waypoints = [Waypoint(latitude: 42.5625, longitude: 1.520083, elevation: 2025, time: Date(timeIntervalSince1970: 1_525_248_930),
                                  name: "Gipfel Blick ä.jpg", description: "photo, placed by its time",
                                  links: [Link(href: href, text: "Gipfel Blick ä.jpg", type: "image/jpeg")], type: "photo")]
        let data = try GeoJSONWriter().data(for: doc)
        let back = try GeoJSONReader.read(data: data, fileName: "h.geojson").document.waypoints
        #expect(back.count == 1)
        let w = try #require(back.first)
        #expect(w.type == "photo" && w.name == "Gipfel Blick ä.jpg" && w.links.map(\.href) == [href], "\(w)")
        #expect(w.time == Date(timeIntervalSince1970: 1_525_248_930))
        // The percent-encoded URL names the file again (what import reads the photo from).
        #expect(URL(string: w.links[0].href)?.path == "/home/hiker/Fotos/Gipfel Blick ä.jpg")
    }

    /// `link` as an object and a `links` list of URLs and objects; entries without an href
    /// and repeats are left out; a point without links has none.
    @Test func linkObjectsAndListsAreRead() throws {
        let json = #"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"link":{"href":"https://example.org/a","text":"A","type":"text/html"},
          "links":["https://example.org/b",{"href":"https://example.org/a","text":"A","type":"text/html"},{"text":"no href"},7]},
         "geometry":{"type":"Point","coordinates":[1.5,42.5]}},
        {"type":"Feature","properties":{"name":"plain"},"geometry":{"type":"Point","coordinates":[1.6,42.6]}}]}
        """#
        let w = try GeoJSONReader.read(data: Data(json.utf8), fileName: "l.geojson").document.waypoints
        #expect(w.count == 2)
        #expect(w[0].links == [Link(href: "https://example.org/a", text: "A", type: "text/html"), Link(href: "https://example.org/b")])
        #expect(w[1].links.isEmpty)
    }
}
