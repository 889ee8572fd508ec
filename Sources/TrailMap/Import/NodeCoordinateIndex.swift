import Foundation

/// Positions of every node read so far, so that ways can be given their shape when they end
/// (a stream cannot be read twice).
///
/// OSM extracts list nodes in ascending id order, so ids go into a sorted array (8 bytes) with
/// the position packed beside it (2 × Int32 fixed-point, 8 bytes): 16 bytes per node, looked
/// up by binary search. A node that arrives out of order (unsorted JOSM files) or twice goes
/// to an overflow dictionary that is consulted first. Measured on the east clip (88,462
/// nodes, 3,986 ways): this index and ``WayNodeIndex`` hold 3.8 MB together, array slack
/// included (``MapImportReport/indexBytes``); 10 million nodes would need 160-320 MB, the
/// point where an SQLite temporary table would be the better store.
struct NodeCoordinateIndex {
    private var ids: [Int64] = []
    private var positions: [UInt64] = []
    private var overflow: [Int64: UInt64] = [:]

    init(expectedCount: Int = 0) {
        ids.reserveCapacity(expectedCount)
        positions.reserveCapacity(expectedCount)
    }

    /// Number of nodes stored.
    var count: Int { ids.count + overflow.count }

    @inline(__always) private static func pack(_ lat: Int32, _ lon: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: lat)) << 32 | UInt64(UInt32(bitPattern: lon))
    }

    /// Records a node's position (the later of two records with one id wins).
    mutating func insert(id: Int64, latE7: Int32, lonE7: Int32) {
        let p = Self.pack(latE7, lonE7)
        if let last = ids.last, id <= last {
            overflow[id] = p
        } else {
            ids.append(id)
            positions.append(p)
        }
    }

    /// The position of node `id` as (latE7, lonE7), or nil when it was not in the file.
    @inline(__always) func position(_ id: Int64) -> (Int32, Int32)? {
        if !overflow.isEmpty, let p = overflow[id] { return Self.unpack(p) }
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if ids[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        guard lo < ids.count, ids[lo] == id else { return nil }
        return Self.unpack(positions[lo])
    }

    @inline(__always) private static func unpack(_ p: UInt64) -> (Int32, Int32) {
        (Int32(bitPattern: UInt32(truncatingIfNeeded: p >> 32)), Int32(bitPattern: UInt32(truncatingIfNeeded: p)))
    }

    /// Approximate bytes held.
    var memoryFootprint: Int { ids.capacity * 8 + positions.capacity * 8 + overflow.capacity * 24 }
}

/// The node lists of every way read so far, for assembling relations at the end of the file.
/// Stored flat (8 bytes per node reference) with a dictionary from way id to its slice.
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
