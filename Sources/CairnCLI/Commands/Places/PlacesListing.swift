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
        let items = rows.map(PlaceJSON.init)
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? e.encode(items)).map { String(decoding: $0, as: UTF8.self) } ?? "[]") + "\n"
    }
}
