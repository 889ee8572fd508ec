import Foundation

/// The OSM XML element names the reader acts on, matched from libxml2's NUL-terminated
/// local names without building Strings.
enum OSMElementName {
    case osm, osmChange, bounds, meta, node, way, relation, nd, tag, member, other

    @inline(__always) init(_ p: UnsafePointer<UInt8>) {
        switch p[0] {
        case UInt8(ascii: "n"):
            if p[1] == UInt8(ascii: "d") && p[2] == 0 { self = .nd; return }
            self = Self.equal(p, "node") ? .node : .other
        case UInt8(ascii: "t"): self = Self.equal(p, "tag") ? .tag : .other
        case UInt8(ascii: "w"): self = Self.equal(p, "way") ? .way : .other
        case UInt8(ascii: "m"):
            self = Self.equal(p, "member") ? .member : Self.equal(p, "meta") ? .meta : .other
        case UInt8(ascii: "r"): self = Self.equal(p, "relation") ? .relation : .other
        case UInt8(ascii: "b"): self = Self.equal(p, "bounds") || Self.equal(p, "bound") ? .bounds : .other
        case UInt8(ascii: "o"):
            self = Self.equal(p, "osm") ? .osm : Self.equal(p, "osmChange") ? .osmChange : .other
        default: self = .other
        }
    }

    @inline(__always) static func equal(_ p: UnsafePointer<UInt8>, _ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        return memcmp(p, s.utf8Start, n) == 0 && p[n] == 0
    }
}

/// The OSM XML attribute names the reader acts on.
enum OSMAttributeName {
    case id, lat, lon, version, timestamp, action, visible, ref, k, v, type, role
    case minlat, minlon, maxlat, maxlon, box, generator, osmBase, other

    @inline(__always) init(_ p: UnsafePointer<UInt8>) {
        switch p[0] {
        case UInt8(ascii: "i"): self = OSMElementName.equal(p, "id") ? .id : .other
        case UInt8(ascii: "l"):
            self = OSMElementName.equal(p, "lat") ? .lat : OSMElementName.equal(p, "lon") ? .lon : .other
        case UInt8(ascii: "k"): self = p[1] == 0 ? .k : .other
        case UInt8(ascii: "v"):
            if p[1] == 0 { self = .v; return }
            self = OSMElementName.equal(p, "version") ? .version : OSMElementName.equal(p, "visible") ? .visible : .other
        case UInt8(ascii: "r"):
            self = OSMElementName.equal(p, "ref") ? .ref : OSMElementName.equal(p, "role") ? .role : .other
        case UInt8(ascii: "t"):
            self = OSMElementName.equal(p, "type") ? .type : OSMElementName.equal(p, "timestamp") ? .timestamp : .other
        case UInt8(ascii: "a"): self = OSMElementName.equal(p, "action") ? .action : .other
        case UInt8(ascii: "m"):
            if OSMElementName.equal(p, "minlat") { self = .minlat } else if OSMElementName.equal(p, "minlon") { self = .minlon }
            else if OSMElementName.equal(p, "maxlat") { self = .maxlat } else if OSMElementName.equal(p, "maxlon") { self = .maxlon }
            else { self = .other }
        case UInt8(ascii: "b"): self = OSMElementName.equal(p, "box") ? .box : .other
        case UInt8(ascii: "g"): self = OSMElementName.equal(p, "generator") ? .generator : .other
        case UInt8(ascii: "o"): self = OSMElementName.equal(p, "osm_base") ? .osmBase : .other
        default: self = .other
        }
    }
}
