import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
@testable import TrailApp
@testable import TrailMap

/// Issue 16's tester: on small terminals the review lost its heading's "shows: line version
/// N", the length line, the section detail and the keys, and cut KEEP to "ma…"; at 100×30 an
/// ambiguous section lost "u recorded line". At every size a terminal user has, every
/// essential element is drawn whole (DECISIONS 480).
@Suite struct ReviewSizesTests {
    static let sizes = [(40, 12), (50, 16), (60, 20), (80, 12), (80, 24), (100, 30), (120, 40)]

    /// The fixture matched, showing line version 12 whose saved choices differ from the ones
    /// now (the longest "shows" form), the second section (no path) kept as recorded.
    func model() -> ReviewModel {
        var (m, match) = ReviewScreenTests.fixture()
        let raw = [(0..<8).map { ReviewScreenTests.at(0, Double($0) * 20) }]
        _ = ReviewFeature.message(&m, .matched(ReviewScreenTests.id, raw: raw, match, keptVersion: 12, keptChoices: [.raw, .matched]),
                                  ReviewScreenTests.context)
        m.choices = [.alternative, .raw]
        return m
    }

    /// The review drawn as on a `width` × `height` terminal (the status line below it).
    func render(_ m: ReviewModel, _ width: Int, _ height: Int) -> [String] {
        var buffer = Buffer(width: width, height: height - 1)
        ReviewView.render(model: m, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        return buffer.textLines()
    }

    @Test func everySizeShowsEveryEssentialWhole() throws {
        let m = model()
        let u = TestSupport.environment().format
        let match = try #require(m.match)
        let figure = ReviewFeature.lengthFigure(try #require(m.keptLength), matched: match.length, u)
        for (w, h) in Self.sizes {
            let rows = render(m, w, h)
            let text = rows.joined(separator: "\n")
            let words = rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            let at = "\(w)×\(h):\n\(text)"
            // What the hike shows, in one of its forms, whole, on the heading's rows.
            let shows = ReviewView.showsForms(m)
            #expect(shows.contains { f in rows.prefix(2).contains { $0.contains(f) } }, "shows: \(at)")
            #expect(shows.contains("shows: line version 12 (choices changed: s saves)"))
            if w >= 80 { #expect(text.contains("shows: line version 12 (choices changed: s saves)"), "\(at)") }
            // The section detail and the line's length with these choices.
            #expect(text.contains("Section 1 of 2: points 1-4"), "detail: \(at)")
            #expect(words.contains("Line with these choices: \(figure)"), "length: \(at)")
            // The keys of this section (it has another way), in full or short form, none lost.
            let full = ["m matched", "r recorded", "a other way", "s save", "u recorded line"]
            let short = ["m r a keep", "s save", "u raw"]
            #expect(full.allSatisfy { text.contains($0) } || short.allSatisfy { text.contains($0) }, "keys: \(at)")
            // The list: its header and the selected row with its KEEP value whole.
            #expect(text.contains("KEEP"), "\(at)")
            let selected = try #require(rows.first { $0.contains(" 1 ") && ($0.contains("moved") || $0.contains("−") || $0.contains("+")) },
                                        "\(at)")
            #expect(selected.hasSuffix("other way *") || selected.hasSuffix("other *"), "KEEP: \(selected) at \(w)×\(h)")
            #expect(!text.contains("…"), "nothing cut: \(at)")
            // The map where there is room for it (with its legend above it).
            if h >= 24 { #expect(text.contains("matched") && text.contains("recorded") && text.contains("other way"), "\(at)") }
        }
    }

    /// Where the list has room for both sections, the no-path one says so and is kept as recorded.
    @Test func theNoPathSectionIsNamedAndKeptAsRecorded() {
        for (w, h) in Self.sizes where h >= 20 {
            let rows = render(model(), w, h)
            let row = rows.first { $0.contains(" 2 ") && $0.contains("no path") }
            #expect(row?.hasSuffix("recorded") == true || row?.hasSuffix("rec.") == true, "\(w)×\(h): \(row ?? rows.joined(separator: "\n"))")
        }
    }

    /// The detail gives way in order: first the lengths, then the explanation; the keys take
    /// their short form before anything essential goes.
    @Test func theDetailGivesWayInOrder() throws {
        let m = model()
        let u = TestSupport.environment().format
        let all = ReviewView.detailRows(m, u, width: 60, height: 99).map(\.text)
        #expect(all.count == 6, "\(all)")  // heading, explanation, lengths, length with choices, keys on two rows
        #expect(all.contains { $0.hasPrefix("recorded 60 m · matched") })
        let five = ReviewView.detailRows(m, u, width: 60, height: 5).map(\.text)
        #expect(!five.contains { $0.hasPrefix("recorded 60 m") } && five.contains { $0.hasPrefix("The match runs up to 25 m") }, "\(five)")
        let three = ReviewView.detailRows(m, u, width: 60, height: 3).map(\.text)
        #expect(three == ["Section 1 of 2: points 1-4", three[1], "m r a keep · s save · u raw · ? keys"], "\(three)")
        #expect(three[1].hasPrefix("Line with these choices"))
    }
}
