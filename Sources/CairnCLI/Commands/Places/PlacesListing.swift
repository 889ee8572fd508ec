import Foundation
import Localization
import HikeServices
import TrailCore

/// The output of `cairn places`: a table, or JSON.
enum PlacesListing {
    static func text(_ rows: [ListedPlace], within: Double, units: UnitFormatter, mapSearched: Bool) -> String {
        guard !rows.isEmpty else {
            return (mapSearched ? L("No places within %s of the hike.", units.distance(within)) : L("The hike has no places.")) + "\n"
        }
        // TRANSLATORS: the places table's headers: distance along the hike, distance off its line, kind, name, elevation, OSM id.
        var table = TextTable(headers: [L("ALONG"), L("OFF"), L("KIND"), L("NAME"), L("ELE"), L("ID")], rightAligned: [0, 1, 4])
        for r in rows {
            table.add([r.along.map(units.distance) ?? "--", r.off.map(units.distance) ?? "--", r.place.kind.label,
                       TerminalText.clean(r.place.name ?? L("(unnamed)")),
                       r.place.elevation.map { (r.place.elevationFromTerrain ? "~" : "") + units.elevation($0) } ?? "",
                       (r.place.id != nil ? "*" : "") + r.label])
        }
        var out = table.render()
        let n = rows.filter { $0.place.id != nil }.count
        let added: String = n > 0 ? ", " + Ln("%d added to the hike (*)", "%d added to the hike (*)", n, n) : ""
        let searched: String = mapSearched ? clauseSeparator + L("map within %s of the line", units.distance(within)) : ""
        out += Ln("%d place", "%d places", rows.count, rows.count) + added + searched + "\n"
        if rows.contains(where: \.place.elevationFromTerrain) { out += L("~ height from the terrain (SRTM), not tagged") + "\n" }
        if mapSearched { out += L("Map data © OpenStreetMap contributors, ODbL 1.0") + "\n" }
        return out
    }

    static func json(_ rows: [ListedPlace], hike: CustomStringConvertible) -> String {
        let items = rows.map(PlaceJSON.init)
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? e.encode(items)).map { String(decoding: $0, as: UTF8.self) } ?? "[]") + "\n"
    }
}
