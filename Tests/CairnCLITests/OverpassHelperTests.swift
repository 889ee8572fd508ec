import Foundation
import OverpassSupport
import Testing

/// `cairn map fetch` makes its HTTP request through the `cairn-overpass` program (DECISIONS
/// 822): the lines it writes are read back as written, the program is found beside cairn, and
/// cairn itself links no FoundationNetworking, libcurl or OpenSSL (the start-up cost it dropped).
@Suite struct OverpassHelperTests {
    @Test func everyErrorSurvivesTheLineItTravelsIn() {
        let errors: [OverpassError] = [
            .busy(status: 429, attempts: 3), .http(status: 400, body: "line 1\nline \"2\""), .timedOut(seconds: 185),
            .tooLarge(bytes: 100_000_000), .truncated("12 of 40 bytes"), .serverGaveUp("runtime error: out of memory"),
            .transport("connection refused"),
        ]
        for e in errors {
            let text = OverpassHelper.Line.error(e).text
            #expect(text.hasSuffix("\n") && text.dropLast().firstIndex(of: "\n") == nil, "one line: \(text)")
            #expect(OverpassHelper.Line(parsing: String(text.dropLast())) == .error(e))
        }
        #expect(OverpassHelper.Line(parsing: String(OverpassHelper.Line.note("waiting 2 s").text.dropLast())) == .note("waiting 2 s"))
        #expect(OverpassHelper.Line(parsing: "error: {not json") == .other("error: {not json"))
        #expect(OverpassHelper.Line(parsing: "Fatal error: x") == .other("Fatal error: x"))
    }

    @Test func theProgramIsFoundBesideTheExecutableOrInLibexec() throws {
        let dir = makeTempDirectory("overpass-helper")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        #expect(OverpassHelper.find(executable: dir + "/bin/cairn") == nil)
        try fm.createDirectory(atPath: dir + "/libexec/cairn", withIntermediateDirectories: true)
        _ = fm.createFile(atPath: dir + "/libexec/cairn/cairn-overpass", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(OverpassHelper.find(executable: dir + "/bin/cairn")?.path == dir + "/bin/../libexec/cairn/cairn-overpass")
        _ = fm.createFile(atPath: dir + "/bin/cairn-overpass", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(OverpassHelper.find(executable: dir + "/bin/cairn")?.path == dir + "/bin/cairn-overpass")
    }

    /// A program that ends without an error line: the failure names it and what it printed.
    @Test func aProgramThatDiesSaysSo() throws {
        let dir = makeTempDirectory("overpass-helper")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/cairn-overpass"
        _ = FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\necho 'note: asking'>&2\necho 'it broke' >&2\nexit 3\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        var notes: [String] = []
        #expect(throws: OverpassError.transport("cairn-overpass ended with status 3: it broke")) {
            try OverpassHelper(path: script).fetch(query: "q", endpoint: "http://127.0.0.1:9/", userAgent: "t", maxBytes: 10,
                                                   timeout: 1, to: dir + "/out", note: { notes.append($0) })
        }
        #expect(notes == ["asking"])
    }

    @Test func cairnLinksNoNetworkingLibraries() throws {
        // A statically linked FoundationNetworking would still bring the shared libcurl, which
        // Debian ships no archive of.
        guard let libraries = try sharedLibrariesOfCairn() else { return }
        for lib in ["libFoundationNetworking", "libcurl", "libssl", "libgssapi"] {
            #expect(!libraries.contains(lib), "cairn links \(lib)")
        }
    }
}
