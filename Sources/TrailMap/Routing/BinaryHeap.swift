import Foundation

/// A binary min-heap of (priority, item) pairs in one array (J. W. J. Williams, 1964).
///
/// `push` and `popMin` are O(log n). Equal priorities come out in no promised order. There
/// is no decrease-key: a search pushes a node again with its better priority and skips
/// stale entries when they come out ("lazy deletion").
struct BinaryHeap {
    private var priorities: [Double] = []
    private var items: [Int32] = []

    init(capacity: Int = 0) {
        priorities.reserveCapacity(capacity)
        items.reserveCapacity(capacity)
    }

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    mutating func push(_ priority: Double, _ item: Int32) {
        priorities.append(priority)
        items.append(item)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            guard priorities[parent] > priority else { break }
            priorities[i] = priorities[parent]
            items[i] = items[parent]
            i = parent
        }
        priorities[i] = priority
        items[i] = item
    }

    /// Removes and returns the entry with the smallest priority, or nil when empty.
    mutating func popMin() -> (priority: Double, item: Int32)? {
        guard let lastItem = items.popLast(), let lastPriority = priorities.popLast() else { return nil }
        guard !items.isEmpty else { return (lastPriority, lastItem) }
        let top = (priorities[0], items[0])
        // Sift the last entry down from the root.
        var i = 0
        let n = items.count
        while true {
            let l = 2 * i + 1
            guard l < n else { break }
            let r = l + 1
            let c = r < n && priorities[r] < priorities[l] ? r : l
            guard priorities[c] < lastPriority else { break }
            priorities[i] = priorities[c]
            items[i] = items[c]
            i = c
        }
        priorities[i] = lastPriority
        items[i] = lastItem
        return top
    }
}
