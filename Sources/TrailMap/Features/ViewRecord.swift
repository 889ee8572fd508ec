import Foundation
import TrailCore

/// What a map view reads of one feature, packed into one blob: `features.view` (migration
/// "map-5-view-record", DECISIONS 940), so a view query fetches one column per row (two at
/// z16 and above, with the full geometry) instead of eleven (DECISIONS 820: each column SQLite
/// hands out costs about as much as a fifth of the reference query's row).
///
/// Layout (LEB128 varints, signed ones zig-zag encoded, as in ``GeometryCodec``):
/// 1. the class name's UTF-8 length, then its bytes (``FeatureClass`` raw value);
/// 2. the ``GeometryKind`` raw value, the minimum zoom, 1 when complete else 0;
/// 3. the bounding box in 1e-7 degrees: minimum latitude, maximum latitude, minimum longitude,
///    maximum longitude (the R*Tree's row, zig-zag);
/// 4. the tags' JSON length, then the JSON text (the `tags` column, ``TagsJSON``);
/// 5. to the end: a zoom-level blob (``GeometryCodec/encode(levelBlobs:)``) whose finest level
///    serves zoom ``MapStore/simplificationMaxZoom`` − 1, so every zoom below
///    ``MapStore/simplificationMaxZoom`` from the feature's minimum zoom on is served without
///    the `geometry` column: the ``ZoomGeometry`` levels, then, when none of them serves that
///    zoom, the full geometry blob as the level of that zoom. Empty of levels (count 0) when
///    the feature is drawn only from ``MapStore/simplificationMaxZoom`` on.
///
/// From ``MapStore/simplificationMaxZoom`` on, a view reads the fields (1-4) from the end of
/// `features.geometry` instead (``geometryRecord(geometry:fields:)``, DECISIONS 1060).
enum ViewRecord {
    /// The fields of a decoded record; the byte ranges point into the blob it was read from.
    struct Fields {
        var featureClass: FeatureClass
        var kind: GeometryKind
        var minZoom: Int
        var isComplete: Bool
        /// (minLat, maxLat, minLon, maxLon) in 1e-7 degrees.
        var box: (Int32, Int32, Int32, Int32)
        var tags: UnsafeRawBufferPointer
        var levels: UnsafeRawBufferPointer
    }

    /// Encodes one feature's record.
    /// - Parameters:
    ///   - featureClass: the class's raw value.
    ///   - box: (minLat, maxLat, minLon, maxLon) in 1e-7 degrees.
    ///   - tags: the tags' JSON text as stored in `features.tags`.
    ///   - levels: the ``ZoomGeometry`` levels as geometry blobs, zooms ascending.
    ///   - geometry: the full geometry blob (``GeometryCodec/encode(parts:)``).
    static func encode(featureClass: String, kind: GeometryKind, minZoom: Int, complete: Bool,
                       box: (Int32, Int32, Int32, Int32), tags: [UInt8], levels: [(zoom: Int, blob: [UInt8])],
                       geometry: [UInt8]) -> [UInt8] {
        encode(fields: encodeFields(featureClass: featureClass, kind: kind, minZoom: minZoom, complete: complete, box: box, tags: tags),
               levels: levels, minZoom: minZoom, geometry: geometry)
    }

    /// A record from its fields (``encodeFields(featureClass:kind:minZoom:complete:box:tags:)``)
    /// and levels (as ``encode(featureClass:kind:minZoom:complete:box:tags:levels:geometry:)``).
    static func encode(fields: [UInt8], levels: [(zoom: Int, blob: [UInt8])], minZoom: Int, geometry: [UInt8]) -> [UInt8] {
        let finest = MapStore.simplificationMaxZoom - 1
        // The levels, and the full geometry as the finest when none serves `finest`.
        let withGeometry = minZoom <= finest && (levels.last?.zoom ?? Int.min) < finest
        let count = minZoom > finest ? 0 : levels.count + (withGeometry ? 1 : 0)
        var size = fields.count + GeometryCodec.maxVarint * (1 + 2 * count)
        if count > 0 { size += levels.reduce(0) { $0 + $1.blob.count } + (withGeometry ? geometry.count : 0) }
        // GeometryCodec.encode(levelBlobs:) written in place, after the fields.
        return GeometryCodec.written(atMost: size) { out in
            out.append(contentsOf: fields)
            out.put(UInt64(count))
            guard count > 0 else { return }
            for level in levels {
                out.put(UInt64(level.zoom))
                out.put(UInt64(level.blob.count))
            }
            if withGeometry {
                out.put(UInt64(finest))
                out.put(UInt64(geometry.count))
            }
            for level in levels { out.append(contentsOf: level.blob) }
            if withGeometry { out.append(contentsOf: geometry) }
        }
    }

    /// Parts 1-4 of the layout (everything but the levels): the fields a view draws.
    static func encodeFields(featureClass: String, kind: GeometryKind, minZoom: Int, complete: Bool,
                             box: (Int32, Int32, Int32, Int32), tags: [UInt8]) -> [UInt8] {
        GeometryCodec.written(atMost: 9 * GeometryCodec.maxVarint + featureClass.utf8.count + tags.count) { out in
            out.put(UInt64(featureClass.utf8.count))
            out.append(contentsOf: featureClass.utf8)
            out.put(UInt64(kind.rawValue))
            out.put(UInt64(max(0, minZoom)))
            out.put(complete ? 1 : 0)
            out.put(GeometryCodec.zigzag(Int64(box.0)))
            out.put(GeometryCodec.zigzag(Int64(box.1)))
            out.put(GeometryCodec.zigzag(Int64(box.2)))
            out.put(GeometryCodec.zigzag(Int64(box.3)))
            out.put(UInt64(tags.count))
            out.append(contentsOf: tags)
        }
    }

    /// The `features.geometry` column since migration "map-6-geometry-view-fields" (DECISIONS
    /// 1060): the full geometry blob (``GeometryCodec/encode(parts:)``, which its decoders read
    /// to its last part and no further), then the record's `fields`
    /// (``encodeFields(featureClass:kind:minZoom:complete:box:tags:)``), then the fields' length
    /// as a LEB128 varint written backwards (its last byte last), so a view at zoom
    /// ``MapStore/simplificationMaxZoom`` and above reads one blob per row.
    static func geometryRecord(geometry: [UInt8], fields: [UInt8]) -> [UInt8] {
        GeometryCodec.written(atMost: geometry.count + fields.count + GeometryCodec.maxVarint) { out in
            out.append(contentsOf: geometry)
            out.append(contentsOf: fields)
            // The length's varint bytes, last first.
            var groups = 1
            while fields.count >> (7 * groups) != 0 { groups += 1 }
            for g in stride(from: groups - 1, through: 0, by: -1) {
                let bits = UInt8(truncatingIfNeeded: fields.count >> (7 * g)) & 0x7F
                out.put(byte: g == groups - 1 ? bits : bits | 0x80)
            }
        }
    }

    /// Splits a ``geometryRecord(geometry:fields:)`` into the geometry blob and the decoded
    /// fields (`levels` empty), both slices of `bytes` (not copied).
    /// - Returns: nil when the trailing length or the fields are damaged.
    static func decodeGeometryRecord(_ bytes: UnsafeRawBufferPointer) -> (geometry: UnsafeRawBufferPointer, fields: Fields)? {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        // The length's varint, read from the last byte backwards (at most 10 bytes).
        var p = bytes.count
        var length: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard p > 0, shift < 64 else { return nil }
            p -= 1
            let b = start[p]
            length |= UInt64(b & 0x7F) << shift
            shift += 7
            if b < 0x80 { break }
        }
        guard length <= UInt64(p) else { return nil }
        let fieldsStart = p - Int(length)
        guard let fields = decode(UnsafeRawBufferPointer(start: start + fieldsStart, count: Int(length))),
              fields.levels.count == 0 else { return nil }
        return (UnsafeRawBufferPointer(start: start, count: fieldsStart), fields)
    }

    /// Decodes a record's fields (the tags and levels as slices of `bytes`, not copied).
    /// - Returns: nil when the blob is damaged (a count beyond its end, an unknown class or kind).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> Fields? {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let end = start + bytes.count
        var p = start
        guard let classLength = GeometryCodec.readVarint(&p, end), classLength <= UInt64(end - p),
              let cls = FeatureClass(utf8: UnsafeRawBufferPointer(start: p, count: Int(classLength))) else { return nil }
        p += Int(classLength)
        guard let k = GeometryCodec.readVarint(&p, end), let kind = GeometryKind(rawValue: Int(truncatingIfNeeded: k)),
              let minZoom = GeometryCodec.readVarint(&p, end), minZoom < 64,
              let complete = GeometryCodec.readVarint(&p, end),
              let a = GeometryCodec.readVarint(&p, end), let b = GeometryCodec.readVarint(&p, end),
              let c = GeometryCodec.readVarint(&p, end), let d = GeometryCodec.readVarint(&p, end),
              let tagsLength = GeometryCodec.readVarint(&p, end), tagsLength <= UInt64(end - p) else { return nil }
        let tags = UnsafeRawBufferPointer(start: p, count: Int(tagsLength))
        p += Int(tagsLength)
        func e7(_ v: UInt64) -> Int32 { Int32(truncatingIfNeeded: GeometryCodec.unzigzag(v)) }
        return Fields(featureClass: cls, kind: kind, minZoom: Int(minZoom), isComplete: complete != 0,
                      box: (e7(a), e7(b), e7(c), e7(d)), tags: tags,
                      levels: UnsafeRawBufferPointer(start: p, count: end - p))
    }
}
