import Foundation
import HikeServices
import TrailCore

/// The output of `cairn places`: a table, or JSON.
enum PlacesListing {
    static func text(_ rows: [ListedPlace], within: Double, units: UnitFormatter, mapSearched: Bool) -> String {
        guard !rows.isEmpty else {
            return mapSearched ? "No places within \(units.distance(within)) of the hike.\n" : "The hike has no places.\n"
        }
        var table = TextTable(headers: ["ALONG", "OFF", "KIND", "NAME", "ELE", "ID"], rightAligned: [0, 1, 4])
        for r in rows {
            table.add([r.along.map(units.distance) ?? "--", r.off.map(units.distance) ?? "--", r.place.kind.rawValue,
                       TerminalText.clean(r.place.name ?? "(unnamed)"),
                       r.place.elevation.map { (r.place.elevationFromTerrain ? "~" : "") + units.elevation($0) } ?? "",
                       (r.place.id != nil ? "*" : "") + r.label])
        }
        var out = table.render()
        let n = rows.filter { $0.place.id != nil }.count
        out += "\(rows.count) place\(rows.count == 1 ? "" : "s")" + (n > 0 ? ", \(n) added to the hike (*)" : "")
            + (mapSearched ? "; map within \(units.distance(within)) of the line" : "") + "\n"
        if rows.contains(where: \.place.elevationFromTerrain) { out += "~ height from the terrain (SRTM), not tagged\n" }
        if mapSearched { out += "Map data © OpenStreetMap contributors, ODbL 1.0\n" }
        return out
    }

    static func json(_ rows: [ListedPlace], hike: CustomStringConvertible) -> String {
        struct Item: Encodable {
            let along: Double?, off: Double?, kind: String, name: String?, latitude: Double, longitude: Double
            let elevation: Double?, elevationSource: String?, osmId: String?, placeId: Int64?, note: String?
            let tags: [String: String]
        }
        let items = rows.map { r in
            Item(along: r.along.map(round1), off: r.off.map(round1), kind: r.place.kind.rawValue, name: r.place.name,
                 latitude: r.place.coordinate.latitude, longitude: r.place.coordinate.longitude,
                 elevation: r.place.elevation,
                 elevationSource: r.place.elevation == nil ? nil : (r.place.elevationFromTerrain ? "terrain" : r.place.osmID != nil ? "tagged" : "waypoint"), osmId: r.place.osmID, placeId: r.place.id, note: r.place.note,
                 tags: r.place.tags)
        }
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? e.encode(items)).map { String(decoding: $0, as: UTF8.self) } ?? "[]") + "\n"
    }

    static func round1(_ v: Double) -> Double { (v * 10).rounded() / 10 }
}
