// Record benchmark: a 12-hour recording at 1 Hz (43,200 fixes) fed as fast as possible through
// the real Recorder into a real store in a temporary folder (WAL, synchronous = FULL, one
// transaction per point). Every fix becomes a point (minimum spacing 0: the worst case).
// Prints RSS at start and end, commit time per point (median, p99, max), the status line's
// statistics over all points at the end, and as the reference measured in the same run the
// bare cost of one SQLite INSERT + COMMIT with the same settings. Memory per point: the RSS the
// recorder gained over the run divided by the points, against (reference, same run) the RSS an
// array of the same points as full Trackpoints gains, which is what the session kept before it
// kept 32-byte KeptPoints (DECISIONS.md 160).
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
// The hike syncs (DECISIONS.md 250): (points so far, seconds) of each, as the fast feed triggers them.
var syncs: [(Int, Double)] = []
syncs.reserveCapacity(4096)
let rssStart = rssMiB()
var c = origin
for i in 0..<count {
    // 1.2 m/s on a slow meander, 3D fix, 4 m accuracy, climbing and descending.
    c = c.coordinate(at: 1.2, bearing: 45 + 40 * sin(Double(i) / 600))
    let fix = PositionFix(time: start.addingTimeInterval(Double(i)), coordinate: c, altitude: 1000 + 300 * sin(Double(i) / 5000),
                          horizontalAccuracy: 4, speed: 1.2, mode: .threeD, satellitesUsed: 9, source: .gpsd)
    let t = clock.now
    try recorder.receive(fix)
    times[i] = clock.now - t
    if let d = recorder.lastHikeSyncDuration, recorder.pointsBehindHike == 0, i > 0 { syncs.append((i, d)) }
}
let rssEnd = rssMiB()
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
// A sync rewrites the hike's track and statistics from every stored point: its cost at the end
// of the walk, measured directly, against the finish (the same rewrite plus the state change).
var lastSync = Double.nan
if let id = recorder.recording {
    let t0 = clock.now
    try store.syncRecordedTrack(id)
    lastSync = seconds(clock.now - t0)
}
var t = clock.now
let stats = recorder.session.statistics()
let statsTime = clock.now - t
t = clock.now
try recorder.perform(.finish)
let finishTime = clock.now - t
times.sort()
print("fixes \(count), points \(recorder.session.pointCount), distance \(Int(stats.distance)) m, elapsed \(Int(stats.elapsedTime ?? 0)) s")
print("RSS at start \(String(format: "%.1f", rssStart)) MiB, at end \(String(format: "%.1f", rssEnd)) MiB: "
      + perPoint(rssEnd - rssStart) + " (recorder, store and SQLite cache)")
print("reference, the same points kept as [Trackpoint] (the session before): " + perPoint(rssAfterReference - rssBeforeReference)
      + String(format: "; MemoryLayout<Trackpoint>.stride %d B, <KeptPoint> %d B", MemoryLayout<Trackpoint>.stride,
               MemoryLayout<KeptPoint>.stride))
_ = reference.count
print("commit per point (receive: filter + INSERT + COMMIT): median \(ms(percentile(times, 0.5))), p99 \(ms(percentile(times, 0.99))), max \(ms(times.last!))")
print("reference, bare INSERT + COMMIT (same WAL, synchronous=FULL): median \(ms(percentile(bareTimes, 0.5))), p99 \(ms(percentile(bareTimes, 0.99)))")
print(String(format: "ratio median receive / bare commit: %.2f", seconds(percentile(times, 0.5)) / seconds(percentile(bareTimes, 0.5))))
print("status-line statistics over all points: \(ms(statsTime)); finish (track + statistics rewrite): \(ms(finishTime))")
print(String(format: "hike sync (track + statistics rewrite) at %d points: %.1f ms, so the next waits %.1f s "
             + "(max(%.0f s, %.0f x cost)); syncs during the fast feed: %d",
             recorder.session.pointCount, lastSync * 1e3,
             max(Recorder.hikeSyncMinimumInterval, Recorder.hikeSyncCostFactor * lastSync),
             Recorder.hikeSyncMinimumInterval, Recorder.hikeSyncCostFactor, syncs.count))
for (n, d) in syncs.enumerated().filter({ $0.offset % max(1, syncs.count / 6) == 0 }).map(\.element) {
    print(String(format: "  sync at %6d points: %.1f ms", n, d * 1e3))
}
