import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Paths the tests use, derived from this file's location.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let samples = repository.appendingPathComponent("Samples")
    /// `<repo>/../shared/data`, or nil (with a notice) when this checkout has no shared data.
    static func sharedData(_ test: String = #function) -> URL? {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/data")
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("gpx").path) { return url }
        print("\(test): skipped: ../shared/data not found")
        return nil
    }

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }
}

/// Reads a fixture, failing the test on error.
func readFixture(_ name: String) throws -> GPXReadResult {
    try GPXReader.read(url: TestPaths.fixture(name))
}

/// The GPXError a fixture produces, or nil (recorded as a failure) when it reads.
func readError(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> GPXError? {
    do {
        _ = try GPXReader.read(url: TestPaths.fixture(name))
        Issue.record("\(name) should not read", sourceLocation: sourceLocation)
    } catch let e as GPXError {
        return e
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

extension GPXDocument {
    /// Every trackpoint of every track, in order.
    var allTrackpoints: [Trackpoint] { tracks.flatMap { $0.segments.flatMap(\.points) } }
}

/// Runs a command, returning its exit status and combined output.
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A fresh temporary directory for one test.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Everything written to file descriptor 2 while `body` runs (via a temporary file).
func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let dir = try temporaryDirectory()
    let path = dir.appendingPathComponent("stderr").path
    let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    let saved = dup(2)
    fflush(nil)
    dup2(fd, 2)
    defer {
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        close(fd)
    }
    try body()
    fflush(nil)
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
