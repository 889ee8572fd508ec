import Foundation
import Testing
@testable import TrailMap

/// The relations pass over only the end of a PBF file sorted by type (DECISIONS 1050): the same
/// relations as osmium lists, the same store as a relations pass over the whole file, and a
/// file with a relation before its ways imported correctly all the same (the check and the
/// second run).
@Suite struct RelationsTailTests {
    static let samplePBF = TestSupport.fixture("andorra-ordino.osm.pbf")  // sorted by type and id (osmium fileinfo)

    /// Relation ids of `file` as osmium lists them (`cat -t relation`, OPL), in file order.
    static func osmiumRelationIDs(_ file: String) -> [Int64]? {
        guard let opl = Osmium.run(["cat", "-t", "relation", "-f", "opl", "-o", "-", file]) else { return nil }
        return opl.split(separator: "\n").compactMap { line in line.first == "r" ? Int64(line.dropFirst().prefix { $0 != " " }) : nil }
    }

    @Test func sortedFileRelationsFromItsEndAreOsmiumsRelations() throws {
        guard let expected = Self.osmiumRelationIDs(Self.samplePBF) else { return }
        let reader = try OSMReader(path: Self.samplePBF)
        let sink = CollectingSink()
        try reader.read([.relations, .relationsFromTail], indexLocations: false, sink: sink)
        #expect(reader.tailOnly)
        #expect(expected.count == 75)  // osmium fileinfo -e
        #expect(sink.relations.map(\.info.id) == expected)
        // The full second pass counts them all without handing them over.
        let second = CollectingSink()
        try reader.read([.nodes, .ways, .countRelations], indexLocations: true, sink: second)
        #expect(reader.relationCount == expected.count && second.relations.isEmpty && !reader.tailOnly)
    }

    @Test func storeFromTheEndIsTheStoreFromTheWholeFile() throws {
        var files = [Self.samplePBF]
        if let andorra = TestSupport.sharedData("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf") { files.append(andorra) }
        for file in files {
            let a = try TestSupport.freshStore(), b = try TestSupport.freshStore()
            let ra = try a.importOSM(path: file, importedAt: TestSupport.importTime, relationsFromTail: true) { _ in }
            let rb = try b.importOSM(path: file, importedAt: TestSupport.importTime, relationsFromTail: false) { _ in }
            #expect(ra.relationsRead == rb.relationsRead && ra.relationsRead > 0, "\(file)")
            #expect(ra.warnings == rb.warnings && ra.routesWritten == rb.routesWritten, "\(file)")
            #expect(ra.newestObjectTimestamp == rb.newestObjectTimestamp, "\(file)")
            let rowsA = try TestSupport.storedRows(a), rowsB = try TestSupport.storedRows(b)
            #expect(rowsA.count > 1000 && rowsA == rowsB, "\(file)")
        }
    }

    /// `file` with its first relation moved before the nodes, made by osmium alone (the file is
    /// never held here: tests run in parallel and some measure the process's peak memory):
    /// `getid` takes the relation out, `removeid` the rest, and `cat` writes the two in that
    /// order (it keeps the order it reads; its PBF writer starts a block where the type changes).
    static func unsortedCopy(of file: String = samplePBF) -> String? {
        guard let id = osmiumRelationIDs(file)?.first else { return nil }
        let dir = TestSupport.tempDirectory()
        let relation = dir.appendingPathComponent("relation.opl").path, rest = dir.appendingPathComponent("rest.osm.pbf").path
        let pbf = dir.appendingPathComponent("unsorted.osm.pbf").path
        guard Osmium.run(["getid", file, "r\(id)", "-o", relation]) != nil,
              Osmium.run(["removeid", file, "r\(id)", "-o", rest]) != nil,
              Osmium.run(["cat", relation, rest, "-o", pbf]) != nil else { return nil }
        return pbf
    }

    @Test func relationBeforeTheWaysIsFoundAndTheImportRunsAgain() throws {
        guard let unsorted = Self.unsortedCopy(), let expected = Self.osmiumRelationIDs(Self.samplePBF) else { return }
        // The end of the file misses the moved relation; the second pass counts it.
        let reader = try OSMReader(path: unsorted)
        let sink = CollectingSink()
        try reader.read([.relations, .relationsFromTail], indexLocations: false, sink: sink)
        #expect(reader.tailOnly && sink.relations.count == expected.count - 1)
        try reader.read([.nodes, .ways, .countRelations], indexLocations: true, sink: CollectingSink())
        #expect(reader.relationCount == expected.count)
        // That attempt is refused inside the transaction, and the public import runs again over the whole file.
        let refused = try TestSupport.freshStore()
        #expect(throws: MapStore.RelationsBeforeTail.self) {
            try refused.importOSM(path: unsorted, importedAt: TestSupport.importTime, relationsFromTail: true) { _ in }
        }
        #expect(try TestSupport.storedRows(refused).isEmpty)
        let a = try TestSupport.freshStore(), b = try TestSupport.freshStore()
        var passes: [Int] = []
        let ra = try a.importOSM(path: unsorted, importedAt: TestSupport.importTime) { p in
            if passes.last != p.pass { passes.append(p.pass) }
        }
        let rb = try b.importOSM(path: Self.samplePBF, importedAt: TestSupport.importTime)
        #expect(passes == [1, 2, 1, 2, 3])
        #expect(ra.relationsRead == expected.count && ra.relationsRead == rb.relationsRead && ra.routesWritten == rb.routesWritten)
        #expect(try TestSupport.storedRows(a) == TestSupport.storedRows(b))
    }

    /// A file over 1 MiB is read from disk: its second pass reads only up to the end the
    /// relations pass read (through a pipe) and counts the relations before it.
    @Test func fileReadFromDiskIsCheckedUpToItsEnd() throws {
        guard let andorra = TestSupport.sharedData("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf") else { return }
        let reader = try OSMReader(path: andorra)
        try reader.read([.relations, .relationsFromTail], indexLocations: false, sink: CollectingSink())
        #expect(reader.tailOnly && reader.relationCount == 289)  // data/SOURCES.md
        try reader.read([.nodes, .ways, .countRelations], indexLocations: true, sink: CollectingSink())
        #expect(reader.relationCount == 289 && reader.nodeCount == 246_806 && reader.wayCount == 12_735)
        guard let unsorted = Self.unsortedCopy(of: andorra) else { return }
        let u = try OSMReader(path: unsorted)
        try u.read([.relations, .relationsFromTail], indexLocations: false, sink: CollectingSink())
        #expect(u.tailOnly && u.relationCount == 288)
        try u.read([.nodes, .ways, .countRelations], indexLocations: true, sink: CollectingSink())
        #expect(u.relationCount == 289)
        let a = try TestSupport.freshStore(), b = try TestSupport.freshStore()
        let ra = try a.importOSM(path: unsorted, importedAt: TestSupport.importTime)
        let rb = try b.importOSM(path: andorra, importedAt: TestSupport.importTime)
        #expect(ra.relationsRead == 289 && rb.relationsRead == 289 && ra.routesWritten == rb.routesWritten)
        #expect(try TestSupport.storedRows(a) == TestSupport.storedRows(b))
    }
}
