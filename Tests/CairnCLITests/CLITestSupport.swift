import CairnCLI
import Foundation
import TrailCore
import TrailFormats
@testable import TrailStore

/// Runs `cairn` in-process with captured output and an environment that points nowhere real.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

func cairn(_ args: [String], environment: [String: String] = [:], stdinIsTerminal: Bool = false,
           stderrIsTerminal: Bool = false, answer: String? = nil) -> CLIRun {
    let out = StringSink(), err = StringSink()
    var env = ["HOME": "/nonexistent-home", "LANG": "C.UTF-8", "TZ": "UTC"]
    for (k, v) in environment { env[k] = v }
    let context = CommandContext(stdout: out, stderr: err, environment: env, currentDirectory: repoRoot,
                                 stdinIsTerminal: stdinIsTerminal, stderrIsTerminal: stderrIsTerminal,
                                 readLine: { answer })
    let status = CairnCLI.run(args, context: context)
    return CLIRun(status: status, stdout: out.text, stderr: err.text)
}

/// Hike ids of a store in the order they were added.
func idsInInsertOrder(_ store: String) throws -> [HikeID] {
    try HikeStore(path: store).connection.query("SELECT public_id FROM hikes ORDER BY id") { HikeID($0.string(0))! }
}

/// `cairn list --json`, decoded; statistics by hike id.
func listedStatistics(_ store: String) throws -> [String: TrackStatistics] {
    struct Row: Decodable { let id: String; let statistics: TrackStatistics }
    let run = cairn(["list", "--json", "--store", store])
    let d = JSONDecoder()
    d.dateDecodingStrategy = .custom { decoder in
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let date = ISO8601Timestamp.parse(s) else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: s)) }
        return date
    }
    let rows = try d.decode([Row].self, from: Data(run.stdout.utf8))
    return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.statistics) })
}

/// Every GPX file of a directory, sorted.
func gpxFiles(in dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".gpx") }.sorted()
        .map { dir + "/" + $0 }
}
