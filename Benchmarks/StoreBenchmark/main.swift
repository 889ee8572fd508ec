// Store benchmarks (release build): `swift run -c release StoreBenchmark layout [POINTS]`
// compares point layouts; `StoreBenchmark fill PATH N` fills a store with N generated hikes
// (used by Benchmarks/store-import.sh to time `cairn list`).
import Foundation
import TrailCore
import TrailSQLite
import TrailStore

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let t0 = Date()
    try body()
    return Date().timeIntervalSince(t0)
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

/// A deterministic walk: ~1 m steps, elevation, one timestamp per second.
func makePoints(_ n: Int, seed: Double = 0) -> [Trackpoint] {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000 + seed * 86_400)
    return (0..<n).map { i in
        let x = Double(i)
        return Trackpoint(latitude: 46.5 + x * 9e-6 + seed * 1e-3, longitude: 8.0 + sin(x / 500) * 0.01,
                          elevation: 1500 + 300 * sin(x / 2000), time: t0.addingTimeInterval(x))
    }
}

func row(_ name: String, _ insert: Double, _ read: Double, _ mb: Double) {
    print(name.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%10.3f %9.3f %11.1f", insert, read, mb))
}

func tempDir() -> String {
    let d = NSTemporaryDirectory() + "cairn-bench-\(getpid())-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    return d
}

func layout(_ n: Int) throws {
    let points = makePoints(n)
    let dir = tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    print("points: \(n)")
    print("layout".padding(toLength: 36, withPad: " ", startingAt: 0) + "  insert s    read s   file MB")

    // One row per point.
    do {
        let path = dir + "/rows.sqlite"
        let db = try Connection(path: path)
        try db.enableWAL()
        try db.execute("PRAGMA synchronous = NORMAL")
        try db.execute("CREATE TABLE p (segment_id INTEGER NOT NULL, idx INTEGER NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL, ele REAL, time REAL, PRIMARY KEY (segment_id, idx)) WITHOUT ROWID")
        let ins = try seconds {
            try db.transaction {
                let st = try db.prepare("INSERT INTO p VALUES (1, ?, ?, ?, ?, ?)")
                for (i, p) in points.enumerated() {
                    st.reset()
                    try st.bind(Int64(i), at: 1)
                    try st.bind(p.latitude, at: 2)
                    try st.bind(p.longitude, at: 3)
                    try st.bind(p.elevation!, at: 4)
                    try st.bind(p.time!.timeIntervalSince1970, at: 5)
                    try st.step()
                }
            }
        }
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var out: [Trackpoint] = []
        let rd = try seconds {
            let st = try db.prepare("SELECT lat, lon, ele, time FROM p WHERE segment_id = 1 ORDER BY idx")
            out.reserveCapacity(n)
            while try st.step() {
                out.append(Trackpoint(latitude: st.double(0), longitude: st.double(1), elevation: st.optionalDouble(2),
                                      time: st.optionalDouble(3).map { Date(timeIntervalSince1970: $0) }))
            }
        }
        precondition(out.count == n)
        row("one row per point (WITHOUT ROWID)", ins, rd,
                     Double(fileSize(path)) / 1e6)
    }

    // Packed blocks through the real HikeStore (blocks of HikeStore.pointsPerBlock).
    do {
        let path = dir + "/store.sqlite"
        let store = try HikeStore(path: path)
        let hike = NewHike(name: "bench", kind: .imported, tracks: [Track(segments: [TrackSegment(points: points)])],
                           statistics: TrackStatistics(pointCount: n, segmentCount: 1))
        var id: HikeID?
        let ins = try seconds {
            if case .inserted(let i) = try store.insert(hike) { id = i }
        }
        try store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var count = 0
        let rd = try seconds { count = try store.tracks(of: id!)[0].pointCount }
        precondition(count == n)
        row("HikeStore blocks of \(HikeStore.pointsPerBlock)",
                     ins, rd, Double(fileSize(path)) / 1e6)
    }

    // One blob for the whole segment.
    do {
        let path = dir + "/blob.sqlite"
        let db = try Connection(path: path)
        try db.enableWAL()
        try db.execute("PRAGMA synchronous = NORMAL")
        try db.execute("CREATE TABLE s (id INTEGER PRIMARY KEY, points BLOB NOT NULL)")
        let ins = try seconds {
            var bytes: [UInt8] = []
            PointCodec.encodePoints(points[...], into: &bytes)
            try db.transaction { try db.run("INSERT INTO s VALUES (1, ?)", [.blob(bytes)]) }
        }
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var out: [Trackpoint] = []
        let rd = try seconds {
            let st = try db.prepare("SELECT points FROM s WHERE id = 1")
            _ = try st.step()
            try st.withBlob(0) { try PointCodec.decode(points: $0, extras: UnsafeRawBufferPointer(start: nil, count: 0), into: &out) }
        }
        precondition(out.count == n)
        row("one blob per segment", ins, rd,
                     Double(fileSize(path)) / 1e6)
    }
}

func fill(_ path: String, _ count: Int) throws {
    let store = try HikeStore(path: path)
    var hikes: [NewHike] = []
    for i in 0..<count {
        let pts = makePoints(2000, seed: Double(i))
        hikes.append(NewHike(name: "Generated hike \(i + 1)", kind: .imported, sourceFileName: "gen-\(i + 1).gpx",
                             tracks: [Track(segments: [TrackSegment(points: pts)])],
                             statistics: TrackStatistics(distance: 2000 + Double(i), pointCount: 2000, segmentCount: 1,
                                                         startTime: pts.first?.time, endTime: pts.last?.time,
                                                         elapsedTime: 1999, movingTime: 1999, elevationGain: Double(i))))
        if hikes.count == 100 { try store.insert(hikes); hikes.removeAll() }
    }
    if !hikes.isEmpty { try store.insert(hikes) }
    print("\(try store.hikeCount()) hikes in \(path)")
}

let args = Array(CommandLine.arguments.dropFirst())
do {
    switch args.first {
    case "layout": try layout(args.count > 1 ? Int(args[1]) ?? 1_000_000 : 1_000_000)
    case "fill" where args.count == 3: try fill(args[1], Int(args[2]) ?? 1000)
    default:
        FileHandle.standardError.write(Data("usage: StoreBenchmark layout [POINTS] | fill PATH COUNT\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("StoreBenchmark: \(error)\n".utf8))
    exit(1)
}
