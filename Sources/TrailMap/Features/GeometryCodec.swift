import Foundation
import TrailCore

/// The compact blob format of stored feature geometry and way node ids.
///
/// Layout (all integers as LEB128 varints, signed ones zig-zag encoded as in Protocol
/// Buffers): the number of parts; then per part its point count followed by the points as
/// (Δlatitude, Δlongitude) in 1e-7 degrees, each delta taken from the previous point across
/// parts (the first from 0,0). A 1,000-vertex mountain path takes about 3-4 KB.
/// Node-id blobs use the same layout with one zig-zag Δid per point.
///
/// Zoom-level blobs (`features.zoom_geometry`, migration "map-4-inline-zoom-geometry") hold a
/// feature's ``ZoomGeometry`` levels in one value: the number of levels, then per level its
/// zoom and its byte length, then the levels' geometry blobs (the layout above) in that order,
/// coarsest first. A query picks its level from the directory and decodes only that one.
enum GeometryCodec {
    /// Encodes parts of fixed-point (lat, lon) pairs.
    static func encode(parts: [[(Int32, Int32)]]) -> [UInt8] {
        let points = parts.reduce(0) { $0 + $1.count }
        return written(atMost: maxVarint * (1 + parts.count + 2 * points)) { out in
            out.put(UInt64(parts.count))
            var lat: Int64 = 0, lon: Int64 = 0
            for part in parts {
                out.put(UInt64(part.count))
                for (a, b) in part {
                    out.put(zigzag(Int64(a) - lat))
                    out.put(zigzag(Int64(b) - lon))
                    lat = Int64(a)
                    lon = Int64(b)
                }
            }
        }
    }

    /// Encodes parts of node ids (same shape as the geometry parts).
    static func encode(nodeIDs: [[Int64]]) -> [UInt8] {
        let ids = nodeIDs.reduce(0) { $0 + $1.count }
        return written(atMost: maxVarint * (1 + nodeIDs.count + ids)) { out in
            out.put(UInt64(nodeIDs.count))
            var prev: Int64 = 0
            for part in nodeIDs {
                out.put(UInt64(part.count))
                for id in part {
                    out.put(zigzag(id &- prev))
                    prev = id
                }
            }
        }
    }

    /// The most bytes a LEB128 varint of 64 bits takes.
    static let maxVarint = 10

    /// Writes LEB128 varints and bytes through a pointer, with no check of the room left: the
    /// encoders of the import's rows (DECISIONS 1103), each given room for its worst case by
    /// ``written(atMost:_:)``.
    struct Writer {
        fileprivate(set) var p: UnsafeMutablePointer<UInt8>

        /// Writes `value` as a LEB128 varint (at most ``GeometryCodec/maxVarint`` bytes).
        @inline(__always) mutating func put(_ value: UInt64) {
            var v = value
            while v >= 0x80 {
                p.pointee = UInt8(truncatingIfNeeded: v) | 0x80
                p += 1
                v >>= 7
            }
            p.pointee = UInt8(v)
            p += 1
        }

        /// Writes one byte.
        @inline(__always) mutating func put(byte: UInt8) {
            p.pointee = byte
            p += 1
        }

        /// Writes `bytes` as they are.
        @inline(__always) mutating func append<C: Collection<UInt8>>(contentsOf bytes: C) {
            let n = bytes.count
            if bytes.withContiguousStorageIfAvailable({ p.update(from: $0.baseAddress!, count: n) }) == nil {
                for b in bytes { p.pointee = b; p += 1 }
                return
            }
            p += n
        }
    }

    /// The bytes `body` writes, as an array of exactly their size: written into scratch room of
    /// `capacity` bytes first (freed on return), then copied once.
    /// - Precondition: `body` writes at most `capacity` bytes (checked after it ran; the
    ///   callers count ``maxVarint`` bytes for every varint).
    @inline(__always) static func written(atMost capacity: Int, _ body: (inout Writer) -> Void) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, capacity)) { room in
            var w = Writer(p: room.baseAddress!)
            body(&w)
            let n = w.p - room.baseAddress!
            precondition(n <= capacity, "GeometryCodec.written: \(n) bytes written into room for \(capacity)")
            return Array(UnsafeBufferPointer(start: room.baseAddress, count: n))
        }
    }

    /// Encodes zoom levels (coarsest first, zooms ascending) as a zoom-level blob; nil when
    /// there are none (the column stays NULL).
    static func encode(levels: [(zoom: Int, parts: [[(Int32, Int32)]])]) -> [UInt8]? {
        guard !levels.isEmpty else { return nil }
        return encode(levelBlobs: levels.map { ($0.zoom, encode(parts: $0.parts)) })
    }

    /// A zoom-level blob from levels already encoded as geometry blobs (zooms ascending).
    static func encode(levelBlobs levels: [(zoom: Int, blob: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 + 4 * levels.count + levels.reduce(0) { $0 + $1.blob.count })
        writeVarint(UInt64(levels.count), &out)
        for level in levels {
            writeVarint(UInt64(level.zoom), &out)
            writeVarint(UInt64(level.blob.count), &out)
        }
        for level in levels { out.append(contentsOf: level.blob) }
        return out
    }

    /// The geometry blob of the coarsest level in a zoom-level blob whose zoom is at least
    /// `zoom` (the level that serves a view at `zoom`), as a slice of `bytes` (no copy).
    /// - Returns: nil when no level serves `zoom` (the full geometry does) or the blob is damaged.
    static func level(servingZoom zoom: Int, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        // Read through a pointer (``readVarint(_:_:)``): once per row of a view query.
        guard let first = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let end = first + bytes.count
        var p = first
        guard let count = readVarint(&p, end), count <= UInt64(bytes.count) else { return nil }
        let wanted = UInt64(max(0, zoom))
        var offset = 0
        var found: (start: Int, length: Int)?
        for _ in 0..<count {
            guard let z = readVarint(&p, end), let n = readVarint(&p, end), n <= UInt64(bytes.count) else { return nil }
            if found == nil && z >= wanted { found = (offset, Int(n)) }
            offset += Int(n)
        }
        guard let found else { return nil }
        let directoryEnd = p - first
        let start = directoryEnd + found.start
        guard directoryEnd + offset <= bytes.count, start + found.length <= bytes.count else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + found.length])
    }

    /// Every level of a zoom-level blob as (zoom, geometry blob); nil when it is damaged.
    static func levels(in bytes: UnsafeRawBufferPointer) -> [(zoom: Int, blob: UnsafeRawBufferPointer)]? {
        var r = Reader(bytes)
        guard let count = r.varint(), count <= UInt64(bytes.count) else { return nil }
        var directory: [(Int, Int)] = []
        for _ in 0..<count {
            guard let z = r.varint(), z < 64, let n = r.varint(), n <= UInt64(bytes.count) else { return nil }
            directory.append((Int(z), Int(n)))
        }
        var start = r.offset
        var out: [(zoom: Int, blob: UnsafeRawBufferPointer)] = []
        for (z, n) in directory {
            guard start + n <= bytes.count else { return nil }
            out.append((z, UnsafeRawBufferPointer(rebasing: bytes[start..<start + n])))
            start += n
        }
        return start == bytes.count ? out : nil
    }

    /// Decodes a geometry blob into coordinates.
    ///
    /// Each part's array is allocated once at its stated size and written in place; the
    /// varints are read through a pointer with the running position in registers (the query
    /// decodes tens of thousands of vertices per view). Degrees are `e7 / 1e7`, as stored.
    /// Bytes after the last part are not read (`features.geometry` carries the view fields
    /// there since map-6, ``ViewRecord/geometryRecord(geometry:fields:)``).
    /// - Returns: the parts, or nil when the blob is damaged.
    static func decodeCoordinates(_ bytes: UnsafeRawBufferPointer) -> [[Coordinate]]? {
        decodeParts(bytes) { $0 }
    }

    /// Decodes a geometry blob into parts of `point(coordinate)` for each coordinate (degrees
    /// `e7 / 1e7`, as ``decodeCoordinates(_:)``): the drawing projects while it decodes.
    /// - Returns: the parts, or nil when the blob is damaged.
    @inline(__always)
    static func decodeParts<T>(_ bytes: UnsafeRawBufferPointer, _ point: (Coordinate) -> T) -> [[T]]? {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let end = start + bytes.count
        var p = start
        guard let partCount = readVarint(&p, end), partCount <= UInt64(bytes.count) else { return nil }
        var parts: [[T]] = []
        parts.reserveCapacity(Int(partCount))
        var lat: Int64 = 0, lon: Int64 = 0
        let scale = FixedPoint.scale
        for _ in 0..<partCount {
            // A point takes at least two bytes: a count beyond that is a damaged blob.
            guard let count = readVarint(&p, end), count <= UInt64(end - p) / 2 else { return nil }
            let n = Int(count)
            let part = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
                var q = p, la = lat, lo = lon, i = 0
                while i < n, let a = readVarint(&q, end), let b = readVarint(&q, end) {
                    la &+= unzigzag(a)
                    lo &+= unzigzag(b)
                    (buffer.baseAddress! + i).initialize(to: point(Coordinate(latitude: Double(la) / scale, longitude: Double(lo) / scale)))
                    i += 1
                }
                initialized = i
                p = q
                lat = la
                lon = lo
            }
            guard part.count == n else { return nil }
            parts.append(part)
        }
        return parts
    }

    /// Decodes a geometry blob onto the end of `buffer`, one entry per part appended to
    /// `offsets` (the end of that part in `buffer`), for ``FeatureParts``: a view query
    /// decodes every feature into one buffer instead of one array per part (DECISIONS 941).
    /// Degrees are `e7 / 1e7`, as in ``decodeCoordinates(_:)``.
    /// - Returns: the number of parts, or nil when the blob is damaged (then `buffer` and
    ///   `offsets` are as they were).
    static func appendCoordinates(_ bytes: UnsafeRawBufferPointer, to buffer: CoordinateBuffer, offsets: inout [Int32]) -> Int? {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let end = start + bytes.count
        var p = start
        let firstCount = buffer.count, firstOffsets = offsets.count
        func damaged() -> Int? {
            buffer.truncate(to: firstCount)
            offsets.removeSubrange(firstOffsets...)
            return nil
        }
        guard let partCount = readVarint(&p, end), partCount <= UInt64(bytes.count) else { return nil }
        var lat: Int64 = 0, lon: Int64 = 0
        let scale = FixedPoint.scale
        for _ in 0..<partCount {
            // A point takes at least two bytes: a count beyond that is a damaged blob.
            guard let count = readVarint(&p, end), count <= UInt64(end - p) / 2 else { return damaged() }
            let n = Int(count)
            buffer.reserve(n)
            let out = buffer.end
            var q = p, la = lat, lo = lon, i = 0
            while i < n, let a = readVarint(&q, end), let b = readVarint(&q, end) {
                la &+= unzigzag(a)
                lo &+= unzigzag(b)
                (out + i).initialize(to: Coordinate(latitude: Double(la) / scale, longitude: Double(lo) / scale))
                i += 1
            }
            guard i == n else { return damaged() }
            buffer.commit(n)
            guard buffer.count <= Int(Int32.max) else { return damaged() }
            offsets.append(Int32(buffer.count))
            p = q
            lat = la
            lon = lo
        }
        return Int(partCount)
    }

    /// Reads one LEB128 varint at `p` (not past `end`) and moves `p` past it; nil when the
    /// bytes end first or it is longer than 64 bits (as ``Reader/varint()``).
    @inline(__always) static func readVarint(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt64? {
        guard p < end else { return nil }
        let first = p.pointee
        if first < 0x80 { p += 1; return UInt64(first) }
        // Two and three bytes (deltas of a few metres to a few kilometres) without the loop.
        if end - p >= 3 {
            let second = p[1]
            if second < 0x80 { p += 2; return UInt64(first & 0x7F) | UInt64(second) << 7 }
            let third = p[2]
            if third < 0x80 { p += 3; return UInt64(first & 0x7F) | UInt64(second & 0x7F) << 7 | UInt64(third) << 14 }
        }
        p += 1
        var result = UInt64(first & 0x7F)
        var shift: UInt64 = 7
        while p < end {
            let b = p.pointee
            p += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
            if shift > 63 { return nil }
        }
        return nil
    }

    /// Decodes a node-id blob.
    /// - Returns: the parts, or nil when the blob is damaged.
    static func decodeNodeIDs(_ bytes: UnsafeRawBufferPointer) -> [[Int64]]? {
        var r = Reader(bytes)
        guard let partCount = r.varint(), partCount <= UInt64(bytes.count) else { return nil }
        var parts: [[Int64]] = []
        var prev: Int64 = 0
        for _ in 0..<partCount {
            guard let n = r.varint(), n <= UInt64(bytes.count) else { return nil }
            var part: [Int64] = []
            part.reserveCapacity(Int(n))
            for _ in 0..<n {
                guard let d = r.varint() else { return nil }
                prev &+= unzigzag(d)
                part.append(prev)
            }
            parts.append(part)
        }
        return parts
    }

    @inline(__always) static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    @inline(__always) static func unzigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }

    @inline(__always) static func writeVarint(_ value: UInt64, _ out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        @inline(__always) mutating func varint() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                let b = bytes[offset]
                offset += 1
                result |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return result }
                shift += 7
                if shift > 63 { return nil }
            }
            return nil
        }
    }
}
