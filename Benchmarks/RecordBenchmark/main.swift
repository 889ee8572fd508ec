// Record benchmark: a 12-hour recording at 1 Hz (43,200 fixes) fed as fast as possible through
// the real Recorder into a real store in a temporary folder (WAL, synchronous = FULL, one
// transaction per point). Every fix becomes a point (minimum spacing 0: the worst case).
// Every accepted point is written with the hike's track and statistics in its own transaction
// (DECISIONS.md 421). Prints RSS at start, every quarter and at the end, commit time per point
// (median, p99, max; and per hour of the walk, to show it does not grow), the statistics at the
// end against a full recomputation over the stored track (must be equal), and as references
// measured in the same run: the bare cost of one SQLite INSERT + COMMIT with the same settings,
// the full rewrite of the hike from every point (the periodic sync before DECISIONS.md 421),
// and the RSS an array of the same points as full Trackpoints gains (DECISIONS.md 160).
// Also the bytes written per point (/proc/self/io wchar) and, over 200 more points with checkpoints
// held off, the WAL frames per commit by table or index (frame page numbers, dbstat): DECISIONS.md 495.
// Run: swift run -c release RecordBenchmark [fixes]
import Foundation
import TrailCore
import TrailSQLite
import TrailStore

func rssMiB() -> Double {
    guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
    return kb / 1024
}

/// Bytes this process handed to write(2)/pwrite(2) so far (/proc/self/io `wchar`), and those
/// sent to the storage layer (`write_bytes`, 0 on tmpfs).
func writtenBytes() -> (wchar: Double, storage: Double) {
    guard let s = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return (.nan, .nan) }
    func value(_ key: String) -> Double {
        s.split(separator: "\n").first { $0.hasPrefix(key + ":") }.flatMap { Double($0.split(separator: " ").last ?? "") } ?? .nan
    }
    return (value("wchar"), value("write_bytes"))
}

func percentile(_ sorted: [Duration], _ p: Double) -> Duration {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func ms(_ d: Duration) -> String { String(format: "%.3f ms", seconds(d) * 1e3) }

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 43_200 : 43_200
let dir = NSTemporaryDirectory() + "cairn-record-bench-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: dir) }
let clock = ContinuousClock()
let start = Date(timeIntervalSince1970: 1_714_557_600)
let origin = Coordinate(latitude: 46.5, longitude: 8.0)

// Reference: the bare commit, same journal and synchronous setting, one small row per transaction.
let bare = try Connection(path: dir + "/bare.sqlite")
try bare.enableWAL()
try bare.execute("PRAGMA synchronous = FULL")
try bare.execute("CREATE TABLE p (seq INTEGER PRIMARY KEY, lat REAL, lon REAL, ele REAL, time REAL)")
var bareTimes: [Duration] = []
for i in 0..<min(count, 5000) {
    let t = clock.now
    try bare.transaction { try bare.run("INSERT INTO p VALUES (?, ?, ?, ?, ?)", [.integer(Int64(i)), .real(46.5), .real(8.0), .real(1000), .real(Double(i))]) }
    bareTimes.append(clock.now - t)
}
bareTimes.sort()

let store = try HikeStore(path: dir + "/hikes.sqlite")
var rules = PositionFilterRules.recording
rules.minimumSpacing = 0
let recorder = try Recorder(store: store, name: "12 h at 1 Hz", rules: rules, source: "benchmark")
// The timings array is filled before the first RSS reading, so its pages are not counted.
var times = [Duration](repeating: .zero, count: count)
var rssQuarters: [Double] = []
let rssStart = rssMiB()
let writtenStart = writtenBytes()
var c = origin
for i in 0..<count {
    // 1.2 m/s on a slow meander, 3D fix, 4 m accuracy, climbing and descending.
    c = c.coordinate(at: 1.2, bearing: 45 + 40 * sin(Double(i) / 600))
    let fix = PositionFix(time: start.addingTimeInterval(Double(i)), coordinate: c, altitude: 1000 + 300 * sin(Double(i) / 5000),
                          horizontalAccuracy: 4, speed: 1.2, mode: .threeD, satellitesUsed: 9, source: .gpsd)
    let t = clock.now
    try recorder.receive(fix)
    times[i] = clock.now - t
    if (i + 1) % max(1, count / 4) == 0 { rssQuarters.append(rssMiB()) }
}
let writtenEnd = writtenBytes()
let rssEnd = rssMiB()
// What one commit writes: the WAL frames of `probe` more points, checkpoints held off, by the
// table or index their page belongs to (the frame header's page number, SQLite's dbstat).
let probe = 200
try store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
try store.connection.execute("PRAGMA wal_autocheckpoint = 0")
for i in count..<(count + probe) {
    c = c.coordinate(at: 1.2, bearing: 45 + 40 * sin(Double(i) / 600))
    try recorder.receive(PositionFix(time: start.addingTimeInterval(Double(i)), coordinate: c, altitude: 1000 + 300 * sin(Double(i) / 5000),
                                     horizontalAccuracy: 4, speed: 1.2, mode: .threeD, satellitesUsed: 9, source: .gpsd))
}
let walPageSize = try store.connection.query("PRAGMA page_size") { $0.int(0) }.first ?? 4096
let wal = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/hikes.sqlite-wal")))
var framesByObject: [String: Int] = [:]
let objectOfPage = Dictionary(try store.connection.query("SELECT pageno, name FROM dbstat") { ($0.int(0), $0.string(1)) },
                              uniquingKeysWith: { a, _ in a })
var walFrames = 0
var offset = 32
while offset + 24 + walPageSize <= wal.count {
    let page = wal[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    framesByObject[objectOfPage[page] ?? "page \(page) (free or new)", default: 0] += 1
    walFrames += 1
    offset += 24 + walPageSize
}
try store.connection.execute("PRAGMA wal_autocheckpoint = 1000")
// Reference: the same fixes kept as Trackpoints (with the receiver extras), grown by appending.
c = origin
var reference: [Trackpoint] = []
let rssBeforeReference = rssMiB()
for i in 0..<count {
    c = c.coordinate(at: 1.2, bearing: 45 + 40 * sin(Double(i) / 600))
    reference.append(PositionFix(time: start.addingTimeInterval(Double(i)), coordinate: c, altitude: 1000,
                                 horizontalAccuracy: 4, speed: 1.2, mode: .threeD, satellitesUsed: 9, source: .gpsd).trackpoint)
}
let rssAfterReference = rssMiB()
func perPoint(_ mib: Double) -> String { String(format: "%.0f B/point", mib * 1_048_576 / Double(count)) }
let hike = recorder.hike!
// The statistics written with the last point against a full recomputation over the stored track.
var t = clock.now
let written = try store.summary(hike).statistics
let recomputed = StatisticsCalculator().statistics(for: try store.tracks(of: hike))
let recomputeTime = clock.now - t
// Reference: the whole hike rewritten from every stored point (the sync before DECISIONS.md 421).
t = clock.now
_ = try store.rewriteRecordedTrack(recorder.recording!)
let rewriteTime = clock.now - t
t = clock.now
try recorder.perform(.finish)
let finishTime = clock.now - t
let hours = max(1, count / 3600)
var perHour: [(median: Duration, p99: Duration)] = []
for h in 0..<hours {
    let part = times[(h * count / hours)..<((h + 1) * count / hours)].sorted()
    perHour.append((percentile(part, 0.5), percentile(part, 0.99)))
}
times.sort()
print("fixes \(count) (+ \(probe) for the WAL frames), points \(recorder.session.pointCount), distance \(Int(written.distance)) m, elapsed \(Int(written.elapsedTime ?? 0)) s")
print("RSS at start \(String(format: "%.1f", rssStart)) MiB, quarters " + rssQuarters.map { String(format: "%.1f", $0) }.joined(separator: " / ")
      + " MiB, at end \(String(format: "%.1f", rssEnd)) MiB: " + perPoint(rssEnd - rssStart)
      + " (recorder, store and SQLite cache; the session keeps 32 B/point, DECISIONS.md 160)")
print("reference, the same points kept as [Trackpoint]: " + perPoint(rssAfterReference - rssBeforeReference)
      + String(format: "; MemoryLayout<Trackpoint>.stride %d B, <KeptPoint> %d B", MemoryLayout<Trackpoint>.stride,
               MemoryLayout<KeptPoint>.stride))
_ = reference.count
let pageSize = try store.connection.query("PRAGMA page_size") { $0.int(0) }.first ?? 0
print(String(format: "written per point: %.0f B by write(2) (/proc/self/io wchar: WAL frames of %d + 24 B and checkpoints), "
             + "%.0f B to the storage layer (write_bytes; 0 on tmpfs); at 1 Hz %.0f MB an hour",
             (writtenEnd.wchar - writtenStart.wchar) / Double(count), pageSize,
             (writtenEnd.storage - writtenStart.storage) / Double(count),
             (writtenEnd.wchar - writtenStart.wchar) / Double(count) * 3600 / 1e6))
print(String(format: "WAL frames per commit over %d more points (no checkpoint): %.2f = ", probe, Double(walFrames) / Double(probe))
      + framesByObject.sorted { $0.value > $1.value }.map { String(format: "%@ %.2f", $0.key, Double($0.value) / Double(probe)) }
        .joined(separator: ", "))
print("commit per point (receive: filter + point row + track block + statistics, one COMMIT): median \(ms(percentile(times, 0.5))), p99 \(ms(percentile(times, 0.99))), max \(ms(times.last!))")
print("  per hour of the walk, median / p99: " + perHour.enumerated().map { "h\($0.offset + 1) \(ms($0.element.median)) / \(ms($0.element.p99))" }.joined(separator: ", "))
print("reference, bare INSERT + COMMIT (same WAL, synchronous=FULL): median \(ms(percentile(bareTimes, 0.5))), p99 \(ms(percentile(bareTimes, 0.99)))")
print(String(format: "ratio median receive / bare commit: %.2f", seconds(percentile(times, 0.5)) / seconds(percentile(bareTimes, 0.5))))
print("statistics written with the last point equal a full recomputation over the stored track: \(written == recomputed) "
      + "(read + recompute \(ms(recomputeTime)))")
print("reference, the whole hike rewritten from every point (the old sync): \(ms(rewriteTime)); finish (state + content hash): \(ms(finishTime))")
