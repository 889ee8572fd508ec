import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One SRTM tile's samples, read in place from a memory-mapped `.hgt` file (or from bytes in
/// memory for tests and fresh imports). Immutable once made, so it may be shared across threads.
///
/// Heights are read as the file stores them (big-endian Int16); see ``height(latitude:longitude:)``
/// for the interpolation and void rule.
public final class HGTTile: @unchecked Sendable {
    /// Which cell of the globe the tile covers.
    public let id: SRTMTileID
    /// Its grid (1201² or 3601²).
    public let format: HGTFormat
    /// Samples along one side (1201 or 3601).
    public let side: Int
    private let bytes: UnsafeRawPointer
    private let mappedLength: Int
    private let owned: UnsafeMutableRawPointer?
    private let step: Double

    /// Maps the file at `path` read-only.
    /// - Throws: ``TerrainError/unreadable(file:reason:)`` when it cannot be opened or mapped,
    ///   ``TerrainError/wrongSize(file:bytes:)`` when its size is no SRTM grid.
    public init(id: SRTMTileID, path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TerrainError.unreadable(file: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw TerrainError.unreadable(file: path, reason: String(cString: strerror(errno))) }
        guard let format = HGTFormat.forByteCount(Int64(st.st_size)) else {
            throw TerrainError.wrongSize(file: path, bytes: Int64(st.st_size))
        }
        guard let p = mmap(nil, format.byteCount, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw TerrainError.unreadable(file: path, reason: "mmap: " + String(cString: strerror(errno)))
        }
        self.id = id
        self.format = format
        self.side = format.samplesPerSide
        self.bytes = UnsafeRawPointer(p)
        self.mappedLength = format.byteCount
        self.owned = nil
        self.step = Double(format.samplesPerSide - 1)
    }

    /// A tile from the bytes of a `.hgt` file (big-endian), copied.
    /// - Throws: ``TerrainError/wrongSize(file:bytes:)`` when `data` is no SRTM grid.
    public init(id: SRTMTileID, data: Data, name: String = "(memory)") throws {
        guard let format = HGTFormat.forByteCount(Int64(data.count)) else {
            throw TerrainError.wrongSize(file: name, bytes: Int64(data.count))
        }
        let p = UnsafeMutableRawPointer.allocate(byteCount: format.byteCount, alignment: 8)
        data.withUnsafeBytes { p.copyMemory(from: $0.baseAddress!, byteCount: format.byteCount) }
        self.id = id
        self.format = format
        self.side = format.samplesPerSide
        self.bytes = UnsafeRawPointer(p)
        self.mappedLength = 0
        self.owned = p
        self.step = Double(format.samplesPerSide - 1)
    }

    deinit {
        if let owned { owned.deallocate() } else { munmap(UnsafeMutableRawPointer(mutating: bytes), mappedLength) }
    }

    /// The sample at `row` (0 = north edge) and `column` (0 = west edge) in metres, nil for a void.
    /// Both must lie in 0..<``side``.
    @inline(__always)
    public func sample(row: Int, column: Int) -> Int16? {
        let v = raw(row * side + column)
        return v == HGTFormat.void ? nil : v
    }

    @inline(__always)
    private func raw(_ index: Int) -> Int16 {
        Int16(bigEndian: bytes.loadUnaligned(fromByteOffset: index &* 2, as: Int16.self))
    }

    /// The latitude of a sample row and the longitude of a sample column, degrees.
    public func latitude(ofRow row: Int) -> Double { Double(id.latitude + 1) - Double(row) / step }
    public func longitude(ofColumn column: Int) -> Double { Double(id.longitude) + Double(column) / step }

    /// The terrain height in metres at a position inside the tile (edges included), nil when
    /// the position is outside the tile or every sample around it is a void.
    ///
    /// Rule (bilinear interpolation between the four samples of the grid cell holding the
    /// point): with y = (south + 1 − latitude)·(side − 1) rows from the north edge and
    /// x = (longitude − west)·(side − 1) columns from the west edge, r = ⌊y⌋ and c = ⌊x⌋ clamped
    /// to 0…side − 2, fy = y − r, fx = x − c, the corners weigh (1−fx)(1−fy), fx(1−fy),
    /// (1−fx)fy and fx·fy. **Voids**: void corners are dropped and the weights of the valid
    /// corners renormalised to sum 1; when the valid corners weigh nothing (the point sits on
    /// void samples) their plain mean is used; no valid corner → nil. −32768 is never a height.
    /// The same rule is in `Tools/reference/terrain_reference.py`.
    @inline(__always)
    public func height(latitude: Double, longitude: Double) -> Double? {
        // A position on a grid line (within 1e-7 of a sample spacing, about 10 µm: what a
        // decimal degree like 42.24 misses it by in binary) is on it, so it lands in the same
        // cell, the one south-east of the line, every time (DECISIONS 416).
        let y = Self.snapped((Double(id.latitude + 1) - latitude) * step)
        let x = Self.snapped((longitude - Double(id.longitude)) * step)
        guard y >= 0, x >= 0, y <= step, x <= step else { return nil }
        let r = min(Int(y), side - 2), c = min(Int(x), side - 2)
        let fy = y - Double(r), fx = x - Double(c)
        let i = r &* side &+ c
        let a = raw(i), b = raw(i &+ 1), d = raw(i &+ side), e = raw(i &+ side &+ 1)
        let void = HGTFormat.void
        if a != void && b != void && d != void && e != void {
            let top = Double(a) + (Double(b) - Double(a)) * fx
            let bottom = Double(d) + (Double(e) - Double(d)) * fx
            return top + (bottom - top) * fy
        }
        return voidAwareHeight([a, b, d, e], [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy])
    }

    /// `v` rounded to the nearest whole number when within 1e-7 of it.
    @inline(__always) static func snapped(_ v: Double) -> Double {
        let n = v.rounded()
        return abs(v - n) < 1e-7 ? n : v
    }

    private func voidAwareHeight(_ values: [Int16], _ weights: [Double]) -> Double? {
        var sum = 0.0, weight = 0.0, plain = 0.0, count = 0
        for (v, w) in zip(values, weights) where v != HGTFormat.void {
            sum += Double(v) * w; weight += w; plain += Double(v); count += 1
        }
        if count == 0 { return nil }
        return weight > 1e-12 ? sum / weight : plain / Double(count)
    }

    /// Counts of void and valid samples, and the lowest and highest valid sample (nil when all void).
    public func census() -> (voids: Int, minimum: Int16?, maximum: Int16?) {
        var voids = 0, lo = Int16.max, hi = Int16.min
        for i in 0..<(side * side) {
            let v = raw(i)
            if v == HGTFormat.void { voids += 1; continue }
            lo = min(lo, v); hi = max(hi, v)
        }
        return voids == side * side ? (voids, nil, nil) : (voids, lo, hi)
    }
}
