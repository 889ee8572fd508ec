import Foundation
import TrailFormats
import TrailStore

/// A hike file read for import, once: what it offers (``HikeImportPlan``) and the reader's
/// warnings, worded once for `cairn import` (printed on stderr) and the viewer's import
/// checklist (shown in its status line) (DECISIONS 622).
public struct HikeFileRead: Sendable {
    /// The file's candidates (tracks, routes, places), named after the file, with the
    /// statistics of its tracks (``HikeImportPlan/trackStatistics``).
    public var plan: HikeImportPlan
    /// The plausibility warnings (all of them), then the reader's (at most ``maxWarnings``
    /// kinds, the rest counted), as ``ReaderWarnings`` words them: "NAME:LINE: warning: …".
    public var warnings: [String]

    /// Reader warning lines given per file; the rest are counted in one more line.
    public static let maxWarnings = 5

    public init(plan: HikeImportPlan, warnings: [String]) {
        self.plan = plan
        self.warnings = warnings
    }

    /// Reads the track file at `path` (an absolute path, or relative to the working directory)
    /// with `reader`: by default ``TrackFileReader`` (GPX, FIT, TCX, KML/KMZ or GeoJSON,
    /// recognised by content; a cut-off file keeps its complete points with a warning).
    /// - Throws: the reader's error (file, line or record, and what is wrong) or the file's I/O error.
    public static func read(path: String, maxWarnings: Int = HikeFileRead.maxWarnings,
                            reader: (URL) throws -> GPXReadResult = { try TrackFileReader.read(url: $0) }) throws -> HikeFileRead {
        let name = (path as NSString).lastPathComponent
        let result = try reader(URL(fileURLWithPath: path))
        // One statistics pass: the plausibility warnings' statistics are the ones the hikes
        // get (standard configuration, as `StatisticsCalculator()`; DECISIONS 741).
        let plausibility = result.plausibility()
        let lines = ReaderWarnings.lines(fileName: name, plausibility.warnings, limit: .max)
            + ReaderWarnings.lines(fileName: name, result.warnings, omitted: result.omittedWarningCount, limit: maxWarnings)
        let plan = HikeImportPlan(document: result.document, fileName: name, trackStatistics: plausibility.trackStatistics)
        return HikeFileRead(plan: plan, warnings: lines)
    }
}
