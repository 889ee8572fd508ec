import Foundation
import TrailCore

/// Coordinates in one block of memory, appended to while a query decodes and read-only once
/// handed out in ``FeatureParts`` (DECISIONS 941): every feature a view query returns points
/// into the one buffer of that query, instead of one array per part.
final class CoordinateBuffer: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<Coordinate>
    /// Coordinates written.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = UnsafeMutablePointer<Coordinate>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more coordinates (the buffer doubles, as an array does).
    @inline(__always) func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<Coordinate>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// The next free slot (after ``reserve(_:)``); ``commit(_:)`` counts what was written there.
    @inline(__always) var end: UnsafeMutablePointer<Coordinate> { base + count }
    @inline(__always) func commit(_ n: Int) { count += n }
    /// Forgets coordinates written after the first `n` (a damaged feature's partial decoding).
    func truncate(to n: Int) { count = min(count, n) }
}

/// One part of a ``MapFeature``'s geometry: a run of coordinates in the feature's buffer,
/// indexed from 0 like an array.
public struct FeaturePart: RandomAccessCollection, Sendable, Hashable, CustomStringConvertible {
    let buffer: CoordinateBuffer
    let start: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Coordinate {
        precondition(i >= 0 && i < count, "FeaturePart index \(i) out of range 0..<\(count)")
        return buffer.base[start + i]
    }

    /// The coordinates as an array (a copy).
    public var array: [Coordinate] { Array(UnsafeBufferPointer(start: buffer.base + start, count: count)) }

    public static func == (a: FeaturePart, b: FeaturePart) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for c in self { hasher.combine(c) }
    }

    public var description: String { array.description }
}

/// A ``MapFeature``'s geometry: its parts (see ``GeometryKind``), a collection of
/// ``FeaturePart``s held in one buffer with their start offsets, which a view query shares
/// between all the features it returns (DECISIONS 941). Compares and hashes by its
/// coordinates, like the `[[Coordinate]]` it replaced; `[[Coordinate]]` literals make one.
public struct FeatureParts: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    let buffer: CoordinateBuffer
    /// `offsets[firstPart + k] ..< offsets[firstPart + k + 1]` is part k in `buffer`.
    let offsets: [Int32]
    let firstPart: Int
    /// The number of parts.
    public let count: Int

    init(buffer: CoordinateBuffer, offsets: [Int32], firstPart: Int, count: Int) {
        self.buffer = buffer
        self.offsets = offsets
        self.firstPart = firstPart
        self.count = count
    }

    /// Parts copied from arrays, one buffer of their own.
    public init(_ parts: [[Coordinate]]) {
        let total = parts.reduce(0) { $0 + $1.count }
        let buffer = CoordinateBuffer(capacity: total)
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(parts.count + 1)
        for part in parts {
            buffer.reserve(part.count)
            part.withUnsafeBufferPointer { buffer.end.initialize(from: $0.baseAddress!, count: $0.count) }
            buffer.commit(part.count)
            offsets.append(Int32(buffer.count))
        }
        self.init(buffer: buffer, offsets: offsets, firstPart: 0, count: parts.count)
    }

    public init(arrayLiteral parts: [Coordinate]...) { self.init(parts) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> FeaturePart {
        precondition(i >= 0 && i < count, "FeatureParts index \(i) out of range 0..<\(count)")
        let lo = Int(offsets[firstPart + i]), hi = Int(offsets[firstPart + i + 1])
        return FeaturePart(buffer: buffer, start: lo, count: hi - lo)
    }

    /// The parts as arrays (a copy).
    public var arrays: [[Coordinate]] { map(\.array) }

    /// The number of coordinates of all parts.
    public var vertexCount: Int { count == 0 ? 0 : Int(offsets[firstPart + count] - offsets[firstPart]) }

    public static func == (a: FeatureParts, b: FeatureParts) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for p in self { hasher.combine(p) }
    }

    public var description: String { arrays.description }
}
