import Foundation
import TermUI
import Testing
import TrailCore
@testable import TrailApp

/// The hike screen's "Completion:" rows are part of the stats panel's layout: their own rows,
/// wrapped to the width, whole parts left out when they do not fit, no other row overwritten.
extension AppUpdateTests {
    static let figures = CompletionFigures(
        share: 0.38, length: 11_000, walked: 4_180, walkedRanges: [0...4_180],
        missing: [.init(start: 4_180, end: 9_000, fromName: "Ordino", toName: "Llorts"),
                  .init(start: 9_500, end: 11_000, fromName: "Llorts", toName: "Arans")],
        hikesRead: 2, walksRead: 1)

    func completionScreens(width: Int, height: Int) throws -> (before: [String], after: [String]) {
        var s = try openHike(width: width, height: height)
        let before = app.view(s, width: width, height: height).textDump().components(separatedBy: "\n")
        _ = app.update(&s, .routes(.completion(.hike(s.hike!.id), Self.figures)))
        let after = app.view(s, width: width, height: height).textDump().components(separatedBy: "\n")
        return (before, after)
    }

    @Test func completionRowsNeverOverwriteTheTimeRowAt60x20() throws {
        let (before, after) = try completionScreens(width: 60, height: 20)
        // Every row with a time figure stays as it was.
        for row in before where row.contains("time") || row.contains("Time") {
            #expect(after.contains(row), "row overwritten: \(row)\n\(after.joined(separator: "\n"))")
        }
        // Where "Completion:" shows, it starts its own cell run (not glued to a label's letter).
        for row in after {
            if let r = row.range(of: "Completion:"), r.lowerBound > row.startIndex {
                #expect(!row[row.index(before: r.lowerBound)].isLetter, "\(row)")
            }
        }
    }

    @Test func completionRowsShowTheMissingStretchesWholeAt140x45() throws {
        let (_, after) = try completionScreens(width: 140, height: 45)
        let text = after.joined(separator: "\n")
        // 38 % of 11.0 km walked; the stretches 9.0 − 4.18 = 4.82 km and 11.0 − 9.5 = 1.5 km.
        // The sample has no times (a route): "Completion", not "Walked again".
        #expect(text.contains("Completion: 38 % walked"), "\(text)")
        #expect(text.contains("4.18 km of 11.0 km"), "\(text)")
        #expect(!text.contains("more missing stretch"), "\(text)")
        #expect(text.contains("missing 4.82 km from Ordino to Llorts"), "\(text)")
        #expect(text.contains("missing 1.50 km from Llorts to Arans"), "\(text)")
        for row in after where row.contains("Completion:") || row.contains("missing") { #expect(!row.contains("…"), "\(row)") }
    }
}

/// ``CompletionFigures/rows(_:width:maxRows:)`` in a narrow panel: the biggest stretch first,
/// cut rather than skipped, and what is left counted in words.
@Suite struct CompletionRowsNarrowTests {
    let u = UnitFormatter(system: .metric)

    /// A route says how much of it is walked; a walk says the figures are other hikes' (issue 34).
    @Test func theHeadlineOfARouteAndOfAWalk() {
        #expect(figures.rows(u, width: 80, maxRows: 3).first?.hasPrefix("Completion: 46 % walked") == true)
        let walk = figures.rows(u, width: 80, maxRows: 3, ofAWalk: true)
        #expect(walk.first?.hasPrefix("Walked again: 46 % by other hikes") == true, "\(walk)")
        #expect(walk.joined().contains("not walked again 7.18 km") && !walk.joined().contains("missing"), "\(walk)")
    }
    let figures = CompletionFigures(
        share: 0.46, length: 12_000, walked: 5_520, walkedRanges: [],
        missing: [.init(start: 0, end: 430, fromName: "Ordino", toName: "Sornàs"),
                  .init(start: 4_000, end: 11_180, fromName: "Refugi de Comapedrosa", toName: "Pic de Medecourbe"),
                  .init(start: 11_500, end: 11_800, fromName: nil, toName: nil)],
        hikesRead: 2, walksRead: 0)

    @Test func biggestStretchShownFirstEvenWhenTooWide() {
        let rows = figures.rows(u, width: 30, maxRows: 4)
        // 11180 − 4000 = 7180 m: the biggest, in the first row after the two headline parts.
        let firstMissing = rows.first { $0.contains("missing") }
        #expect(firstMissing?.hasPrefix("missing 7.18 km") == true, "\(rows)")
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(rows)")
        #expect(!rows.joined().contains("missing 430 m") || rows.joined().contains("7.18 km"))
    }

    @Test func leftOverStretchesAreCountedInWords() {
        let rows = figures.rows(u, width: 40, maxRows: 4)
        let text = rows.joined(separator: "\n")
        #expect(text.contains("missing 7.18 km"), "\(text)")
        // The 430 m stretch gives way so the count fits: two stretches not shown.
        #expect(text.contains("2 more missing stretches"), "\(text)")
        #expect(rows.count <= 4 && rows.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(rows)")
        #expect(!text.contains("not shown"))
    }
}
