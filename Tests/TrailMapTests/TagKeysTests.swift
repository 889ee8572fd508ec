import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// ``OSMTagKeys`` (DECISIONS 1102): the reader leaves out the tags a sink does not read,
/// asking the key's C bytes; that must answer as the set of Strings does, and a sink must get
/// exactly the tags it would otherwise have got with the other keys taken out.
@Suite struct TagKeysTests {
    final class KeysSink: OSMSink {
        let tagKeys: OSMTagKeys?
        var nodes: [OSMNode] = [], ways: [OSMWay] = [], relations: [OSMRelation] = []
        init(_ keys: OSMTagKeys?) { tagKeys = keys }
        func osmNode(_ node: OSMNode) throws { nodes.append(node) }
        func osmWay(_ way: OSMWay) throws { ways.append(way) }
        func osmRelation(_ relation: OSMRelation) throws { relations.append(relation) }
    }

    @Test func membershipOfCBytesIsMembershipOfTheirString() {
        let members = FeatureClassifier.keptKeys
        let keys = OSMTagKeys(members)
        var candidates: [[UInt8]] = members.map { Array($0.utf8) }
        for m in members {
            let b = Array(m.utf8)
            candidates.append(Array(b.dropLast()))                  // a prefix
            candidates.append(b + [UInt8(ascii: "s")])              // longer
            candidates.append(b + Array(":en".utf8))
            candidates.append(b.map { $0 == UInt8(ascii: "a") ? UInt8(ascii: "A") : $0 })
            candidates.append(Array(b.dropFirst()))
        }
        candidates += ["", "building", "source", "name:ca", "trail_visibilityX", "contact:websitee", "ele\u{301}", "nàme",
                       "\u{212A}", "highway\u{0}x", String(repeating: "a", count: 40)].map { Array($0.utf8) }
        candidates += [[0xFF, 0xFE], Array("name".utf8) + [0xC3], [0x6E, 0x80, 0x61]]   // not UTF-8
        // Canonically equal to ASCII text (String equality), and what decomposes to letters + marks.
        candidates += ["\u{212A}m", "n\u{0061}\u{0301}me", "\u{037E}", "\u{1FEF}", "ame\u{0301}"].map { Array($0.utf8) }
        var checked = 0
        for bytes in candidates {
            let cString = bytes.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
            let expected = cString.withUnsafeBufferPointer { members.contains(String(cString: $0.baseAddress!)) }
            #expect(cString.withUnsafeBufferPointer { keys.contains($0.baseAddress!) } == expected, "\(bytes)")
            let string = String(decoding: bytes, as: UTF8.self)
            #expect(keys.contains(string) == members.contains(string), "\(bytes)")
            if let i = cString.withUnsafeBufferPointer({ keys.index($0.baseAddress!) }) {
                #expect(keys.keys[i] == cString.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            }
            checked += expected ? 1 : 0
        }
        #expect(checked >= members.count)
    }

    @Test func aSinkGetsOnlyItsKeysOfTheSameObjects() throws {
        let file = TestSupport.fixture("andorra-ordino.osm.pbf")
        let all = KeysSink(nil), some = KeysSink(FeatureClassifier.keptTagKeys)
        for sink in [all, some] { try OSMReader(path: file).read(.all, indexLocations: true, sink: sink) }
        let kept = FeatureClassifier.keptKeys
        #expect(some.nodes.count == all.nodes.count && some.ways.count == all.ways.count && some.relations.count == all.relations.count)
        #expect(some.nodes.map(\.tags) == all.nodes.map { $0.tags.filter { kept.contains($0.key) } })
        #expect(some.ways.map(\.tags) == all.ways.map { $0.tags.filter { kept.contains($0.key) } })
        #expect(some.ways.map(\.nodeRefs) == all.ways.map(\.nodeRefs))
        #expect(some.relations.map(\.tags) == all.relations.map { $0.tags.filter { kept.contains($0.key) } })
        let dropped = all.ways.reduce(0) { $0 + $1.tags.count } - some.ways.reduce(0) { $0 + $1.tags.count }
        #expect(dropped > 0, "the extract has tags the import does not keep")
    }
}
