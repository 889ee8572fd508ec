import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Collects what the reader emits.
final class CollectingSink: OSMSink {
    var nodes: [OSMNode] = []
    var ways: [OSMWay] = []
    var relations: [OSMRelation] = []
    func osmNode(_ node: OSMNode) throws { nodes.append(node) }
    func osmWay(_ way: OSMWay) throws { ways.append(way) }
    func osmRelation(_ relation: OSMRelation) throws { relations.append(relation) }
}

@Suite struct OSMReaderTests {
    func read(_ path: String) throws -> (CollectingSink, OSMReader) {
        let sink = CollectingSink()
        let reader = try OSMReader(path: path)
        try reader.read(.all, indexLocations: true, sink: sink)
        return (sink, reader)
    }

    func write(_ text: String, name: String = "t.osm") throws -> String {
        let p = TestSupport.tempDirectory().appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    @Test func readsJOSMFileWithSingleQuotesAndFlags() throws {
        let (sink, parser) = try read(TestSupport.fixture("josm-edits.osm"))
        #expect(parser.generator == "JOSM" && parser.format == "xml" && parser.compression == "none")
        #expect(parser.bounds.isEmpty)
        #expect(sink.nodes.count == 8 && sink.ways.count == 4 && sink.relations.count == 1)
        #expect(parser.nodeCount == 8 && parser.wayCount == 4 && parser.relationCount == 1)
        let peak = try #require(sink.nodes.first)
        #expect(peak.info.id == -101 && peak.latE7 == 426_001_000 && peak.lonE7 == 15_001_000)
        #expect(peak.tags.value("name") == "Tuc Nou")
        #expect(sink.nodes.first { $0.info.id == 5001 }?.info.deleted == true)   // action='delete'
        #expect(sink.nodes.first { $0.info.id == 5003 }?.info.deleted == true)   // visible='false'
        #expect(sink.nodes.first { $0.info.id == 5004 }?.hasPosition == false)   // no lat/lon
        #expect(sink.nodes.first { $0.info.id == 5002 }?.info.version == 2)
        let way = try #require(sink.ways.first { $0.info.id == 6001 })
        #expect(way.nodeRefs == [5002, -102, 999_999, -103, -104])
        // Locations come from the on-disk index, negative (JOSM) ids included; 999999 is missing.
        #expect(way.positions.map { $0 == nil } == [false, false, true, false, false])
        #expect(way.positions[1].map { $0.0 == 426_002_000 && $0.1 == 15_010_000 } == true)
        #expect(parser.location(-101).map { $0.0 == 426_001_000 } == true && parser.location(999_999) == nil)
        let r = try #require(sink.relations.first)
        #expect(r.members == [OSMMember(type: .way, ref: -201, role: ""), OSMMember(type: .way, ref: 777_777, role: ""),
                              OSMMember(type: .node, ref: -101, role: "guidepost")])
        #expect(parser.newestObjectTimestamp == "2020-05-01T10:00:00Z")
    }

    @Test func decodesCharacterReferencesInValues() throws {
        // upsert-v1.osm has v="Camí &amp; Sender &quot;Vell&quot;"; libxml2 hands &amp; over as &#38;.
        let (sink, _) = try read(TestSupport.fixture("upsert-v1.osm"))
        #expect(sink.ways.first?.tags.value("name") == "Camí & Sender \"Vell\"")
        let p = try write("""
            <osm version="0.6"><node id="1" lat="1" lon="1"><tag k="name" v="a&amp;#38;b &#38; c&lt;&apos;"/></node></osm>
            """)
        #expect(try read(p).0.nodes.first?.tags.value("name") == "a&#38;b & c<'")
    }

    @Test func compressedFilesReadLikeThePlainOne() throws {
        let plain = try read(TestSupport.fixture("upsert-v1.osm")).0
        for name in ["upsert-v1.osm.gz", "upsert-v1.osm.bz2"] {
            let (sink, _) = try read(TestSupport.fixture(name))
            #expect(sink.nodes.map(\.info.id) == plain.nodes.map(\.info.id), "\(name)")
            #expect(sink.ways.first?.tags == plain.ways.first?.tags, "\(name)")
        }
        #expect(try OSMReader(path: TestSupport.fixture("upsert-v1.osm.gz")).compression == "gzip")
        #expect(try OSMReader(path: TestSupport.fixture("upsert-v1.osm.bz2")).compression == "bzip2")
        // Detected by content: a gzip file named .osm is still read as gzip.
        let renamed = TestSupport.tempDirectory().appendingPathComponent("misnamed.osm")
        try FileManager.default.copyItem(atPath: TestSupport.fixture("upsert-v1.osm.gz"), toPath: renamed.path)
        #expect(try read(renamed.path).0.nodes.count == plain.nodes.count)
    }

    @Test func oldStyleBoundAndSeveralBounds() throws {
        let p = try write("""
            <osm version="0.6"><bound box="42.5,1.5,42.6,1.6" origin="osmosis"/>
            <bounds minlat="42.7" minlon="1.7" maxlat="42.8" maxlon="1.8"/></osm>
            """)
        let b = try read(p).1.bounds
        #expect(b == [BoundingBox(minLatitude: 42.5, minLongitude: 1.5, maxLatitude: 42.6, maxLongitude: 1.6),
                      BoundingBox(minLatitude: 42.7, minLongitude: 1.7, maxLatitude: 42.8, maxLongitude: 1.8)])
    }

    @Test func overpassMetaGivesTheDataDate() throws {
        let p = try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="Overpass API 0.7.61.5 4133829e">
            <note>The data included in this document is from www.openstreetmap.org.</note>
            <meta osm_base="2023-09-14T10:11:12Z"/>
              <node id="1" lat="42.6" lon="1.5"/>
            </osm>
            """)
        let store = try TestSupport.freshStore()
        let r = try store.importOSM(path: p, importedAt: TestSupport.importTime)
        #expect(r.headerTimestamp == "2023-09-14T10:11:12Z" && r.generator == "Overpass API 0.7.61.5 4133829e")
        #expect(try store.imports().first?.dataTimestamp == "2023-09-14T10:11:12Z")
    }

    func expectReadError(_ path: String, _ kind: OSMReadError.Kind, line: Int? = nil, containing text: String) {
        do {
            _ = try read(path)
            Issue.record("expected \(kind) for \(path)")
        } catch let e as OSMReadError {
            #expect(e.kind == kind, "\(e)")
            if let line { #expect(e.line == line, "\(e)") }
            #expect(e.reason.contains(text), "\(e)")
            #expect(e.file == path)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func refusesOsmChangeOtherVersionsAndOtherFormats() throws {
        expectReadError(TestSupport.fixture("osmchange.osc"), .osmChange, line: 3, containing: "osmChange")
        expectReadError(TestSupport.fixture("version-05.osm"), .notOSM, line: 3, containing: "\"0.5\" is not supported")
        expectReadError(TestSupport.repoRoot.appendingPathComponent("Samples/togeojson-trek.gpx").path, .notOSM,
                        containing: "root element <gpx>")
        expectReadError(try write("<this is plain text\n"), .notOSM, line: 1, containing: "not an OSM XML file")
        expectReadError(try write("this is plain text\n"), .notOSM, containing: "neither OSM PBF nor OSM XML")
        expectReadError(try write(""), .notOSM, containing: "empty")
        // A PBF file starts with a 4-byte length, then a BlobHeader whose type is "OSMHeader";
        // this one stops after the header's header.
        let pbf = TestSupport.tempDirectory().appendingPathComponent("x.osm.pbf").path
        try Data([0, 0, 0, 14, 0x0A, 9] + Array("OSMHeader".utf8) + [0x18, 0x7B]).write(to: URL(fileURLWithPath: pbf))
        expectReadError(pbf, .damagedPBF, containing: "PBF")
        expectReadError("/nonexistent/cairn/map.osm", .io, containing: "No such file")
    }

    @Test func compressedPBFIsNamedAsSuch() throws {
        // `gzip -c x.osm.pbf > x.pbf.gz` (and bzip2): refused as what it is, not as bad XML.
        for (tool, kind) in [("/usr/bin/gzip", "gzip"), ("/usr/bin/bzip2", "bzip2")] {
            guard FileManager.default.isExecutableFile(atPath: tool) else { print("skipped: no \(tool)"); continue }
            let out = TestSupport.tempDirectory().appendingPathComponent("x.pbf.\(kind)").path
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tool)
            p.arguments = ["-c", TestSupport.fixture("ordino-west.osm.pbf")]
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            try p.run()
            p.waitUntilExit()
            expectReadError(out, .notOSM, containing: "a \(kind)-compressed OSM PBF")
        }
    }

    @Test func malformedAndTruncatedFilesReportTheLine() throws {
        let p = try write("""
            <?xml version="1.0"?>
            <osm version="0.6">
              <node id="1" lat="42.6" lon="1.5"/>
              <node id="2" lat="42.6" lon="1.5">
                <tag k="natural" v="peak">
              </node>
            </osm>
            """)
        expectReadError(p, .malformedXML, line: 6, containing: "not well-formed")
        let q = try write("<osm version=\"0.6\">\n  <node id=\"1\" lat=\"42.6\" lon=\"1.5\"/>\n  <way id=\"3\">\n    <nd ref=\"1\"/>")
        expectReadError(q, .malformedXML, containing: "ends early")
        let r = try write("<osm version=\"0.6\">\n<node lat=\"1\" lon=\"1\"/>\n</osm>")
        expectReadError(r, .invalidData, line: 2, containing: "without a valid id")
        let b = try write("<osm version=\"0.6\">\n\n<bounds minlat=\"42.7\" minlon=\"1\" maxlat=\"42.6\" maxlon=\"2\"/>\n</osm>")
        expectReadError(b, .invalidData, line: 3, containing: "<bounds>")
    }

    @Test func internalEntitiesAreNotExpanded() throws {
        // A file that declares entities is refused before any is expanded, so the
        // "billion laughs" shape cannot blow up memory.
        expectReadError(TestSupport.fixture("entity-expansion.osm"), .malformedXML, line: 4, containing: "entities are refused")
    }
}
