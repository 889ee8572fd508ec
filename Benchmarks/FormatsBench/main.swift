// Reader speed of the issue-33 formats: reads FILE REPEAT times through TrackFileReader (the
// path `cairn import` takes, by content) and prints points, bytes and MB/s (10^6 bytes per
// second of wall time, the file in the page cache after the first read). With REPEAT 1 it is the
// process `farm-bench` times against gpsbabel and fitparse (Benchmarks/formats-bench.sh).
import Foundation
import TrailFormats

let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: cairn-bench-formats FILE [REPEAT]\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: args[1])
let repeats = args.count >= 3 ? max(1, Int(args[2]) ?? 1) : 1
let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
var points = 0
let start = Date()
for _ in 0..<repeats {
    do {
        let r = try TrackFileReader.read(url: url)
        points = r.document.tracks.reduce(0) { $0 + $1.pointCount } + r.document.routes.reduce(0) { $0 + $1.points.count }
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
let seconds = Date().timeIntervalSince(start)
let mb = Double(size * repeats) / 1e6
print(String(format: "%@: %d points, %d bytes, %d reads in %.3f s: %.1f MB/s", url.lastPathComponent, points, size,
             repeats, seconds, mb / seconds))
