import Localization
import Foundation
import HikeServices
import TrailCore
import TrailFormats
import TrailStore

/// The work of `cairn import` for one file: read, plan, compute statistics, then store in one
/// transaction, reporting on stdout (what was stored) and stderr (problems, progress).
struct FileImporter {
    let context: CommandContext
    let units: UnitFormatter
    /// Reader warnings printed per file; the rest are counted.
    let maxWarnings = HikeFileRead.maxWarnings
    /// The signal (SIGINT, SIGTERM) that asked the import to stop, or nil: checked after
    /// reading, after the statistics and after each block of points written.
    var interruption: () -> Int32? = { nil }
    /// How a file is read: by content (GPX, FIT, TCX, KML/KMZ, GeoJSON); `--strict`, `--via-gpsbabel` replace it.
    var reader: (URL) throws -> GPXReadResult = { try TrackFileReader.read(url: $0) }

    /// How one file's import ended.
    enum Outcome: Equatable {
        /// Stored (or every hike was already there).
        case imported
        /// Nothing stored: the file could not be read or stored (reported on stderr).
        case failed
        /// Nothing stored: a signal asked to stop (reported on stderr); import no more files.
        case interrupted(signal: Int32)
    }

    /// Thrown from the store's progress callback to roll the transaction back.
    private struct Interrupted: Error { let signal: Int32 }

    private func checkInterruption() throws {
        if let s = interruption() { throw Interrupted(signal: s) }
    }

    private func read(_ file: String, progress: ProgressBar) -> HikeImportPlan? {
        let full = context.resolve(file)
        let name = (full as NSString).lastPathComponent
        progress.update(L("reading %s", name), done: 0, total: 0)
        do {
            // Read and worded as the viewer's import reads it (HikeFileRead).
            let read = try HikeFileRead.read(path: full, maxWarnings: maxWarnings, reader: reader)
            progress.clear()
            for line in read.warnings { context.stderr.write(line + "\n") }
            return read.plan
        } catch {
            progress.clear()
            context.stderr.write(L("cairn import: %s\n", TerminalText.clean(FileErrorNaming.text(error, file: file))))
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
            // TRANSLATORS: what a numbered part of a file is, in `cairn import --list`.
            case .track: what = Lc("import --list", "track")
            case .route: what = Lc("import --list", "route")
            case .places: what = Lc("import --list", "places")
            }
            var line = "  \(c.number)  \(what)  \(TerminalText.clean(c.name))"
            if let distance = HikeFileImport.distance(of: c, in: plan) {
                line += "  " + Ln("%s, %d point", "%s, %d points", c.pointCount, units.distance(distance), c.pointCount)
                if case .track = c.source, c.segmentCount > 1 { line += " " + Ln("in %d segment", "in %d segments", c.segmentCount, c.segmentCount) }
            } else {
                line += "  " + Ln("%d waypoint", "%d waypoints", plan.document.waypoints.count, plan.document.waypoints.count)
            }
            if c.isEmpty { line += "  " + L("(empty, not imported)") }
            context.stdout.write(line + "\n")
        }
        return true
    }

    /// Imports `file` in one transaction: all its chosen hikes or nothing.
    func importFile(_ file: String, into store: HikeStore, tracks: [Int]?, again: Bool) -> Outcome {
        let progress = ProgressBar(context: context)
        let shownFile = TerminalText.clean((context.resolve(file) as NSString).lastPathComponent)
        guard let plan = read(file, progress: progress) else {
            if let s = interruption() { return reportInterruption(s, name: shownFile) }
            return .failed
        }
        let name = TerminalText.clean(plan.fileName)
        do {
            // Stored as the viewer's import stores (HikeFileImport); a signal stops it between stages.
            let stored = try HikeFileImport.store(plan, selecting: tracks, into: store, allowDuplicates: again) { stage in
                try checkInterruption()
                switch stage {
                case .statistics: progress.update(L("%s: statistics", name), done: 0, total: 0)
                case .storing(let written, let total): progress.update(L("%s: storing", name), done: written, total: total)
                }
            }
            progress.clear()
            for item in stored {
                let hike = item.hike
                let title = TerminalText.clean(hike.name)
                switch item.outcome {
                case .inserted(let id):
                    var line = "\(id)  \(title)"
                    if hike.tracks.isEmpty {
                        line += "  (" + Ln("%d place", "%d places", hike.waypoints.count, hike.waypoints.count) + ")"
                    } else {
                        line += "  \(units.distance(hike.statistics.distance))"
                        if !hike.waypoints.isEmpty { line += ", " + Ln("%d waypoint", "%d waypoints", hike.waypoints.count, hike.waypoints.count) }
                        if item.photos > 0 { line += ", " + Ln("%d photo", "%d photos", item.photos, item.photos) }
                    }
                    context.stdout.write(line + "  ← \(name)\n")
                case .duplicate(let id):
                    context.stderr.write(L("%s: skipped '%s': already stored as %s (use --again to import it anyway)\n", name, title, id))
                }
            }
            return .imported
        } catch let e as Interrupted {
            progress.clear()
            return reportInterruption(e.signal, name: name)
        } catch let e as HikeImportPlan.PlanError {
            progress.clear()
            context.stderr.write(L("cairn import: %s\n", TerminalText.clean(e.description)))
            return .failed
        } catch {
            progress.clear()
            let reason = StoreAccess.describe(error, path: store.path)
            context.stderr.write(L("cairn import: %s; nothing was added from %s\n", TerminalText.clean(reason), name))
            return .failed
        }
    }

    private func reportInterruption(_ signal: Int32, name: String) -> Outcome {
        context.stderr.write(L("cairn import: interrupted; nothing added from %s\n", name))
        return .interrupted(signal: signal)
    }
}
