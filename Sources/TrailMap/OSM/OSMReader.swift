import COSMReader
import Foundation
import TrailCore

/// Receives the objects of an OSM file in file order.
///
/// Methods may throw; the reader then stops and ``OSMReader/read(_:indexLocations:sink:progress:)`` rethrows.
protocol OSMSink: AnyObject {
    func osmNode(_ node: OSMNode) throws
    func osmWay(_ way: OSMWay) throws
    func osmRelation(_ relation: OSMRelation) throws
    /// The only tag keys the sink reads, or nil for every tag: the reader leaves the others
    /// out of the objects it hands over (never made into Strings, DECISIONS 1102). An object
    /// whose tags are all left out arrives with none, as an object without tags would.
    var tagKeys: OSMTagKeys? { get }
}

extension OSMSink {
    var tagKeys: OSMTagKeys? { nil }
}

/// A set of OSM tag keys of at most ``maxLength`` UTF-8 bytes that is asked with the C string
/// of a key, before any String is made of it (``OSMSink/tagKeys``).
///
/// An open-addressing hash table of the keys' bytes packed into two 64-bit words. A key's
/// bytes equal to a member's bytes is the same as `String(cString:)` of them being equal to
/// the member: a `String(cString:)` of bytes that are not valid UTF-8 holds U+FFFD, and a
/// String of other characters equals an ASCII one only through a canonical singleton
/// (U+212A KELVIN SIGN is "K", U+037E is ";", U+1FEF is "`"), so members must be ASCII
/// without those three characters (checked when made).
struct OSMTagKeys {
    /// The longest key a set can hold, in bytes.
    static let maxLength = 16

    private struct Slot {
        var low: UInt64 = 0, high: UInt64 = 0
        /// 0: empty.
        var length = 0
        /// The member's index in ``OSMTagKeys/keys``.
        var index = 0
    }

    private let slots: [Slot]
    private let mask: Int
    /// The members, each made once (a key found hands out its member instead of a new String).
    let keys: [String]

    /// A set of `keys`, each 1 to ``maxLength`` ASCII bytes other than `K`, `;` and `` ` ``.
    init<S: Sequence<String>>(_ keys: S) {
        let keys = Array(Set(keys))
        self.keys = keys
        var size = 16
        while size < 2 * keys.count { size *= 2 }
        var slots = [Slot](repeating: Slot(), count: size)
        mask = size - 1
        for (index, key) in keys.enumerated() {
            let bytes = Array(key.utf8)
            precondition((1...Self.maxLength).contains(bytes.count) && bytes.allSatisfy { $0 < 0x80 && !"K;`".utf8.contains($0) },
                         "OSMTagKeys: \(key) is not 1-\(Self.maxLength) ASCII bytes without K, ; or `")
            var (low, high) = (UInt64(0), UInt64(0))
            for (i, b) in bytes.enumerated() {
                if i < 8 { low |= UInt64(b) << (8 * i) } else { high |= UInt64(b) << (8 * (i - 8)) }
            }
            var i = Self.hash(low, high, mask)
            while slots[i].length != 0 { i = (i + 1) & mask }
            slots[i] = Slot(low: low, high: high, length: bytes.count, index: index)
        }
        self.slots = slots
    }

    @inline(__always) private static func hash(_ low: UInt64, _ high: UInt64, _ mask: Int) -> Int {
        let h = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) >> 7) & mask
    }

    /// True when the NUL-terminated `key` is a member (reads at most ``maxLength`` + 1 bytes).
    func contains(_ key: UnsafePointer<CChar>) -> Bool { index(key) != nil }

    /// True when `key` is a member (its UTF-8 bytes those of a member: the same answer as a
    /// `Set<String>` of the members, see the type's note).
    func contains(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            guard bytes.count <= Self.maxLength else { return false }
            var low: UInt64 = 0, high: UInt64 = 0
            for (n, b) in bytes.enumerated() {
                if b == 0 { return false }
                if n < 8 { low |= UInt64(b) << (8 * n) } else { high |= UInt64(b) << (8 * (n - 8)) }
            }
            return find(low, high, bytes.count) != nil
        }
    }

    /// The index in ``keys`` of the NUL-terminated `key`, or nil when it is no member (reads at
    /// most ``maxLength`` + 1 bytes).
    func index(_ key: UnsafePointer<CChar>) -> Int? {
        var low: UInt64 = 0, high: UInt64 = 0
        var n = 0
        while true {
            let b = UInt8(bitPattern: key[n])
            if b == 0 { break }
            if n == Self.maxLength { return nil }
            if n < 8 { low |= UInt64(b) << (8 * n) } else { high |= UInt64(b) << (8 * (n - 8)) }
            n += 1
        }
        return find(low, high, n)
    }

    @inline(__always) private func find(_ low: UInt64, _ high: UInt64, _ n: Int) -> Int? {
        guard n > 0 else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            var i = Self.hash(low, high, mask)
            while true {
                let s = slots[i]
                if s.length == 0 { return nil }
                if s.low == low && s.high == high && s.length == n { return s.index }
                i = (i + 1) & mask
            }
        }
    }
}

/// Which object kinds a pass delivers.
struct OSMKinds: OptionSet {
    let rawValue: Int32
    static let nodes = OSMKinds(rawValue: Int32(COSM_NODES))
    static let ways = OSMKinds(rawValue: Int32(COSM_WAYS))
    static let relations = OSMKinds(rawValue: Int32(COSM_RELATIONS))
    /// With ``relations``: a PBF file sorted by type is read from its last blobs only (the
    /// relations); ``OSMReader/tailOnly`` says whether it was, and a later pass with
    /// ``countRelations`` must then see as many relations (DECISIONS 1050).
    static let relationsFromTail = OSMKinds(rawValue: Int32(COSM_RELATIONS_TAIL))
    /// Relations counted (``OSMReader/relationCount``) but not handed to the sink.
    static let countRelations = OSMKinds(rawValue: Int32(COSM_COUNT_RELATIONS))
    static let all: OSMKinds = [.nodes, .ways, .relations]
}

/// One OpenStreetMap file read through libosmium (the `COSMReader` C++ target): `.osm.pbf`,
/// `.osm`, `.osm.gz` or `.osm.bz2`, told apart by the first bytes, never by the name.
///
/// Opening checks the file (for XML a streaming expat pass: root `<osm version="0.6">`,
/// osmChange refused, bounds, JOSM `action="delete"`, well-formedness with line numbers,
/// decompression capped at 200:1 past 64 MiB). A read pass may be run several times; with
/// `indexLocations` node locations go to libosmium's `sparse_file_array`, a memory-mapped
/// temporary file of 16 bytes per node, and each way arrives with its nodes' locations.
/// The index lives until the reader is released, so ``location(_:)`` answers afterwards.
final class OSMReader {
    /// The path as given.
    let path: String
    /// "pbf" or "xml".
    let format: String
    /// "none", "gzip" or "bzip2".
    let compression: String
    /// Bytes on disk.
    let fileSize: Int64
    /// `generator` of the file header.
    let generator: String?
    /// The file's data date: PBF `osmosis_replication_timestamp`, XML `<osm timestamp>` or
    /// Overpass `<meta osm_base>`; ISO 8601 text as found.
    let headerTimestamp: String?
    /// Bounding boxes of the header (`<bounds>`, PBF HeaderBBox).
    let bounds: [BoundingBox]
    /// Counts of the last pass.
    private(set) var nodeCount = 0, wayCount = 0, relationCount = 0
    /// True when the last pass read only the end of the file (``OSMKinds/relationsFromTail``).
    private(set) var tailOnly = false
    /// Newest object timestamp of the last pass (ISO 8601), or nil.
    private(set) var newestObjectTimestamp: String?
    /// Bytes of the node-location index file after the last indexing pass (mapped, see DECISIONS 101).
    private(set) var indexBytes = 0
    /// What the last pass kept on the C++ side (``read(_:indexLocations:keepUntagged:sink:progress:)``).
    private(set) var skipped = SkippedObjects()

    /// Untagged nodes and ways a pass did not hand to the sink, counted as the sink would
    /// have counted them.
    struct SkippedObjects: Equatable {
        var nodes = 0, ways = 0
        /// Deleted (`visible="false"`, JOSM delete); negative ids among the others; nodes without a location.
        var deleted = 0, negativeIDs = 0, nodesWithoutLocation = 0
        /// (minLat, maxLat, minLon, maxLon) of the located, not deleted skipped nodes, 1e-7 degrees.
        var extent: (Int32, Int32, Int32, Int32)?

        static func == (a: SkippedObjects, b: SkippedObjects) -> Bool {
            (a.nodes, a.ways, a.deleted, a.negativeIDs, a.nodesWithoutLocation) == (b.nodes, b.ways, b.deleted, b.negativeIDs, b.nodesWithoutLocation)
                && a.extent.map { [$0.0, $0.1, $0.2, $0.3] } == b.extent.map { [$0.0, $0.1, $0.2, $0.3] }
        }
    }

    /// Ids of untagged objects the sink still needs (``read(_:indexLocations:keepUntagged:sink:progress:)``).
    struct KeptIDs {
        /// Sorted ascending.
        var nodes: [Int64], ways: [Int64]
    }

    private let handle: OpaquePointer

    /// Opens and checks `path`.
    /// - Throws: ``OSMReadError`` naming the file (and the line, for XML) and what is wrong.
    init(path: String) throws {
        var info = cosm_file_info()
        var err = cosm_error()
        guard let h = cosm_open(path, &info, &err) else { throw Self.error(err, path) }
        handle = h
        self.path = path
        format = Self.text(&info.format)
        compression = Self.text(&info.compression)
        fileSize = info.file_size
        let g = Self.text(&info.generator)
        generator = g.isEmpty ? nil : g
        let t = Self.text(&info.timestamp)
        headerTimestamp = t.isEmpty ? nil : t
        var boxes: [BoundingBox] = []
        withUnsafeBytes(of: &info.boxes) { raw in
            let all = raw.bindMemory(to: cosm_box.self)
            for i in 0..<Int(info.box_count) {
                let b = all[i]
                boxes.append(BoundingBox(minLatitude: b.min_lat, minLongitude: b.min_lon, maxLatitude: b.max_lat, maxLongitude: b.max_lon))
            }
        }
        bounds = boxes
    }

    deinit { cosm_close(handle) }

    /// The location of node `id` from the index of the last indexing pass, or nil.
    func location(_ id: Int64) -> (Int32, Int32)? {
        var lat: Int32 = 0, lon: Int32 = 0
        return cosm_location(handle, id, &lat, &lon) != 0 ? (lat, lon) : nil
    }

    /// Reads the file once, calling `sink` for every object of `kinds`.
    /// - Parameters:
    ///   - indexLocations: index node locations on disk and give ways their locations.
    ///   - keepUntagged: when given, nodes and ways without tags reach the sink only when
    ///     their id is listed (the rest are counted in ``skipped``); nil passes everything.
    ///   - progress: after each block, bytes of the file read, its size and the objects read
    ///     in this pass; may throw to stop (an interruption), which is rethrown.
    /// - Throws: ``OSMReadError``, or what the sink or `progress` threw.
    func read(_ kinds: OSMKinds, indexLocations: Bool, keepUntagged: KeptIDs? = nil, sink: any OSMSink,
              progress: (Int64, Int64, Int) throws -> Void = { _, _, _ in }) throws {
        let keepNodes = keepUntagged?.nodes ?? [], keepWays = keepUntagged?.ways ?? []
        try withoutActuallyEscaping(progress) { progress in
            let pass = Pass(sink: sink, tagKeys: sink.tagKeys, progress: progress)
            let context = Unmanaged.passUnretained(pass).toOpaque()
            var counts = cosm_counts()
            var err = cosm_error()
            let rc = keepNodes.withUnsafeBufferPointer { nodes in
                keepWays.withUnsafeBufferPointer { ways in
                    var callbacks = cosm_callbacks(context: context, node: passNode, way: passWay, relation: passRelation,
                                                   progress: passProgress, skip_untagged: keepUntagged == nil ? 0 : 1,
                                                   keep_node_ids: nodes.baseAddress, keep_node_count: nodes.count,
                                                   keep_way_ids: ways.baseAddress, keep_way_count: ways.count)
                    return withExtendedLifetime(pass) { cosm_read(handle, kinds.rawValue, indexLocations ? 1 : 0, &callbacks, &counts, &err) }
                }
            }
            if let failure = pass.failure { throw failure }
            guard rc == Int32(COSM_OK.rawValue) else { throw Self.error(err, path) }
            nodeCount = Int(counts.nodes)
            wayCount = Int(counts.ways)
            relationCount = Int(counts.relations)
            tailOnly = counts.tail_only != 0
            let newest = Self.text(&counts.newest_timestamp)
            newestObjectTimestamp = newest.isEmpty ? nil : newest
            if indexLocations { indexBytes = Int(counts.index_bytes) }
            skipped = SkippedObjects(nodes: Int(counts.skipped_nodes), ways: Int(counts.skipped_ways),
                                     deleted: Int(counts.skipped_deleted), negativeIDs: Int(counts.skipped_negative),
                                     nodesWithoutLocation: Int(counts.skipped_without_location),
                                     extent: counts.skipped_has_extent == 0 ? nil
                                        : (counts.skipped_min_lat_e7, counts.skipped_max_lat_e7, counts.skipped_min_lon_e7, counts.skipped_max_lon_e7))
        }
    }

    private static func text<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let n = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<n]), as: UTF8.self)
        }
    }

    private static func error(_ e: cosm_error, _ path: String) -> OSMReadError {
        var e = e
        let message = text(&e.message)
        let kind: OSMReadError.Kind
        switch cosm_status(rawValue: UInt32(bitPattern: e.status)) {
        case COSM_ERR_IO: kind = .io
        case COSM_ERR_NOT_OSM: kind = .notOSM
        case COSM_ERR_OSMCHANGE: kind = .osmChange
        case COSM_ERR_MALFORMED_XML: kind = .malformedXML
        case COSM_ERR_INVALID: kind = .invalidData
        case COSM_ERR_PBF: kind = .damagedPBF
        case COSM_ERR_COMPRESSION: kind = .badCompression
        default: kind = .readerFailure
        }
        return OSMReadError(kind, file: path, line: e.line > 0 ? Int(e.line) : nil, reason: message)
    }
}

/// What one pass's C callbacks reach through their context pointer.
private final class Pass {
    let sink: any OSMSink
    /// ``OSMSink/tagKeys`` of the sink, asked once.
    let tagKeys: OSMTagKeys?
    let progress: (Int64, Int64, Int) throws -> Void
    var failure: (any Error)?
    var node = OSMNode()
    var way = OSMWay()
    var relation = OSMRelation()

    init(sink: any OSMSink, tagKeys: OSMTagKeys?, progress: @escaping (Int64, Int64, Int) throws -> Void) {
        self.sink = sink
        self.tagKeys = tagKeys
        self.progress = progress
    }

    func info(_ o: cosm_object) -> OSMObjectInfo {
        OSMObjectInfo(id: o.id, version: o.version > 0 ? o.version : nil, deleted: o.deleted != 0)
    }

    func tags(_ o: cosm_object, into out: inout [OSMTag]) {
        out.removeAll(keepingCapacity: true)
        guard let t = o.tags else { return }
        out.reserveCapacity(o.tag_count)
        if let keys = tagKeys {
            for i in 0..<o.tag_count {
                // The member's String (the same characters: its bytes) rather than a new one.
                guard let k = keys.index(t[i].key) else { continue }
                out.append(OSMTag(key: keys.keys[k], value: String(cString: t[i].value)))
            }
        } else {
            for i in 0..<o.tag_count {
                out.append(OSMTag(key: String(cString: t[i].key), value: String(cString: t[i].value)))
            }
        }
    }

    /// Runs `body`, turning a throw into a stop request.
    @inline(__always) func guarded(_ body: () throws -> Void) -> Int32 {
        do { try body(); return 0 } catch { failure = error; return 1 }
    }
}

private func pass(_ context: UnsafeMutableRawPointer?) -> Pass {
    Unmanaged<Pass>.fromOpaque(context!).takeUnretainedValue()
}

private let passNode: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<cosm_node>?) -> Int32 = { ctx, n in
    let p = pass(ctx)
    guard let n = n?.pointee else { return 0 }
    return p.guarded {
        p.node.info = p.info(n.object)
        p.node.hasPosition = n.has_location != 0
        p.node.latE7 = n.lat_e7
        p.node.lonE7 = n.lon_e7
        p.tags(n.object, into: &p.node.tags)
        try p.sink.osmNode(p.node)
    }
}

private let passWay: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<cosm_way>?) -> Int32 = { ctx, w in
    let p = pass(ctx)
    guard let w = w?.pointee else { return 0 }
    return p.guarded {
        // Filled as a local value, its arrays moved out of `p` (so still uniquely held, their
        // capacity reused) and back: appending to `p.way`'s arrays directly costs a dynamic
        // exclusivity check per node, a class property being modified (DECISIONS 1025).
        var way = p.way
        p.way = OSMWay()
        defer { p.way = way }
        way.info = p.info(w.object)
        p.tags(w.object, into: &way.tags)
        way.nodeRefs.removeAll(keepingCapacity: true)
        way.positions.removeAll(keepingCapacity: true)
        if let refs = w.refs, w.ref_count > 0 {
            way.nodeRefs.append(contentsOf: UnsafeBufferPointer(start: refs, count: w.ref_count))
        }
        way.positions.reserveCapacity(w.ref_count)
        for i in 0..<w.ref_count {
            way.positions.append(w.located[i] != 0 ? (w.lat_e7[i], w.lon_e7[i]) : nil)
        }
        try p.sink.osmWay(way)
    }
}

private let passRelation: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<cosm_relation>?) -> Int32 = { ctx, r in
    let p = pass(ctx)
    guard let r = r?.pointee else { return 0 }
    return p.guarded {
        p.relation.info = p.info(r.object)
        // Fresh arrays of the exact size: the sink keeps relations, and `removeAll(keepingCapacity:)`
        // on a kept (shared) array allocates a new one as large as the largest seen so far.
        p.relation.tags = []
        p.tags(r.object, into: &p.relation.tags)
        p.relation.members = []
        p.relation.members.reserveCapacity(r.member_count)
        for i in 0..<r.member_count {
            let m = r.members[i]
            let type: OSMElementType = m.type == 0 ? .node : m.type == 1 ? .way : .relation
            p.relation.members.append(OSMMember(type: type, ref: m.ref, role: String(cString: m.role)))
        }
        try p.sink.osmRelation(p.relation)
    }
}

private let passProgress: @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64) -> Int32 = { ctx, done, total, objects in
    let p = pass(ctx)
    return p.guarded { try p.progress(done, total, Int(objects)) }
}
