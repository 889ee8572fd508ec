import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
@testable import TrailApp

/// The recording panel does not jump and does not cut silently (newcomer, issue 35): the label
/// column is as wide as the widest label it may ever show ("  standing still", 16 columns),
/// a lost link fits its row, and the one-line strip says "1 point".
@Suite struct RecordPanelLayoutTests {
    typealias F = FollowFixture

    /// The column where `label`'s value starts on screen.
    static func valueColumn(_ label: String, in text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(label) }),
              let r = line.range(of: label) else { return nil }
        let rest = line[r.upperBound...]
        guard let v = rest.firstIndex(where: { $0 != " " }) else { return nil }
        return line.distance(from: line.startIndex, to: v)
    }

    @Test func aNewRejectionReasonDoesNotMoveTheValues() throws {
        // Wide enough that the label column is not capped at 2/5 of the panel.
        var d = RecordDriver(width: 200, height: 48)
        _ = d.start()
        for k in 0..<3 { d.send(F.fix(Double(k))) }
        let before = try #require(Self.valueColumn("Elapsed", in: d.text))
        var poor = F.fix(3)
        poor.horizontalAccuracy = 45
        d.send(poor)
        let text = d.text
        #expect(RecordScreenTests.row("poor accuracy", in: text)?.hasPrefix("1") == true, "\(text)")
        #expect(Self.valueColumn("Elapsed", in: text) == before, "\(text)")
        #expect(Self.valueColumn("poor accuracy", in: text) == before, "\(text)")
    }

    /// At 120 columns the panel leaves the link row some 21 columns: a lost link says "lost,
    /// retrying in 2 s" there (the reason is on the status line), where it was cut to
    /// "retrying in 2 s (los" (the whole text shows where the panel has room).
    @Test func aLostLinkFitsTheRow() throws {
        let reason = "Connection refused by gpsd at 192.168.100.200:2947"
        for (width, expected) in [(120, "lost, retrying in 2 s")] {
            var d = RecordDriver(width: width, height: 40)
            _ = d.start()
            for k in 0..<3 { d.send(F.fix(Double(k))) }
            _ = d.app.update(&d.state, .record(.position(.connection(.disconnected(reason: reason, retryIn: 2)),
                                                          at: F.t0.addingTimeInterval(25), source: 1)))
            let text = d.text
            let line = try #require(text.split(separator: "\n").first { $0.contains("Link") }.map(String.init), "\(text)")
            #expect(line.hasSuffix(expected) || line.trimmingCharacters(in: .whitespaces).hasSuffix(expected), "\(width): \(line)")
        }
    }

    /// A terminal too low for the panel shows one line: "… · 1 point", not "1 points".
    @Test func theOneLineStripSaysOnePoint() {
        var d = RecordDriver(width: 60, height: 8)
        _ = d.start()
        d.send(F.fix(0))
        let text = d.text
        #expect(text.contains("· 1 point") && !text.contains("1 points"), "\(text)")
    }
}
