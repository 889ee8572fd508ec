import Foundation
import Testing
import TrailCore
@testable import TrailMap

@Suite struct EncodingTests {
    @Test func geometryRoundTripsAndIsCompact() throws {
        let parts: [[(Int32, Int32)]] = [
            [(425_203_511, 16_601_654), (425_203_611, 16_601_554), (425_210_000, 16_610_000)],
            [(-900_000_000, -1_800_000_000), (900_000_000, 1_800_000_000)],
        ]
        let blob = GeometryCodec.encode(parts: parts)
        let decoded = try #require(blob.withUnsafeBytes { GeometryCodec.decodeCoordinates($0) })
        #expect(decoded.count == 2 && decoded[0].count == 3 && decoded[1].count == 2)
        #expect(decoded[0][0] == Coordinate(latitude: 42.5203511, longitude: 1.6601654))
        #expect(decoded[1][1] == Coordinate(latitude: 90, longitude: 180))
        // A 100-point path with ~10 m steps: a varint of 2 bytes per delta, plus 2 absolute
        // varints: well under the 800 bytes of raw Int32 pairs.
        var path: [(Int32, Int32)] = []
        for i in Int32(0)..<100 { path.append((425_000_000 + i * 900, 16_000_000 + i * 1_100)) }
        #expect(GeometryCodec.encode(parts: [path]).count < 420)
        // Damaged blobs decode to nil, never crash.
        #expect([UInt8]([5, 3, 0x80]).withUnsafeBytes { GeometryCodec.decodeCoordinates($0) } == nil)
        #expect([UInt8]([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]).withUnsafeBytes {
            GeometryCodec.decodeCoordinates($0) } == nil)
        let ids: [[Int64]] = [[5_002, -102, 8_841_905_085], [-103]]
        #expect(GeometryCodec.encode(nodeIDs: ids).withUnsafeBytes { GeometryCodec.decodeNodeIDs($0) } == ids)
    }

    @Test func tagsJSONRoundTripsAndIsReadableBySQLite() throws {
        let tags = [OSMTag(key: "name", value: "Camí \"de\" l'Ossa \\ ⛰"), OSMTag(key: "note", value: "a\nb\tc\u{1}")]
        let json = TagsJSON.encode(tags)
        #expect(json == #"{"name":"Camí \"de\" l'Ossa \\ ⛰","note":"a\nb\tc\u0001"}"#)
        #expect(TagsJSON.decode(json) == ["name": "Camí \"de\" l'Ossa \\ ⛰", "note": "a\nb\tc\u{1}"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(parsed == TagsJSON.decode(json))
        #expect(TagsJSON.decode(#"{"a":"\u00e9\ud83c\udfd4"}"#) == ["a": "é🏔"])
        #expect(TagsJSON.decode("{}") == [:])
        #expect(TagsJSON.decode(#"{"a":1}"#) == nil)
        #expect(TagsJSON.decode("not json") == nil)
    }

    /// Every character class of the escaping (RFC 8259 section 7) against the rule written out
    /// per character: `"` and `\` escaped, \n \r \t short, other controls below U+0020 as
    /// \u00xx, everything else (DEL, U+2028, multi-byte characters) as it is; Foundation's
    /// parser reads it back to the same tags.
    @Test func tagsJSONEscapesEachCharacterByTheRule() throws {
        var value = ""
        var expected = ""
        let characters: [Unicode.Scalar] = (0..<0x80).map { Unicode.Scalar(UInt8($0)) } + ["é", "\u{2028}", "⛰", "🏔", "\u{FEFF}"]
        for c in characters {
            value.unicodeScalars.append(c)
            switch c {
            case "\"": expected += "\\\""
            case "\\": expected += "\\\\"
            case "\n": expected += "\\n"
            case "\r": expected += "\\r"
            case "\t": expected += "\\t"
            case _ where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                expected += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: expected.unicodeScalars.append(c)
            }
        }
        let tags = [OSMTag(key: "a", value: ""), OSMTag(key: "k\"ey\u{1F}", value: value), OSMTag(key: "plain", value: "Pica d'Estats")]
        let json = TagsJSON.encode(tags)
        #expect(json == #"{"a":"","k\"ey\u001f":""# + expected + #"","plain":"Pica d'Estats"}"#)
        #expect(TagsJSON.encodeUTF8(tags) == Array(json.utf8))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(parsed == ["a": "", "k\"ey\u{1F}": value, "plain": "Pica d'Estats"])
        #expect(TagsJSON.encode([]) == "{}")
    }

    /// MapTags reads the stored text pair by pair: every lookup must give what Foundation's
    /// own JSON parser gives for the same text, escaped keys and values included.
    @Test func mapTagsLookUpAsFoundationParsesTheText() throws {
        let texts = [
            #"{"ele":"2857","name":"Pic de Coma Pedrosa","natural":"peak"}"#,
            #"{"\u0061lt_name":"escaped key","name":"plain","note":"a\nb \"q\" \\ \u00e9\ud83c\udfd4"}"#,
            #"{ "a" : "1" , "b":"" }"#,
            "{}",
        ]
        for text in texts {
            let tags = try #require(Array(text.utf8).withUnsafeBytes { MapTags(json: $0) })
            let reference = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
            #expect(tags.dictionary == reference, "\(text)")
            #expect(tags.count == reference.count && tags.isEmpty == reference.isEmpty)
            for key in Set(reference.keys).union(["missing", "nam", "name ", ""]) {
                #expect(tags[key] == reference[key], "\(text) [\(key)]")
            }
        }
        // Equal whatever the text's order or escaping; a dictionary-made value matches a stored one.
        let stored = try #require(Array(#"{"b":"\u0032","a":"1"}"#.utf8).withUnsafeBytes { MapTags(json: $0) })
        #expect(stored == ["a": "1", "b": "2"])
        #expect(Set([stored, MapTags(["b": "2", "a": "1"])]).count == 1)
        #expect(MapTags(["a": "1"]) != ["a": "2"])
        // A key given twice (never written by the store): the last value, as JSONSerialization keeps it.
        let twice = try #require(Array(#"{"k":"first","k":"last"}"#.utf8).withUnsafeBytes { MapTags(json: $0) })
        #expect(twice["k"] == "last" && twice.dictionary == ["k": "last"] && twice.count == 1)
        // Text that is no flat object of strings is refused, as TagsJSON.decode refuses it.
        for bad in [#"{"a":1}"#, "not json", #"{"a":"1""#, #"{"a":"\u12"}"#, "", #"{"a":"1",}"#] {
            #expect(Array(bad.utf8).withUnsafeBytes { MapTags(json: $0) } == nil, "\(bad)")
            #expect(TagsJSON.decode(bad) == nil, "\(bad)")
        }
    }

    /// The pointer decoder against a plain reading of the layout (varints by their definition,
    /// degrees = e7 / 1e7), over deltas of every varint length and both signs.
    @Test func geometryDecodingMatchesTheLayoutForEveryVarintLength() throws {
        var points: [(Int32, Int32)] = [(0, 0)]
        for (i, step) in [1, 63, 64, 127, 8_191, 8_192, 1_048_575, 1_048_576, 134_217_727, 400_000_000].enumerated() {
            let last = points[points.count - 1]
            let sign: Int64 = i % 2 == 0 ? 1 : -1
            points.append((Int32(clamping: Int64(last.0) + sign * Int64(step) / 3), Int32(clamping: Int64(last.1) - sign * Int64(step))))
        }
        let parts = [points, [points[3]], Array(points.reversed())]
        let blob = GeometryCodec.encode(parts: parts)
        // Reference: read the blob byte by byte as the layout says.
        var at = 0
        func varint() -> UInt64 {
            var v: UInt64 = 0, shift: UInt64 = 0
            while true { let b = blob[at]; at += 1; v |= UInt64(b & 0x7F) << shift; if b < 0x80 { return v }; shift += 7 }
        }
        func signed(_ u: UInt64) -> Int64 { u & 1 == 0 ? Int64(u >> 1) : -Int64(u >> 1) - 1 }
        var expected: [[Coordinate]] = []
        var lat: Int64 = 0, lon: Int64 = 0
        for _ in 0..<varint() {
            var part: [Coordinate] = []
            for _ in 0..<varint() {
                lat += signed(varint()); lon += signed(varint())
                part.append(Coordinate(latitude: Double(lat) / 1e7, longitude: Double(lon) / 1e7))
            }
            expected.append(part)
        }
        #expect(at == blob.count)
        #expect(blob.withUnsafeBytes { GeometryCodec.decodeCoordinates($0) } == expected)
        // Cut anywhere, the blob is refused (never a crash or a short part).
        for cut in 0..<blob.count {
            #expect(Array(blob[..<cut]).withUnsafeBytes { GeometryCodec.decodeCoordinates($0) } == nil, "cut at \(cut)")
        }
    }

    @Test func ringsAreJoinedEndToEnd() {
        // Three ways forming one ring, one reversed, given out of order; plus a closed way and an open one.
        let (rings, open) = RingAssembler.assemble([[1, 2, 3], [5, 4, 3], [5, 6, 1], [10, 11, 12, 10], [20, 21]])
        #expect(rings.count == 2 && open == [[20, 21]])
        let big = rings.first { $0.count == 7 }!
        #expect(big.first == big.last && Set(big) == [1, 2, 3, 4, 5, 6])
        #expect(rings.contains([10, 11, 12, 10]))
    }

    @Test func featureIDsKeepTypeAndSign() {
        for (t, id) in [(OSMElementType.node, Int64(5)), (.way, 8_841_905_085), (.relation, -301), (.node, -1)] {
            let f = MapFeatureID(type: t, osmID: id)
            #expect(MapFeatureID(rawValue: f.rawValue) == f)
        }
        #expect(MapFeatureID(type: .node, osmID: 5).rawValue != MapFeatureID(type: .way, osmID: 5).rawValue)
        #expect(MapFeatureID(type: .way, osmID: 391_568_717).description == "way/391568717")
    }

    @Test func classificationPrecedence() {
        func tags(_ d: [String: String]) -> [OSMTag] { d.sorted { $0.key < $1.key }.map { OSMTag(key: $0.key, value: $0.value) } }
        #expect(FeatureClassifier.classifyNode(tags(["natural": "peak", "tourism": "viewpoint"])) == .peak)
        #expect(FeatureClassifier.classifyNode(tags(["amenity": "shelter", "tourism": "wilderness_hut"])) == .hut)
        #expect(FeatureClassifier.classifyNode(tags(["place": "hamlet"])) == nil)  // places need a name
        #expect(FeatureClassifier.classifyNode(tags(["highway": "crossing"])) == nil)
        #expect(FeatureClassifier.classifyArea(tags(["highway": "path", "natural": "scree"])) == .path)
        #expect(FeatureClassifier.classifyArea(tags(["highway": "proposed", "landuse": "meadow"])) == .grassland)
        #expect(FeatureClassifier.classifyArea(tags(["boundary": "administrative", "admin_level": "7"])) == nil)
        #expect(FeatureClassifier.classifyArea(tags(["boundary": "administrative", "admin_level": "2"])) == .boundary)
        #expect(FeatureClassifier.wayIsArea(.pedestrian, closed: true, tags: tags(["area": "yes"])))
        #expect(!FeatureClassifier.wayIsArea(.path, closed: true, tags: []))
        #expect(FeatureClassifier.wayIsArea(.water, closed: true, tags: []))
        #expect(!FeatureClassifier.wayIsArea(.water, closed: false, tags: []))
        // Min zoom: areas from 12 px (DECISIONS 105). A 30 m pond at 42.6 N spans 12 px only at
        // z16 (12 * 1.758 m ≈ 21 m; at z15 12 px are 42 m); a 30 m path (lines from 3 px) at z14.
        let pond = BoundingBox(minLatitude: 42.6, minLongitude: 1.5, maxLatitude: 42.60027, maxLongitude: 1.50037)
        #expect(FeatureClassifier.minZoom(.water, bounds: pond, isPoint: false, tags: []) == 16)
        #expect(FeatureClassifier.minZoom(.path, bounds: pond, isPoint: false, tags: []) == 14)
        // Peaks by height: from 2900 m at z10, 2700 m z11, 2300 m z12, named z13, unnamed z14.
        let top = BoundingBox(Coordinate(latitude: 42, longitude: 1))
        func peak(_ t: [String: String]) -> Int { FeatureClassifier.minZoom(.peak, bounds: top, isPoint: true, tags: tags(t)) }
        #expect(peak(["ele": "2942", "name": "Comapedrosa"]) == 10 && peak(["ele": "2750"]) == 11)
        #expect(peak(["ele": "2400 m"]) == 12 && peak(["name": "Tossal"]) == 13 && peak([:]) == 14)
    }
}
