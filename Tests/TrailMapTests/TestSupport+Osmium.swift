import Foundation
@testable import TrailMap

/// osmium-tool (Debian `osmium-tool`, in the Makefile's APT_PACKAGES) as the reference
/// implementation the PBF import is checked against.
enum Osmium {
    static let path = "/usr/bin/osmium"

    /// Runs `osmium ARGS` and returns its standard output, or nil (with a printed notice)
    /// when osmium-tool is not installed or fails.
    static func run(_ args: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            print("skipped: osmium-tool not found at \(path)")
            return nil
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Objects of one type ("n", "w", "r") in `file` matching a `tags-filter` expression,
    /// counted by osmium (`--omit-referenced`, OPL output, one line per object).
    static func count(_ file: String, _ expression: String, type: Character) -> Int? {
        guard let opl = run(["tags-filter", "--omit-referenced", "-f", "opl", "-o", "-", file, expression]) else { return nil }
        return opl.split(separator: "\n").filter { $0.first == type }.count
    }

    /// A way's node coordinates as osmium resolves them (`getid -r`, OPL), in 1e-7 degrees.
    static func wayCoordinates(_ file: String, wayID: Int64) -> [(Int32, Int32)]? {
        guard let opl = run(["getid", "-r", "-f", "opl", "-o", "-", file, "w\(wayID)"]) else { return nil }
        var nodes: [Int64: (Int32, Int32)] = [:]
        var refs: [Int64] = []
        for line in opl.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let head = fields.first else { continue }
            if head.first == "n", let id = Int64(head.dropFirst()) {
                let x = fields.first { $0.first == "x" }.flatMap { Double($0.dropFirst()) }
                let y = fields.first { $0.first == "y" }.flatMap { Double($0.dropFirst()) }
                if let x, let y { nodes[id] = (FixedPoint.e7(y), FixedPoint.e7(x)) }
            } else if head.first == "w", let list = fields.first(where: { $0.first == "N" }) {
                refs = list.dropFirst().split(separator: ",").compactMap { Int64($0.dropFirst()) }
            }
        }
        let coords = refs.compactMap { nodes[$0] }
        return coords.count == refs.count ? coords : nil
    }
}

extension TestSupport {
    /// Every stored feature and route as text rows (geometry as hex), to compare two stores.
    static func storedRows(_ store: MapStore) throws -> [String] {
        let features = try store.db.query("""
            SELECT id, class, kind, min_zoom, coalesce(name, ''), coalesce(version, ''), complete, label_lat, label_lon,
                   hex(geometry), coalesce(hex(node_ids), ''), tags FROM features ORDER BY id
            """) { st in (Int32(0)..<12).map { st.optionalString($0) ?? "" }.joined(separator: "|") }
        let routes = try store.db.query("""
            SELECT id, coalesce(name, ''), members_total, members_present, hex(geometry), tags FROM routes ORDER BY id
            """) { st in (Int32(0)..<6).map { st.optionalString($0) ?? "" }.joined(separator: "|") }
        return features + routes
    }

    /// The bytes of the store's files (database and WAL), to check a failure changed nothing.
    static func storeBytes(_ path: String) -> [Data] {
        [path, path + "-wal"].map { (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data() }
    }
}
