import Foundation

/// The repository root, from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The built `cairn` executable (`swift build` puts it in .build/debug; `CAIRN_BUILD_DIR` names
/// another build directory, as `make test-asan`/`test-tsan` do), nil when absent.
func cairnExecutable() -> String? {
    let p = (ProcessInfo.processInfo.environment["CAIRN_BUILD_DIR"] ?? repoRoot + "/.build/debug") + "/cairn"
    return FileManager.default.isExecutableFile(atPath: p) ? p : nil
}

/// `../shared/data` next to the checkout, nil (with the notice printed) when absent.
func sharedData(_ sub: String) -> String? {
    let p = (repoRoot as NSString).deletingLastPathComponent + "/shared/data/" + sub
    guard FileManager.default.fileExists(atPath: p) else {
        print("skipped: ../shared/data not found")
        return nil
    }
    return p
}

/// Writes a GPX 1.1 file of one track with `points` trackpoints (ele and time each), about
/// 100 bytes a point, walking north-east from `origin` one point a second.
func writeLargeGPX(to path: String, points: Int, origin: (Double, Double) = (46.5, 8.0), name: String = "Long walk") throws {
    var s = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="cairn tests" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><name>\(name)</name><trkseg>

    """
    s.reserveCapacity(points * 110 + 400)
    let fmt = ISO8601DateFormatter()
    let t0 = Date(timeIntervalSince1970: 1_699_999_980)  // 2023-11-14T22:13:00Z, a whole minute
    var minutePrefix = ""
    for i in 0..<points {
        if i % 60 == 0 { minutePrefix = String(fmt.string(from: t0.addingTimeInterval(Double(i))).dropLast(3)) }
        let lat = origin.0 + Double(i) * 7e-6, lon = origin.1 + Double(i) * 5e-6
        let ele = 1500 + 200 * sin(Double(i) / 3000)
        s += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele><time>", lat, lon, ele)
            + minutePrefix + String(format: "%02dZ</time></trkpt>\n", i % 60)
    }
    s += "</trkseg></trk>\n</gpx>\n"
    try s.write(toFile: path, atomically: true, encoding: .utf8)
}

/// The outcome of a finished child process.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Starts `executable` with `arguments`; output goes to files in `dir` so a pipe cannot fill.
func launch(_ executable: String, _ arguments: [String], environment: [String: String] = [:], tag: String, dir: String) throws -> Process {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    p.environment = env
    _ = FileManager.default.createFile(atPath: dir + "/\(tag).out", contents: nil)
    _ = FileManager.default.createFile(atPath: dir + "/\(tag).err", contents: nil)
    p.standardOutput = FileHandle(forWritingAtPath: dir + "/\(tag).out")
    p.standardError = FileHandle(forWritingAtPath: dir + "/\(tag).err")
    p.standardInput = FileHandle.nullDevice
    try p.run()
    return p
}

/// Runs to the end and collects the output.
func runToEnd(_ executable: String, _ arguments: [String], environment: [String: String] = [:], dir: String,
              tag: String = UUID().uuidString) throws -> ProcessResult {
    let p = try launch(executable, arguments, environment: environment, tag: tag, dir: dir)
    p.waitUntilExit()
    return collect(p, tag: tag, dir: dir)
}

func collect(_ p: Process, tag: String, dir: String) -> ProcessResult {
    let out = (try? String(contentsOfFile: dir + "/\(tag).out", encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: dir + "/\(tag).err", encoding: .utf8)) ?? ""
    return ProcessResult(status: p.terminationStatus, stdout: out, stderr: err)
}
