import Foundation
import TrailCore
import TrailStore

extension HikeFileImport {
    /// The candidates of `plan` that are already in `store`, each with the stored hike it
    /// copies: the rule ``store(_:selecting:into:allowDuplicates:progress:)`` skips by without
    /// `allowDuplicates` (``HikeStore/storedCopy(of:)``), applied to each non-empty candidate
    /// built as that call builds it (photo waypoints split off first). Reads only.
    /// - Returns: candidate number (1-based, as in the plan) → the stored hike's id.
    /// - Throws: the store's errors (``HikeStoreError``, ``SQLiteError``).
    public static func storedCopies(in plan: HikeImportPlan, store: HikeStore) throws -> [Int: HikeID] {
        let calculator = StatisticsCalculator()
        var found: [Int: HikeID] = [:]
        for number in plan.defaultSelection {
            guard let hike = try plan.hikes(selecting: [number], statistics: { calculator.statistics(for: $0) })
                .map(PhotoWaypoints.photos(splitFrom:)).first?.hike else { continue }
            if let id = try store.storedCopy(of: hike) { found[number] = id }
        }
        return found
    }
}
