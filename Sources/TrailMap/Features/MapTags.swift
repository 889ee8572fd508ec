import Foundation

/// The OSM tags a feature kept at import (``FeatureClassifier/keptKeys``), held as the stored
/// text: a flat JSON object of strings (``TagsJSON``, keys sorted), UTF-8.
///
/// A map query hands out hundreds of features per frame and the renderer reads at most a name,
/// `place` and `ele` from a few of them, so the tags are not decoded into a dictionary per
/// feature (that was over half of a query's time): a lookup scans the object's few pairs
/// and decodes only the value asked for (DECISIONS 516).
///
/// Two values are equal when they hold the same keys and values, whatever the text's order or
/// escaping.
public struct MapTags: Sendable, Hashable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The JSON object's UTF-8 text, checked well formed when made: a slice of one buffer that
    /// the features of one view query share (DECISIONS 941), or an array of its own.
    let json: ArraySlice<UInt8>

    /// Tags from a dictionary (encoded with keys sorted, as the store writes them).
    public init(_ tags: [String: String]) {
        let sorted = tags.map { OSMTag(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
        json = ArraySlice(TagsJSON.encode(sorted).utf8)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Tags from stored text (copied); nil when it is not a flat JSON object of strings.
    init?(json bytes: UnsafeRawBufferPointer) {
        guard TagsJSON.isValid(bytes) else { return nil }
        json = ArraySlice(bytes)
    }

    /// Tags from text already checked with ``TagsJSON/isValid(_:)`` (a view query's buffer).
    init(checked json: ArraySlice<UInt8>) {
        self.json = json
    }

    /// The value of `key`, or nil when the feature has no such tag (of a key given twice, the
    /// last value, as in ``dictionary``).
    public subscript(key: String) -> String? {
        var key = key
        return key.withUTF8 { needle in
            json.withUnsafeBytes { b in
                var found: TagsJSON.RawString?
                _ = TagsJSON.forEachPair(b) { k, v in
                    if k.escaped ? TagsJSON.string(k).map({ $0.utf8.elementsEqual(needle) }) ?? false
                        : k.bytes.elementsEqual(needle) {
                        found = v
                    }
                    return true
                }
                return found.flatMap(TagsJSON.string)
            }
        }
    }

    /// Every tag as a dictionary (decodes them all: for the few callers that need them all).
    public var dictionary: [String: String] {
        json.withUnsafeBytes { TagsJSON.decode($0) } ?? [:]
    }

    /// True when no tag was kept.
    public var isEmpty: Bool {
        json.withUnsafeBytes { b in
            var any = false
            _ = TagsJSON.forEachPair(b) { _, _ in any = true; return false }
            return !any
        }
    }

    /// The number of tags (distinct keys).
    public var count: Int { dictionary.count }

    /// The JSON text.
    public var description: String { String(decoding: json, as: UTF8.self) }

    public static func == (a: MapTags, b: MapTags) -> Bool {
        a.json == b.json || a.dictionary == b.dictionary
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(dictionary) }
}
