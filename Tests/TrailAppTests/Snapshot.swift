import Foundation
import Testing
import TermUI

/// Snapshot files: a buffer's text dump compared with `Snapshots/NAME.txt` beside the tests.
///
/// With `CAIRN_RECORD_SNAPSHOTS=1` in the environment the file is (re)written and the check
/// passes; without it a missing file or any difference fails, showing both texts.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static var recording: Bool { ProcessInfo.processInfo.environment["CAIRN_RECORD_SNAPSHOTS"] == "1" }

    /// Compares (or records) `buffer`'s text dump with snapshot `name`.
    static func check(_ buffer: Buffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        check(buffer.textDump() + "\n", named: name, sourceLocation: sourceLocation)
    }

    /// Compares (or records) `text` with snapshot `name`.
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing snapshot \(name).txt; run with CAIRN_RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if expected != text {
            Issue.record("snapshot \(name) differs (re-record with CAIRN_RECORD_SNAPSHOTS=1 if the change is intended)\n--- expected\n\(expected)--- got\n\(text)",
                         sourceLocation: sourceLocation)
        }
    }
}
