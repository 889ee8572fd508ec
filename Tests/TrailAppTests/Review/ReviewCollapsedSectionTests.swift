import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
@testable import TrailApp
import TrailMap

/// A section whose points all matched to one spot counts as unmatched (DECISIONS 471): the
/// review offers no choice there, says why, and counts it at its recorded length.
@Suite struct ReviewCollapsedSectionTests {
    typealias S = ReviewScreenTests

    /// The review fixture with its moved section (points 1-4, 60 m recorded) collapsed.
    func collapsed() -> ReviewModel {
        var (m, match) = S.fixture()
        match.sections[0].kind = .unmatched
        match.sections[0].collapsed = true
        match.sections[0].alternative = nil
        let raw = [(0..<8).map { S.at(0, Double($0) * 20) }]
        _ = ReviewFeature.message(&m, .matched(S.id, raw: raw, match, keptVersion: 0), S.context)
        return m
    }

    @Test func aCollapsedSectionStaysRecordedAndSaysWhy() throws {
        var m = collapsed()
        let match = try #require(m.match)
        for c: Character in ["m", "r"] {
            let r = ReviewFeature.update(&m, .key(.character(c)), S.context)
            #expect(r.status?.text == "Its points all match one spot: this section stays as recorded", "\(r.status?.text ?? "")")
        }
        #expect(m.choice(0) == .raw)
        // The line with these choices has the section's 60 m recorded in place of its matched line.
        let s = match.sections[0]
        #expect(abs((m.keptLength ?? 0) - (match.length + 60 - s.matchedLength)) < 1e-9)
        var buffer = Buffer(width: 120, height: 38)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        let rows = buffer.textLines()
        #expect(rows.contains { $0.contains("No path: its points all match one spot.") }, "\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("no walkable way within 30 m") })
        // The list names it as the screen names every section with no choice, and keeps it recorded.
        #expect(rows.contains { $0.contains("no path") && $0.contains("recorded") }, "\(rows.joined(separator: "\n"))")
    }
}

/// A stretch outside every imported extract is named "off map" in the list, explained in the
/// detail and the status line, not called "no path" (DECISIONS 506).
@Suite struct ReviewOffMapSectionTests {
    typealias S = ReviewScreenTests

    @Test func anOffMapSectionSaysSoAndStaysRecorded() throws {
        var (m, match) = S.fixture()
        match.sections[0].kind = .unmatched
        match.sections[0].outsideMap = true
        match.sections[0].alternative = nil
        let raw = [(0..<8).map { S.at(0, Double($0) * 20) }]
        _ = ReviewFeature.message(&m, .matched(S.id, raw: raw, match, keptVersion: 0), S.context)
        let r = ReviewFeature.update(&m, .key(.character("m")), S.context)
        #expect(r.status?.text == "No map is imported here: this section stays as recorded", "\(r.status?.text ?? "")")
        var buffer = Buffer(width: 120, height: 38)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        let rows = buffer.textLines()
        #expect(rows.contains { $0.contains("1 off map") && $0.contains("recorded") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("Off the map: no extract imported here.") }, "\(rows.joined(separator: "\n"))")
        // The fixture's other unmatched section (2) is mapped ground: still "no path".
        #expect(!rows.contains { $0.contains("1 no path") || $0.contains("No path") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("2 no path") }, "\(rows.joined(separator: "\n"))")
    }
}

/// Esc with choices not saved asks once (a tester lost 21 sections' choices to one key);
/// a second Esc leaves, and Esc after saving, or with nothing changed, leaves at once.
@Suite struct ReviewLeaveWithUnsavedChoicesTests {
    typealias S = ReviewScreenTests

    @Test func escWithUnsavedChoicesWarnsOnceThenLeaves() throws {
        var (m, match) = S.fixture()
        let raw = [(0..<8).map { S.at(0, Double($0) * 20) }]
        _ = ReviewFeature.message(&m, .matched(S.id, raw: raw, match, keptVersion: 0), S.context)
        // Nothing chosen yet: Esc leaves.
        var untouched = m
        #expect(ReviewFeature.update(&untouched, .key(.escape), S.context).navigation != nil)
        _ = ReviewFeature.update(&m, .key(.character("r")), S.context)
        #expect(m.hasUnsavedChoices)
        let first = ReviewFeature.update(&m, .key(.escape), S.context)
        #expect(first.navigation == nil && first.status?.text == "Choices not saved: s saves them, Esc again leaves without them",
                "\(first.status?.text ?? "")")
        // Another key in between: the next Esc warns again.
        _ = ReviewFeature.update(&m, .key(.character("j")), S.context)
        #expect(ReviewFeature.update(&m, .key(.escape), S.context).navigation == nil)
        #expect(ReviewFeature.update(&m, .key(.character("q")), S.context).navigation != nil)
        // Back to the matcher's choices: nothing unsaved.
        _ = ReviewFeature.update(&m, .key(.character("k")), S.context)
        _ = ReviewFeature.update(&m, .key(.character("m")), S.context)
        #expect(!m.hasUnsavedChoices)
    }
}
