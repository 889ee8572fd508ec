import Foundation
import Localization
import TrailCore

/// Packs trackpoints into the two blobs of a `point_blocks` row (see DECISIONS.md for why
/// blocks of blobs rather than one row per point).
///
/// `points` blob: 32 bytes per point, little-endian IEEE 754 doubles in the order latitude
/// (degrees), longitude (degrees), elevation (metres; NaN when absent), time (seconds since
/// 2001-01-01T00:00:00Z, Foundation's reference date, so a `Date` round-trips bit for bit;
/// NaN when absent).
///
/// `extras` blob (NULL when no point of the block has extras): one record per point that has
/// them: UInt32 index in the block, UInt16 field mask, then one Float64 per set bit in the
/// order of ``ExtraField``. `fix` is stored as its position in `none, 2d, 3d, dgps, pps`
/// (the GPX 1.1 `fixType` values); another text cannot occur in valid GPX and is dropped.
public enum PointCodec {
    /// Bytes per point in the `points` blob.
    public static let recordSize = 32

    /// The optional per-point values, in blob order.
    enum ExtraField: Int, CaseIterable {
        case hdop, vdop, pdop, satellites, fix, speed, course, heartRate, cadence, airTemperature, waterTemperature
    }

    static let fixNames = ["none", "2d", "3d", "dgps", "pps"]

    /// Thrown when a stored blob has a length that is not whole records.
    public struct MalformedBlob: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { L("malformed point block: %s", reason) }
    }

    /// Appends the 32-byte records of `points` to `out`.
    public static func encodePoints(_ points: ArraySlice<Trackpoint>, into out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: points.count * recordSize))
        out.withUnsafeMutableBytes { raw in
            var o = start
            for p in points {
                raw.storeBytes(of: p.latitude.bitPattern.littleEndian, toByteOffset: o, as: UInt64.self)
                raw.storeBytes(of: p.longitude.bitPattern.littleEndian, toByteOffset: o + 8, as: UInt64.self)
                raw.storeBytes(of: (p.elevation ?? .nan).bitPattern.littleEndian, toByteOffset: o + 16, as: UInt64.self)
                let t = p.time?.timeIntervalSinceReferenceDate ?? .nan
                raw.storeBytes(of: t.bitPattern.littleEndian, toByteOffset: o + 24, as: UInt64.self)
                o += recordSize
            }
        }
    }

    /// The extras blob for `points`, or nil when none of them has extras.
    public static func encodeExtras(_ points: ArraySlice<Trackpoint>) -> [UInt8]? {
        var out: [UInt8] = []
        for (i, p) in points.enumerated() {
            guard let x = p.extras, !x.isEmpty else { continue }
            let values: [Double?] = [x.hdop, x.vdop, x.pdop, x.satellites.map(Double.init),
                                     x.fix.flatMap { fixNames.firstIndex(of: $0) }.map(Double.init),
                                     x.speed, x.course, x.heartRate, x.cadence, x.airTemperature, x.waterTemperature]
            var mask: UInt16 = 0
            for (bit, v) in values.enumerated() where v != nil { mask |= 1 << UInt16(bit) }
            guard mask != 0 else { continue }
            append(UInt32(i), to: &out)
            append(mask, to: &out)
            for v in values { if let v { append(v.bitPattern, to: &out) } }
        }
        return out.isEmpty ? nil : out
    }

    private static func append<T: FixedWidthInteger>(_ v: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    /// Decodes a block and appends its points to `points`.
    /// - Throws: ``MalformedBlob`` when a length does not add up.
    public static func decode(points raw: UnsafeRawBufferPointer, extras: UnsafeRawBufferPointer,
                              into points: inout [Trackpoint]) throws {
        guard raw.count % recordSize == 0 else { throw MalformedBlob(reason: L("%d bytes is not whole points", raw.count)) }
        let n = raw.count / recordSize
        let base = points.count
        points.reserveCapacity(base + n)
        for i in 0..<n {
            let o = i * recordSize
            let lat = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: o, as: UInt64.self)))
            let lon = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: o + 8, as: UInt64.self)))
            let ele = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: o + 16, as: UInt64.self)))
            let t = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: o + 24, as: UInt64.self)))
            points.append(Trackpoint(latitude: lat, longitude: lon, elevation: ele.isNaN ? nil : ele,
                                     time: t.isNaN ? nil : Date(timeIntervalSinceReferenceDate: t)))
        }
        var o = 0
        while o < extras.count {
            guard o + 6 <= extras.count else { throw MalformedBlob(reason: L("truncated extras record")) }
            let index = Int(UInt32(littleEndian: extras.loadUnaligned(fromByteOffset: o, as: UInt32.self)))
            let mask = UInt16(littleEndian: extras.loadUnaligned(fromByteOffset: o + 4, as: UInt16.self))
            o += 6
            var v = [Double?](repeating: nil, count: ExtraField.allCases.count)
            for bit in 0..<v.count where mask & (1 << UInt16(bit)) != 0 {
                guard o + 8 <= extras.count else { throw MalformedBlob(reason: L("truncated extras value")) }
                v[bit] = Double(bitPattern: UInt64(littleEndian: extras.loadUnaligned(fromByteOffset: o, as: UInt64.self)))
                o += 8
            }
            guard index < n else { throw MalformedBlob(reason: L("extras for point %d of %d", index, n)) }
            // Int(exactly:): a damaged store's NaN or 1e300 must not trap (Int(_:) would).
            let fix = v[ExtraField.fix.rawValue].flatMap { Int(exactly: $0) }.flatMap { fixNames.indices.contains($0) ? fixNames[$0] : nil }
            points[base + index].extras = TrackpointExtras(
                hdop: v[0], vdop: v[1], pdop: v[2], satellites: v[3].flatMap { Int(exactly: $0) }, fix: fix, speed: v[5],
                course: v[6], heartRate: v[7], cadence: v[8], airTemperature: v[9], waterTemperature: v[10])
        }
    }
}
