import Foundation

/// Joins the member ways of a multipolygon into rings by their shared end nodes.
///
/// The method of the OSM wiki's "Relation:multipolygon/Algorithm" (ring assignment by
/// joining ways end to end, reversing where needed), without the inner/outer nesting step:
/// the renderer fills with the even-odd rule, which needs only the rings. Ways that do not
/// close come back as open chains.
enum RingAssembler {
    /// - Parameter ways: node-id lists of the member ways (each with at least 2 ids).
    /// - Returns: closed rings (first id = last id) and open chains left over.
    static func assemble(_ ways: [[Int64]]) -> (rings: [[Int64]], open: [[Int64]]) {
        var used = [Bool](repeating: false, count: ways.count)
        var byEndpoint: [Int64: [Int]] = [:]
        for (i, w) in ways.enumerated() where w.count >= 2 {
            byEndpoint[w.first!, default: []].append(i)
            byEndpoint[w.last!, default: []].append(i)
        }
        func take(_ node: Int64) -> Int? {
            guard let list = byEndpoint[node] else { return nil }
            for i in list where !used[i] { used[i] = true; return i }
            return nil
        }
        var rings: [[Int64]] = []
        var open: [[Int64]] = []
        for start in ways.indices where !used[start] && ways[start].count >= 2 {
            used[start] = true
            var chain = ways[start]
            while chain.first != chain.last {
                if let i = take(chain.last!) {
                    let w = ways[i]
                    chain.append(contentsOf: (w.first == chain.last ? w : w.reversed()).dropFirst())
                } else if let i = take(chain.first!) {
                    let w = ways[i]
                    let oriented = w.last == chain.first ? w : w.reversed()
                    chain.insert(contentsOf: oriented.dropLast(), at: 0)
                } else {
                    break
                }
            }
            if chain.count >= 4 && chain.first == chain.last { rings.append(chain) } else { open.append(chain) }
        }
        return (rings, open)
    }
}
