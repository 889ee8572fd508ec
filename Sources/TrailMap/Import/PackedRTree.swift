import TrailSQLite

/// Writes the boxes of an import into an empty SQLite R*Tree (`feature_bbox`) as a packed
/// Hilbert R-tree, straight into the table's three shadow tables, instead of one `INSERT` per
/// box (DECISIONS 460).
///
/// The shadow tables are SQLite's documented on-disk format of an R*Tree (`ext/rtree/rtree.c`,
/// "Database Format of R-Tree Tables"): `%_node(nodeno, data)` holds each node, node 1 being
/// the root; `%_parent(nodeno, parentnode)` names the parent of every other node;
/// `%_rowid(rowid, nodeno)` the leaf holding each row. A node is a blob of the table's node
/// size (the root's length as SQLite created it): 2 bytes big-endian tree depth (root only;
/// leaves are depth 0), 2 bytes the number of cells, then the cells, each an 8-byte big-endian
/// integer (a row's id in a leaf, a child's node number above) followed by the box, here six
/// big-endian `int32` (min_lat, max_lat, min_lon, max_lon, min_zoom, max_zoom). The rest of the
/// blob is zeros.
///
/// Leaves take the rows in the order given (zoom band, then Hilbert order: ``MapStoreWriter/flushBoxes()``),
/// the level above takes the leaves in that order, and so on up to one root: consecutive runs
/// split evenly, so every node other than the root holds at least half of a node's capacity
/// (SQLite's own minimum is a third), and later `INSERT`s and `DELETE`s work on it as on a
/// tree SQLite built. Rows and answers are the same as by `INSERT`: only the grouping differs.
enum PackedRTree {
    /// One cell: a row's id (leaf) or a child's node number, and its box.
    struct Cell {
        var id: Int64
        var minLat, maxLat, minLon, maxLon, minZoom, maxZoom: Int32
    }

    /// Bytes of one cell: the 8-byte id and six 4-byte coordinates.
    static let cellBytes = 8 + 6 * 4

    /// True when `table` holds no row (its root has no cell and no row is mapped to a leaf).
    static func isEmpty(_ db: Connection, table: String) throws -> Bool {
        try db.scalar("SELECT NOT EXISTS (SELECT 1 FROM \"\(table)_rowid\")")?.integer == 1
            && db.scalar("SELECT substr(data, 3, 2) = x'0000' FROM \"\(table)_node\" WHERE nodeno = 1")?.integer == 1
    }

    /// Writes `count` leaf cells (row ids with their boxes; `cell(i)` is the i-th in the order
    /// they are to be packed) into the empty R*Tree `table`. Call inside a transaction, only
    /// when ``isEmpty(_:table:)``. Memory: 16 bytes per row besides the caller's boxes (20 while the rows are sorted by id).
    /// - Throws: ``SQLiteError``; also when the root node is missing or too small for one cell.
    static func load(_ db: Connection, table: String, count: Int, cell: (Int) -> Cell) throws {
        guard count > 0 else { return }
        let nodeSize = try db.scalar("SELECT length(data) FROM \"\(table)_node\" WHERE nodeno = 1")?.integer ?? 0
        let capacity = (Int(nodeSize) - 4) / cellBytes
        guard capacity >= 2 else {
            throw SQLiteError(code: 11, message: "\(table): R*Tree root node of \(nodeSize) bytes")
        }
        // Nodes an emptied tree may have kept besides its root (after `DELETE`s): gone first.
        try db.execute("DELETE FROM \"\(table)_parent\"; DELETE FROM \"\(table)_node\" WHERE nodeno != 1;")
        let writeNode = try db.prepare("INSERT OR REPLACE INTO \"\(table)_node\"(nodeno, data) VALUES (?,?)")
        let writeParent = try db.prepare("INSERT INTO \"\(table)_parent\"(nodeno, parentnode) VALUES (?,?)")
        var leafOf = [Int32](repeating: 0, count: count)
        // The rows by id, for the `_rowid` table, sorted on another thread while the nodes are
        // written (DECISIONS 1111).
        var ids: [Int64] = []
        ids.reserveCapacity(count)
        for i in 0..<count { ids.append(cell(i).id) }
        let sortedByID = TwoThreads.Background { () -> [Int32] in
            var byID = Array(0..<Int32(count))
            byID.sort { ids[Int($0)] < ids[Int($1)] }
            return byID
        }
        var level: [Cell] = []
        var depth = 0
        var nextNode: Int64 = 2
        var blob = [UInt8](repeating: 0, count: Int(nodeSize))
        while true {
            let cells = depth == 0 ? count : level.count
            let nodes = (cells + capacity - 1) / capacity
            var above: [Cell] = []
            above.reserveCapacity(nodes)
            for n in 0..<nodes {
                let range = (n * cells / nodes)..<((n + 1) * cells / nodes)
                let nodeNo: Int64 = nodes == 1 ? 1 : nextNode
                if nodes > 1 { nextNode += 1 }
                for i in blob.indices { blob[i] = 0 }
                if nodeNo == 1 { put16(&blob, 0, depth) }
                put16(&blob, 2, range.count)
                var box = Cell(id: nodeNo, minLat: .max, maxLat: .min, minLon: .max, maxLon: .min, minZoom: .max, maxZoom: .min)
                for (k, i) in range.enumerated() {
                    let c = depth == 0 ? cell(i) : level[i]
                    put(&blob, at: 4 + k * cellBytes, c)
                    box.minLat = min(box.minLat, c.minLat); box.maxLat = max(box.maxLat, c.maxLat)
                    box.minLon = min(box.minLon, c.minLon); box.maxLon = max(box.maxLon, c.maxLon)
                    box.minZoom = min(box.minZoom, c.minZoom); box.maxZoom = max(box.maxZoom, c.maxZoom)
                    if depth == 0 {
                        leafOf[i] = Int32(nodeNo)
                    } else {
                        try writeParent.bind([.integer(c.id), .integer(nodeNo)])
                        try writeParent.step()
                        writeParent.reset()
                    }
                }
                try writeNode.bind([.integer(nodeNo), .blob(blob)])
                try writeNode.step()
                writeNode.reset()
                above.append(box)
            }
            if nodes == 1 { break }
            level = above
            depth += 1
        }
        // Rows in id order: each insert appends to the rowid table's B-tree; `rowsPerInsert` rows
        // to a statement (one step and reset for them all).
        let byID = sortedByID.wait()
        let many = try db.prepare("INSERT INTO \"\(table)_rowid\"(rowid, nodeno) VALUES "
                                  + Array(repeating: "(?,?)", count: rowsPerInsert).joined(separator: ","))
        let one = try db.prepare("INSERT INTO \"\(table)_rowid\"(rowid, nodeno) VALUES (?,?)")
        var k = 0
        while k < count {
            let n = count - k >= rowsPerInsert ? rowsPerInsert : 1
            let st = n == rowsPerInsert ? many : one
            for r in 0..<n {
                let i = byID[k + r]
                try st.bind(ids[Int(i)], at: Int32(2 * r + 1))
                try st.bind(Int64(leafOf[Int(i)]), at: Int32(2 * r + 2))
            }
            try st.step()
            st.reset()
            k += n
        }
    }

    /// Rows of the `_rowid` table written by one `INSERT` (SQLite allows 32,766 parameters).
    static let rowsPerInsert = 64

    private static func put16(_ b: inout [UInt8], _ at: Int, _ v: Int) {
        b[at] = UInt8(truncatingIfNeeded: v >> 8); b[at + 1] = UInt8(truncatingIfNeeded: v)
    }

    private static func put(_ b: inout [UInt8], at: Int, _ c: Cell) {
        let id = UInt64(bitPattern: c.id)
        for k in 0..<8 { b[at + k] = UInt8(truncatingIfNeeded: id >> (56 - 8 * UInt64(k))) }
        for (j, v) in [c.minLat, c.maxLat, c.minLon, c.maxLon, c.minZoom, c.maxZoom].enumerated() {
            let u = UInt32(bitPattern: v)
            let o = at + 8 + 4 * j
            b[o] = UInt8(truncatingIfNeeded: u >> 24); b[o + 1] = UInt8(truncatingIfNeeded: u >> 16)
            b[o + 2] = UInt8(truncatingIfNeeded: u >> 8); b[o + 3] = UInt8(truncatingIfNeeded: u)
        }
    }
}
