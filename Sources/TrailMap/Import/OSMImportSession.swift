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
        OSMReader.KeptIDs(nodes: writer.storedOSMIDs(.node), ways: Array(memberWays.union(writer.storedOSMIDs(.way))).sorted())
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
    func finish() throws {
        for way in pendingWays { try writeWay(way, positions: way.nodeRefs.map(locate)) }
        pendingWays = []
        for relation in keptRelations {
            if ["route", "superroute"].contains(relation.tags.value("type") ?? "") { try writeRoute(relation) } else { try writeMultipolygon(relation) }
        }
        keptRelations = []
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

    // MARK: Writing

    private func write(_ f: FeatureRecord) throws {
        if try writer.write(f) { report.featuresByClass[f.featureClass, default: 0] += 1 }
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
        let info = way.info
        guard let c = FeatureClassifier.classifyArea(way.tags) else { return }
        let id = MapFeatureID(type: .way, osmID: info.id)
        let r = resolve(way.nodeRefs, positions: positions)
        if r.missing > 0 {
            report.waysWithMissingNodes += 1
            report.missingNodeReferences += r.missing
            if r.parts.isEmpty { report.waysDropped += 1; return }
            report.waysSplit += 1
        }
        guard !r.parts.isEmpty else { return }  // fewer than 2 nodes: not a line
        let refs = way.nodeRefs
        let closed = r.missing == 0 && refs.count >= 4 && refs.first == refs.last
        let kind: GeometryKind = FeatureClassifier.wayIsArea(c, closed: closed, tags: way.tags) ? .area : .line
        try write(FeatureRecord(id: id, featureClass: c, kind: kind, parts: r.parts,
                                nodeIDs: c.isHighway ? r.ids : nil, tags: FeatureClassifier.keptTags(way.tags),
                                version: info.version, complete: r.missing == 0))
    }

    private func writeMultipolygon(_ relation: OSMRelation) throws {
        let tags = relation.tags
        let isBoundary = tags.value("type") == "boundary"
        guard let c = isBoundary ? FeatureClassifier.boundaryClass(tags) : FeatureClassifier.classifyArea(tags) else { return }
        var memberWays: [[Int64]] = []
        var missingMembers = 0
        for m in relation.members where m.type == .way {
            guard isBoundary || ["outer", "inner", ""].contains(m.role) else { continue }
            guard let refs = wayNodes.nodeRefs(m.ref) else { missingMembers += 1; continue }
            if refs.count >= 2 { memberWays.append(Array(refs)) }
        }
        if missingMembers > 0 {
            report.relationsWithMissingMembers += 1
            report.missingMemberReferences += missingMembers
        }
        let (rings, open) = RingAssembler.assemble(memberWays)
        var parts: [[(Int32, Int32)]] = []
        var missingNodes = 0
        for chain in rings + open {
            let r = resolve(chain)
            missingNodes += r.missing
            parts += r.parts
        }
        guard !parts.isEmpty else { return }
        let complete = missingMembers == 0 && missingNodes == 0
        let closed = open.isEmpty && missingNodes == 0
        if !closed && !isBoundary && c.closedWayIsArea { report.unclosedMultipolygons += 1 }
        let kind: GeometryKind = closed && c != .boundary && (c.closedWayIsArea || c.isHighway) ? .area : .line
        try write(FeatureRecord(id: MapFeatureID(type: .relation, osmID: relation.info.id), featureClass: c, kind: kind,
                                parts: parts, tags: FeatureClassifier.keptTags(tags), version: relation.info.version,
                                complete: complete))
    }

    private func writeRoute(_ relation: OSMRelation) throws {
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
            report.relationsWithMissingMembers += 1
            report.missingMemberReferences += missing
        }
        if try writer.writeRoute(id: relation.info.id, tags: FeatureClassifier.keptTags(relation.tags),
                                 version: relation.info.version, complete: missing == 0, members: members, parts: parts) {
            report.routesWritten += 1
        }
    }
}

