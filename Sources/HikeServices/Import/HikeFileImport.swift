import Foundation
import TrailCore
import TrailStore

/// Storing a file read for import (``HikeFileRead``): the chosen candidates become hikes with
/// their statistics and are stored in one transaction, all or nothing. `cairn import` and the
/// viewer's import checklist both store through here, so a file imports the same way from
/// either front end.
public enum HikeFileImport {
    /// Where a call to ``store(_:selecting:into:allowDuplicates:progress:)`` is.
    public enum Stage: Equatable, Sendable {
        /// Computing the chosen hikes' statistics (none stored yet).
        case statistics
        /// Writing points: `written` of `total` (points of every chosen hike) stored so far.
        case storing(written: Int, total: Int)
    }

    /// One chosen hike and what the store did with it.
    public struct Stored: Sendable {
        /// The hike as stored: its photo waypoints are its ``photos`` instead.
        public var hike: NewHike
        public var outcome: HikeStore.InsertOutcome
        /// Photos kept with the hike from the file's photo waypoints (``PhotoWaypoints/photos(splitFrom:)``).
        public var photos: Int = 0
    }

    /// Stores the candidates `numbers` of `plan` (nil: ``HikeImportPlan/defaultSelection``) in
    /// `store`, in one transaction. Statistics are ``StatisticsCalculator``'s standard ones (the
    /// plan's own where it read them, DECISIONS 741).
    /// - Parameters:
    ///   - allowDuplicates: store a hike whose points are already stored (`--again`); otherwise it
    ///     is skipped and reported as ``HikeStore/InsertOutcome/duplicate(of:)``.
    ///   - progress: told each stage: once with ``Stage/statistics``, once with
    ///     `.storing(written: 0, total:)`, then after each block of points written. What it
    ///     throws (an interruption) stops the import; thrown while storing, it rolls the
    ///     transaction back, so nothing of the file is stored.
    /// A waypoint that is a photo as `cairn export` writes it (``PhotoWaypoints/photos(splitFrom:)``)
    /// becomes a photo of each hike stored, in the same transaction, instead of a place.
    /// - Returns: the chosen hikes in file order, each with its outcome.
    /// - Throws: ``HikeImportPlan/PlanError`` (a number beyond the list, an empty candidate,
    ///   nothing to import), the store's errors (``HikeStoreError``, ``SQLiteError``), or what
    ///   `progress` throws; the store is then unchanged.
    public static func store(_ plan: HikeImportPlan, selecting numbers: [Int]?, into store: HikeStore,
                             allowDuplicates: Bool, progress: (Stage) throws -> Void = { _ in }) throws -> [Stored] {
        try progress(.statistics)
        let calculator = StatisticsCalculator()
        // A photo waypoint (a photo as Cairn exports it) becomes a photo of the hike, not a place.
        let split = try plan.hikes(selecting: numbers) { calculator.statistics(for: $0) }.map(PhotoWaypoints.photos(splitFrom:))
        let hikes = split.map(\.hike)
        let total = hikes.reduce(0) { $0 + $1.statistics.pointCount }
        try progress(.storing(written: 0, total: total))
        let outcomes = try withoutActuallyEscaping(progress) { progress in
            try store.inOneTransaction {
                let outcomes = try store.insert(hikes, allowDuplicates: allowDuplicates) { written in
                    try progress(.storing(written: written, total: total))
                }
                for (outcome, s) in zip(outcomes, split) where !s.photos.isEmpty {
                    if case .inserted(let id) = outcome { try store.addPhotos(s.photos, to: id) }
                }
                return outcomes
            }
        }
        return zip(split, outcomes).map { s, outcome in
            var stored = Stored(hike: s.hike, outcome: outcome)
            if case .inserted = outcome { stored.photos = s.photos.count }
            return stored
        }
    }

    /// The geodesic length in metres of candidate `c` of `plan` (``TrackStatistics/distance``,
    /// a route's as a track), nil for the file's places.
    public static func distance(of c: HikeImportPlan.Candidate, in plan: HikeImportPlan) -> Double? {
        switch c.source {
        case .track(let i):
            if let known = plan.trackStatistics, known.count == plan.document.tracks.count { return known[i].distance }
            return StatisticsCalculator().statistics(for: plan.document.tracks[i]).distance
        case .route(let i):
            return StatisticsCalculator().statistics(for: plan.document.routes[i].asTrack).distance
        case .places:
            return nil
        }
    }
}
