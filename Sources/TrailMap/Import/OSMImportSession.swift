import Foundation
import TrailCore

/// Turns the objects of one OSM file into stored features, routes and coverage.
///
/// Two passes over the file (see DECISIONS 101): the first reads relations only and keeps
/// the few worth storing (hiking routes, multipolygons, boundaries), so the second pass
/// knows which ways' node lists to remember (members of kept relations only). The second
/// reads nodes and ways; node locations live in the reader's on-disk index, and each way
/// arrives with its nodes' locations. A feature node is written when read, a feature way
/// when read if all its nodes were located; ways with missing nodes and the kept relations
/// wait for the end of the file (an unsorted file may still bring what they need), then are
/// resolved with the policies listed in ``MapStore/importOSM(path:importedAt:progress:)``.
final class OSMImportSession: OSMSink {
    private let writer: MapStoreWriter
    private(set) var report: MapImportReport
    /// Ways handed to ``osmWay(_:)`` so far (tagged ones and untagged ones kept): nonzero once
    /// the ways of a file sorted nodes-ways-relations have begun (for the progress line).
    private(set) var waysSeen = 0
    /// Node locations of the reader's index.
    private let locate: (Int64) -> (Int32, Int32)?
    private var wayNodes = WayNodeIndex()
    /// Ways that members of kept relations: only their node lists are remembered.
    private var memberWays = Set<Int64>()
    private var pendingWays: [OSMWay] = []
    private var keptRelations: [OSMRelation] = []
    private var relationIDs = Set<Int64>()
    private var extent: (Int32, Int32, Int32, Int32)?

    init(writer: MapStoreWriter, file: String, locate: @escaping (Int64) -> (Int32, Int32)?) {
        self.writer = writer
        self.report = MapImportReport(file: file)
        self.locate = locate
    }

    /// Header facts of the file: generator, data date and bounds.
    func setHeader(generator: String?, timestamp: String?, bounds: [BoundingBox]) {
        report.generator = generator
        report.headerTimestamp = timestamp
        for b in bounds where !report.bounds.contains(b) { report.bounds.append(b) }
    }

    /// What the relations pass counted.
    func setRelationsRead(_ count: Int, newest: String?) {
        report.relationsRead = count
        report.newestObjectTimestamp = newest
    }

    /// The untagged nodes and ways the second pass must still deliver: those stored (so a
    /// feature whose tags went is removed) and the member ways of kept relations (their node
    /// lists). Call after the relations pass.
    func untaggedNeeded() -> OSMReader.KeptIDs {
        // Into a new store (none stored) the member ways alone, without a union's copy of the set.
        let stored = writer.storedOSMIDs(.way)
        let ways = TwoThreads.sorted(stored.isEmpty ? Array(memberWays) : Array(memberWays.union(stored)))
        return OSMReader.KeptIDs(nodes: writer.storedOSMIDs(.node), ways: ways)
    }

    /// Counts what the reader kept to itself as ``osmNode(_:)`` and ``osmWay(_:)`` would have.
    func addSkipped(_ s: OSMReader.SkippedObjects) {
        report.deletedObjectsSkipped += s.deleted
        report.negativeIDObjects += s.negativeIDs
        report.nodesWithoutPosition += s.nodesWithoutLocation
        if let e = s.extent { extend(e) }
    }

    private func extend(_ b: (Int32, Int32, Int32, Int32)) {
        if let e = extent {
            extent = (min(e.0, b.0), max(e.1, b.1), min(e.2, b.2), max(e.3, b.3))
        } else {
            extent = b
        }
    }

    // MARK: OSMSink

    func osmNode(_ node: OSMNode) throws {
        let info = node.info
        if info.deleted { report.deletedObjectsSkipped += 1; return }
        if info.id < 0 { report.negativeIDObjects += 1 }
        guard node.hasPosition else {
            report.nodesWithoutPosition += 1
            try writer.removeIfStored(MapFeatureID(type: .node, osmID: info.id), version: info.version)
            return
        }
        extend((node.latE7, node.latE7, node.lonE7, node.lonE7))
        let id = MapFeatureID(type: .node, osmID: info.id)
        guard !node.tags.isEmpty, let c = FeatureClassifier.classifyNode(node.tags) else {
            try writer.removeIfStored(id, version: info.version)
            return
        }
        try write(FeatureRecord(id: id, featureClass: c, kind: .point, parts: [[(node.latE7, node.lonE7)]],
                                tags: FeatureClassifier.keptTags(node.tags), version: info.version, complete: true))
    }

    func osmWay(_ way: OSMWay) throws {
        waysSeen += 1
        let info = way.info
        if info.deleted { report.deletedObjectsSkipped += 1; return }
        if info.id < 0 { report.negativeIDObjects += 1 }
        if memberWays.contains(info.id) { wayNodes.insert(id: info.id, nodeRefs: way.nodeRefs) }
        guard !way.tags.isEmpty, FeatureClassifier.classifyArea(way.tags) != nil else {
            try writer.removeIfStored(MapFeatureID(type: .way, osmID: info.id), version: info.version)
            return
        }
        if way.positions.contains(where: { $0 == nil }) {
            // Looked up again at the end of the file; copies of the exact size, not the reader's
            // arrays (their capacity is the largest way's so far).
            let w = OSMWay(info: info, nodeRefs: Array(exactly: way.nodeRefs), positions: [], tags: Array(exactly: way.tags))
            pendingWays.append(w)
        } else {
            try writeWay(way, positions: way.positions)
        }
    }

    func osmRelation(_ relation: OSMRelation) throws {
        let info = relation.info
        if info.deleted { report.deletedObjectsSkipped += 1; return }
        if info.id < 0 { report.negativeIDObjects += 1 }
        relationIDs.insert(info.id)
        let tags = relation.tags
        switch tags.value("type") {
        case "route" where ["hiking", "foot"].contains(tags.value("route") ?? ""),
             "superroute" where ["hiking", "foot"].contains(tags.value("route") ?? ""):
            keep(relation)
        case "multipolygon" where FeatureClassifier.classifyArea(tags) != nil,
             "boundary" where FeatureClassifier.boundaryClass(tags) != nil:
            keep(relation)
        default:
            try writer.removeIfStored(MapFeatureID(type: .relation, osmID: info.id), version: info.version)
        }
    }

    private func keep(_ relation: OSMRelation) {
        keptRelations.append(relation)
        for m in relation.members where m.type == .way { memberWays.insert(m.ref) }
    }

    // MARK: End of file

    /// Resolves what waited for the end of the file. Call once, after the parser finished.
    ///
    /// The node lookups, ring assembly and encoding of the waiting ways and relations depend on
    /// nothing that changes here, so they run on this thread and one more, each taking the
    /// next object; the upsert decisions, the report's counts and the writes follow on this
    /// thread in file order, as before, each object as soon as it is prepared, while the other
    /// thread prepares on (DECISIONS 1052, 1110). At most ``finishWindow`` objects wait
    /// prepared.
    func finish() throws {
        let ways = pendingWays, relations = keptRelations
        pendingWays = []
        keptRelations = []
        try TwoThreads.forEachInOrder(count: ways.count + relations.count, window: Self.finishWindow, prepare: { i in
            i < ways.count ? self.prepareWay(ways[i], positions: ways[i].nodeRefs.map(self.locate), encode: true)
                : self.prepareRelation(relations[i - ways.count])
        }, apply: { try self.apply($0) })
        if report.bounds.isEmpty, let e = extent {
            report.coverage = [FixedPoint.box(e)]
        } else {
            report.coverage = report.bounds
        }
        report.indexBytes = max(report.indexBytes, wayNodes.memoryFootprint)
        report.olderVersionsSkipped = writer.olderVersionsSkipped
        report.partialCopiesKeptStored = writer.partialKeptStored
        report.featuresRemoved = writer.removed
    }

    /// Objects of the end of the file prepared ahead of their writes at most (bounds what waits
    /// encoded).
    static let finishWindow = 512

    // MARK: Writing

    private func write(_ f: FeatureRecord, encoded: MapStoreWriter.FeatureRow? = nil) throws {
        if try writer.write(f, encoded: encoded) { report.featuresByClass[f.featureClass, default: 0] += 1 }
    }

    /// What a waiting way or relation comes to, made without touching the session's state
    /// (``finish()``): the counts it adds to the report, and the feature or route to write.
    private struct Prepared {
        var waysWithMissingNodes = 0, missingNodeReferences = 0, waysDropped = 0, waysSplit = 0
        var relationsWithMissingMembers = 0, missingMemberReferences = 0, unclosedMultipolygons = 0
        var feature: FeatureRecord?
        var encoded: MapStoreWriter.FeatureRow?
        var route: PreparedRoute?
    }

    private struct PreparedRoute {
        var relation: OSMRelation
        var members: [(OSMMember, Bool)]
        var parts: [[(Int32, Int32)]]
        var missing: Int
    }

    /// Adds a prepared object's counts to the report and writes it, on this thread.
    private func apply(_ p: Prepared) throws {
        report.waysWithMissingNodes += p.waysWithMissingNodes
        report.missingNodeReferences += p.missingNodeReferences
        report.waysDropped += p.waysDropped
        report.waysSplit += p.waysSplit
        report.relationsWithMissingMembers += p.relationsWithMissingMembers
        report.missingMemberReferences += p.missingMemberReferences
        report.unclosedMultipolygons += p.unclosedMultipolygons
        if let f = p.feature { try write(f, encoded: p.encoded) }
        if let r = p.route {
            if try writer.writeRoute(id: r.relation.info.id, tags: FeatureClassifier.keptTags(r.relation.tags),
                                     version: r.relation.info.version, complete: r.missing == 0, members: r.members, parts: r.parts) {
                report.routesWritten += 1
            }
        }
    }

    private func prepareRelation(_ relation: OSMRelation) -> Prepared {
        ["route", "superroute"].contains(relation.tags.value("type") ?? "") ? prepareRoute(relation) : prepareMultipolygon(relation)
    }

    /// Splits a node list into runs of nodes that are present; runs of one node are dropped.
    private func resolve<C: Collection>(_ refs: C) -> (parts: [[(Int32, Int32)]], ids: [[Int64]], missing: Int)
    where C.Element == Int64 {
        resolve(refs, positions: refs.map(locate))
    }

    /// Splits a node list into runs of nodes that are present (`positions[i]` not nil).
    private func resolve<C: Collection>(_ refs: C, positions: [(Int32, Int32)?]) -> (parts: [[(Int32, Int32)]], ids: [[Int64]], missing: Int)
    where C.Element == Int64 {
        var parts: [[(Int32, Int32)]] = []
        var ids: [[Int64]] = []
        var part: [(Int32, Int32)] = []
        var partIDs: [Int64] = []
        var missing = 0
        part.reserveCapacity(refs.count)
        partIDs.reserveCapacity(refs.count)
        for (ref, position) in zip(refs, positions) {
            if let p = position {
                part.append(p)
                partIDs.append(ref)
            } else {
                missing += 1
                if part.count >= 2 { parts.append(part); ids.append(partIDs) }
                part.removeAll(keepingCapacity: true)
                partIDs.removeAll(keepingCapacity: true)
            }
        }
        if part.count >= 2 { parts.append(part); ids.append(partIDs) }
        return (parts, ids, missing)
    }

    private func writeWay(_ way: OSMWay, positions: [(Int32, Int32)?]) throws {
        try apply(prepareWay(way, positions: positions, encode: false))
    }

    /// A way's feature from its node positions (nil where missing); `encode`: its row too.
    private func prepareWay(_ way: OSMWay, positions: [(Int32, Int32)?], encode: Bool) -> Prepared {
        var p = Prepared()
        let info = way.info
        guard let c = FeatureClassifier.classifyArea(way.tags) else { return p }
        let id = MapFeatureID(type: .way, osmID: info.id)
        let r = resolve(way.nodeRefs, positions: positions)
        if r.missing > 0 {
            p.waysWithMissingNodes = 1
            p.missingNodeReferences = r.missing
            if r.parts.isEmpty { p.waysDropped = 1; return p }
            p.waysSplit = 1
        }
        guard !r.parts.isEmpty else { return p }  // fewer than 2 nodes: not a line
        let refs = way.nodeRefs
        let closed = r.missing == 0 && refs.count >= 4 && refs.first == refs.last
        let kind: GeometryKind = FeatureClassifier.wayIsArea(c, closed: closed, tags: way.tags) ? .area : .line
        let f = FeatureRecord(id: id, featureClass: c, kind: kind, parts: r.parts,
                              nodeIDs: c.isHighway ? r.ids : nil, tags: FeatureClassifier.keptTags(way.tags),
                              version: info.version, complete: r.missing == 0)
        p.feature = f
        if encode { p.encoded = MapStoreWriter.encode(f) }
        return p
    }

    private func prepareMultipolygon(_ relation: OSMRelation) -> Prepared {
        var p = Prepared()
        let tags = relation.tags
        let isBoundary = tags.value("type") == "boundary"
        guard let c = isBoundary ? FeatureClassifier.boundaryClass(tags) : FeatureClassifier.classifyArea(tags) else { return p }
        var memberWays: [[Int64]] = []
        var missingMembers = 0
        for m in relation.members where m.type == .way {
            guard isBoundary || ["outer", "inner", ""].contains(m.role) else { continue }
            guard let refs = wayNodes.nodeRefs(m.ref) else { missingMembers += 1; continue }
            if refs.count >= 2 { memberWays.append(Array(refs)) }
        }
        if missingMembers > 0 {
            p.relationsWithMissingMembers = 1
            p.missingMemberReferences = missingMembers
        }
        let (rings, open) = RingAssembler.assemble(memberWays)
        var parts: [[(Int32, Int32)]] = []
        var missingNodes = 0
        for chain in rings + open {
            let r = resolve(chain)
            missingNodes += r.missing
            parts += r.parts
        }
        guard !parts.isEmpty else { return p }
        let complete = missingMembers == 0 && missingNodes == 0
        let closed = open.isEmpty && missingNodes == 0
        if !closed && !isBoundary && c.closedWayIsArea { p.unclosedMultipolygons = 1 }
        let kind: GeometryKind = closed && c != .boundary && (c.closedWayIsArea || c.isHighway) ? .area : .line
        let f = FeatureRecord(id: MapFeatureID(type: .relation, osmID: relation.info.id), featureClass: c, kind: kind,
                              parts: parts, tags: FeatureClassifier.keptTags(tags), version: relation.info.version,
                              complete: complete)
        p.feature = f
        p.encoded = MapStoreWriter.encode(f)
        return p
    }

    private func prepareRoute(_ relation: OSMRelation) -> Prepared {
        var p = Prepared()
        var members: [(OSMMember, Bool)] = []
        var parts: [[(Int32, Int32)]] = []
        var missing = 0
        for m in relation.members {
            let present: Bool
            switch m.type {
            case .node: present = locate(m.ref) != nil
            case .relation: present = relationIDs.contains(m.ref)
            case .way:
                if let refs = wayNodes.nodeRefs(m.ref) {
                    present = true
                    parts += resolve(refs).parts
                } else {
                    present = false
                }
            }
            if !present { missing += 1 }
            members.append((m, present))
        }
        if missing > 0 {
            p.relationsWithMissingMembers = 1
            p.missingMemberReferences = missing
        }
        p.route = PreparedRoute(relation: relation, members: members, parts: parts, missing: missing)
        return p
    }
}

