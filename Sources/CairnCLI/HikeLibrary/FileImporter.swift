import Foundation
import TrailCore
import TrailFormats
import TrailStore

/// The work of `cairn import` for one file: read, plan, compute statistics, then store in one
/// transaction, reporting on stdout (what was stored) and stderr (problems, progress).
struct FileImporter {
    let context: CommandContext
    let units: UnitFormatter
    let calculator = StatisticsCalculator()
    /// Reader warnings printed per file; the rest are counted.
    let maxWarnings = 5

    private func read(_ file: String, progress: ProgressBar) -> HikeImportPlan? {
        let full = context.resolve(file)
        let name = (full as NSString).lastPathComponent
        progress.update("reading \(name)", done: 0, total: 0)
        do {
            let result = try GPXReader.read(url: URL(fileURLWithPath: full))
            progress.clear()
            for w in result.warnings.prefix(maxWarnings) {
                context.stderr.write("\(TerminalText.clean(name)):\(w.line): warning: \(TerminalText.clean(w.message))\n")
            }
            let more = result.warnings.count - maxWarnings + result.omittedWarningCount
            if more > 0 { context.stderr.write("\(TerminalText.clean(name)): \(more) more warnings\n") }
            return HikeImportPlan(document: result.document, fileName: name)
        } catch {
            progress.clear()
            context.stderr.write("cairn import: \(TerminalText.clean(String(describing: error)))\n")
            return nil
        }
    }

    /// Prints the numbered candidates of `file`. - Returns: false when the file cannot be read.
    func list(_ file: String) -> Bool {
        guard let plan = read(file, progress: ProgressBar(context: context)) else { return false }
        context.stdout.write("\(TerminalText.clean(plan.fileName)):\n")
        for c in plan.candidates {
            let what: String
            switch c.source {
            case .track: what = "track"
            case .route: what = "route"
            case .places: what = "places"
            }
            var line = "  \(c.number)  \(what)  \(TerminalText.clean(c.name))"
            switch c.source {
            case .track(let i):
                let s = calculator.statistics(for: plan.document.tracks[i])
                line += "  \(units.distance(s.distance)), \(c.pointCount) points"
                if c.segmentCount > 1 { line += " in \(c.segmentCount) segments" }
            case .route(let i):
                let s = calculator.statistics(for: plan.document.routes[i].asTrack)
                line += "  \(units.distance(s.distance)), \(c.pointCount) points"
            case .places:
                line += "  \(plan.document.waypoints.count) waypoints"
            }
            if c.isEmpty { line += "  (empty, not imported)" }
            context.stdout.write(line + "\n")
        }
        return true
    }

    /// Imports `file`. - Returns: false when it failed (then nothing of it was stored).
    func importFile(_ file: String, into store: HikeStore, tracks: [Int]?, again: Bool) -> Bool {
        let progress = ProgressBar(context: context)
        guard let plan = read(file, progress: progress) else { return false }
        let name = TerminalText.clean(plan.fileName)
        do {
            progress.update("\(name): statistics", done: 0, total: 0)
            let hikes = try plan.hikes(selecting: tracks) { calculator.statistics(for: $0) }
            let total = hikes.reduce(0) { $0 + $1.statistics.pointCount }
            progress.update("\(name): storing", done: 0, total: total)
            let outcomes = try store.insert(hikes, allowDuplicates: again) { written in
                progress.update("\(name): storing", done: written, total: total)
            }
            progress.clear()
            for (hike, outcome) in zip(hikes, outcomes) {
                let title = TerminalText.clean(hike.name)
                switch outcome {
                case .inserted(let id):
                    var line = "\(id)  \(title)"
                    if hike.tracks.isEmpty {
                        line += "  (\(hike.waypoints.count) places)"
                    } else {
                        line += "  \(units.distance(hike.statistics.distance))"
                        if !hike.waypoints.isEmpty { line += ", \(hike.waypoints.count) waypoints" }
                    }
                    context.stdout.write(line + "  ← \(name)\n")
                case .duplicate(let id):
                    context.stderr.write("\(name): skipped '\(title)': already stored as \(id) (use --again to import it anyway)\n")
                }
            }
            return true
        } catch {
            progress.clear()
            let reason = String(describing: error)
            context.stderr.write("cairn import: \(TerminalText.clean(reason)); nothing was added from \(name)\n")
            return false
        }
    }
}
