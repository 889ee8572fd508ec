import Foundation

/// The node lists of the ways that kept relations have as members, for assembling those
/// relations at the end of the file. Stored flat (8 bytes per node reference) with a
/// dictionary from way id to its slice. Only member ways are kept (the first pass finds
/// them), so this grows with the relations worth storing, not with the extract.
struct WayNodeIndex {
    private var refs: [Int64] = []
    private var slices: [Int64: (start: Int, count: Int)] = [:]

    /// Records a way's node list (a later record with the same id replaces the earlier).
    mutating func insert(id: Int64, nodeRefs: [Int64]) {
        slices[id] = (refs.count, nodeRefs.count)
        refs.append(contentsOf: nodeRefs)
    }

    /// The node ids of way `id`, or nil when it was not in the file.
    func nodeRefs(_ id: Int64) -> ArraySlice<Int64>? {
        guard let s = slices[id] else { return nil }
        return refs[s.start..<s.start + s.count]
    }

    /// Approximate bytes held.
    var memoryFootprint: Int { refs.capacity * 8 + slices.capacity * 32 }
}
