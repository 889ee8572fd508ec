import Foundation
import HikeServices
import Localization
import TrailApp
import TrailCore
import TrailStore

/// The text of `cairn totals`: the month table with distance bars, the years, all time, records.
enum TotalsCommandText {
    /// Width of the distance bars, columns.
    static let barWidth = 12

    static func render(_ r: TotalsReport, _ list: OutingList, _ units: UnitFormatter) -> String {
        let y = r.thisYear.year, p = r.lastYear.year
        var out = L("Totals %s against %s (months in %s)", y, p, r.timeZone) + "\n"
        var counted = Ln("Counted: %d walk", "Counted: %d walks", list.outings.count, list.outings.count)
        if list.duplicateHikes > 0 {
            counted += Ln("; %d duplicate import left out", "; %d duplicate imports left out", list.duplicateHikes, list.duplicateHikes)
        }
        if list.sameTimeHikes > 0 {
            // TRANSLATORS: a hike whose time is that of another stored hike (a watch's and a phone's track of one walk).
            counted += Ln("; %d hike walked at the same time as another counted once",
                          "; %d hikes walked at the same time as others counted once", list.sameTimeHikes, list.sameTimeHikes)
        }
        if list.replayedWalks > 0 {
            // TRANSLATORS: walks followed with a GPX replay as the position (--gps replay:FILE): not counted.
            counted += Ln("; %d replayed walk left out", "; %d replayed walks left out", list.replayedWalks, list.replayedWalks)
        }
        if list.undatedHikes > 0 {
            counted += Ln("; %d undated trail counted only through its walks", "; %d undated trails counted only through their walks",
                          list.undatedHikes, list.undatedHikes)
        }
        if list.walksDuringHikes > 0 {
            counted += Ln("; %d walk followed while recorded counted once, as the recording",
                          "; %d walks followed while recorded counted once, as the recording",
                          list.walksDuringHikes, list.walksDuringHikes)
        }
        out += counted + "\n"
        // A year without walks reads as a table of zeros: say so, and how to see another year.
        if r.thisYear.total.walks == 0, let last = r.lastWalk {
            out += L("No walks in %s yet (the last one was on %s): --year YEAR shows another year", y, units.date(last)) + "\n"
        }
        out += "\n"
        let maximum = (r.thisYear.months + r.lastYear.months).map(\.distance).max() ?? 0
        // TRANSLATORS: column headings of `cairn totals`, upper case like the other tables.
        var table = TextTable(headers: [L("MONTH"), L("%s DISTANCE", y), "", L("%s DISTANCE", p), "", L("CLIMB %s", y),
                                        L("CLIMB %s", p), L("MOVING %s", y), L("MOVING %s", p), L("WALKS"), L("TRAILS")],
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
        for m in 0..<12 { row(TotalsText.month(m), r.thisYear.months[m], r.lastYear.months[m], bars: true) }
        row(L("Year"), r.thisYear.total, r.lastYear.total, bars: false)
        out += table.render()
        // TRANSLATORS: under the month table; the two years, then what the two counts mean.
        out += L("WALKS and TRAILS: %s/%s; %s", y, p, TotalsText.walksAndTrails) + "\n"
        out += "\n" + L("All time: %s", TotalsText.figures(r.allTime, units))
        if let a = r.firstWalk, let b = r.lastWalk { out += " " + L("(%s to %s)", units.date(a), units.date(b)) }
        if let note = TotalsText.terrainNote(r.allTime, units) { out += "\n" + note }
        out += "\n\n" + L("Records") + "\n"
        if r.records.isEmpty { out += "  " + L("none yet: no walk with numbers") + "\n" }
        var records = TextTable(headers: [L("RECORD"), L("VALUE"), L("DATE"), L("HIKE")])
        for rec in r.records {
            records.add([TotalsText.label(rec.kind), TotalsText.value(rec, units, r.rules), units.date(rec.startTime),
                         "\(rec.trailID)  \(TextTable.truncate(TerminalText.clean(rec.trailName), to: 40))"
                            + (rec.walkID != nil ? " " + L("(a walk of it)") : "")])
        }
        if !r.records.isEmpty { out += records.render().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n" }
        for note in TotalsText.leftOut(r, units) { out += "  " + TerminalText.clean(note) + "\n" }
        return out
    }
}
