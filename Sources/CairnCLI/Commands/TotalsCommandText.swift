import Foundation
import HikeServices
import TrailApp
import TrailCore
import TrailStore

/// The text of `cairn totals`: the month table with distance bars, the years, all time, records.
enum TotalsCommandText {
    /// Width of the distance bars, columns.
    static let barWidth = 12

    static func render(_ r: TotalsReport, _ list: OutingList, _ units: UnitFormatter) -> String {
        let y = r.thisYear.year, p = r.lastYear.year
        var out = "Totals \(y) against \(p) (months in \(r.timeZone))\n"
        var counted = "Counted: \(list.outings.count) walk\(list.outings.count == 1 ? "" : "s")"
        if list.duplicateHikes > 0 { counted += "; \(list.duplicateHikes) duplicate import\(list.duplicateHikes == 1 ? "" : "s") left out" }
        if list.undatedHikes > 0 {
            counted += "; \(list.undatedHikes) undated trail\(list.undatedHikes == 1 ? "" : "s") counted only through their walks"
        }
        if list.walksDuringHikes > 0 {
            counted += "; \(list.walksDuringHikes) walk\(list.walksDuringHikes == 1 ? "" : "s") followed while recorded counted once, as the recording"
        }
        out += counted + "\n\n"
        let maximum = (r.thisYear.months + r.lastYear.months).map(\.distance).max() ?? 0
        var table = TextTable(headers: ["MONTH", "\(y) DISTANCE", "", "\(p) DISTANCE", "", "CLIMB \(y)", "CLIMB \(p)",
                                        "MOVING \(y)", "MOVING \(p)", "WALKS", "TRAILS"],
                              rightAligned: [1, 3, 5, 6, 7, 8, 9, 10])
        func row(_ name: String, _ a: TotalsFigures, _ b: TotalsFigures, bars: Bool) {
            table.add([name, units.distance(a.distance),
                       bars ? TotalsText.horizontalBar(a.distance, of: maximum, width: barWidth) : "",
                       units.distance(b.distance),
                       bars ? TotalsText.horizontalBar(b.distance, of: maximum, width: barWidth) : "",
                       TotalsText.climb(a, units), TotalsText.climb(b, units),
                       units.duration(a.movingTime), units.duration(b.movingTime),
                       "\(a.walks)/\(b.walks)", "\(a.trails)/\(b.trails)"])
        }
        for m in 0..<12 { row(TotalsText.months[m], r.thisYear.months[m], r.lastYear.months[m], bars: true) }
        row("Year", r.thisYear.total, r.lastYear.total, bars: false)
        out += table.render()
        out += "\nAll time: " + TotalsText.figures(r.allTime, units)
        if let a = r.firstWalk, let b = r.lastWalk { out += " (\(units.date(a)) to \(units.date(b)))" }
        if let note = TotalsText.terrainNote(r.allTime, units) { out += "\n" + note }
        out += "\n\nRecords\n"
        if r.records.isEmpty { out += "  none yet: no walk with numbers\n" }
        var records = TextTable(headers: ["RECORD", "VALUE", "DATE", "HIKE"])
        for rec in r.records {
            records.add([TotalsText.label(rec.kind), TotalsText.value(rec, units, r.rules), units.date(rec.startTime),
                         "\(rec.trailID)  \(TextTable.truncate(TerminalText.clean(rec.trailName), to: 40))"
                            + (rec.walkID != nil ? " (a walk of it)" : "")])
        }
        if !r.records.isEmpty { out += records.render().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n" }
        for note in TotalsText.leftOut(r, units) { out += "  " + TerminalText.clean(note) + "\n" }
        return out
    }
}
