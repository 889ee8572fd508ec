import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Malformed and hostile files: typed errors with file, line and reason; no entity is ever
/// expanded or fetched; libxml2 prints nothing.
@Suite struct GPXReaderHostileInputTests {
    @Test func externalEntityIsRefusedAndNotRead() throws {
        let e = try #require(readError("xxe.gpx"))
        #expect(e.kind == .entityRefused)
        #expect(e.fileName == "xxe.gpx")
        #expect(e.line == 3)
        #expect(!e.description.contains("root:"))  // no line of /etc/passwd
        #expect(e.description.hasPrefix("xxe.gpx:3: entity declaration refused: "))
    }

    @Test func externalParameterEntityIsRefused() throws {
        #expect(readError("xxe-parameter.gpx")?.kind == .entityRefused)
    }

    /// A DOCTYPE that names an external DTD is harmless: the DTD is never loaded (if it were,
    /// /etc/passwd would not parse as a DTD and the read would fail).
    @Test func externalDTDIsNotLoaded() throws {
        let r = try readFixture("external-dtd.gpx")
        #expect(r.document.waypoints.map(\.name) == ["only this"])
    }

    @Test func billionLaughsFailsAtTheFirstDeclaration() throws {
        let e = try #require(readError("billion-laughs.gpx"))
        #expect(e.kind == .entityRefused)
        #expect(e.line == 3)
    }

    /// The file ends inside `<ele>` on its last line, line 5 (`wc -l` counts 4 newlines).
    @Test func truncatedFileNamesTheLastLine() throws {
        let e = try #require(readError("truncated.gpx"))
        #expect(e.kind == .malformedXML)
        #expect(e.line == 5)
        #expect(e.reason == "the file ends inside <ele> before the GPX document is complete (truncated?)")
    }

    @Test func mismatchedTagsNameTheLine() throws {
        let e = try #require(readError("mismatched.gpx"))
        #expect(e.kind == .malformedXML)
        #expect(e.line == 4)
        #expect(e.column != nil)
        #expect(e.reason.contains("mismatch"))
    }

    @Test func nonGPXRootIsNamed() throws {
        let e = try #require(readError("not-gpx.osm"))
        #expect(e.kind == .notGPX)
        #expect(e.reason == "not a GPX file (root element is <osm>)")
        #expect(e.line == 2)
    }

    @Test func unsupportedVersionIsRefused() throws {
        let e = try #require(readError("unsupported-version.gpx"))
        #expect(e.kind == .unsupportedVersion)
        #expect(e.reason.contains("GPX/1/2"))
    }

    @Test func undeclaredVersionWithoutNamespaceIsRefused() throws {
        let text = "<gpx version=\"2.0\" creator=\"x\"></gpx>"
        #expect(throws: GPXError.self) { try GPXReader.read(data: Data(text.utf8), fileName: "v2.gpx") }
    }

    @Test func emptyFile() throws {
        let e = try #require(readError("empty.gpx"))
        #expect(e.kind == .malformedXML && e.line == 1 && e.reason == "the file is empty")
    }

    @Test func invalidUTF8IsAnErrorWithItsLine() throws {
        let e = try #require(readError("bad-utf8.gpx"))
        #expect(e.kind == .malformedXML)
        #expect(e.line == 3)
    }

    @Test func undecodableLegacyEncodingIsAnError() throws {
        let e = try #require(readError("windows-1252-bad.gpx"))
        #expect(e.kind == .malformedXML)
    }

    @Test func missingFileIsAnIOError() throws {
        do {
            _ = try GPXReader.read(url: TestPaths.fixture("no-such-file.gpx"))
            Issue.record("should throw")
        } catch let e as GPXError {
            #expect(e.kind == .io)
            #expect(e.reason.contains("No such file"))
        }
    }

    @Test func directoryIsAnIOError() throws {
        #expect(throws: GPXError.self) { try GPXReader.read(url: TestPaths.fixtures) }
    }

    /// libxml2 would print all of these to stderr by default (checked with `xmllint --noout`).
    @Test func libxml2PrintsNothing() throws {
        let names = ["xxe.gpx", "xxe-parameter.gpx", "billion-laughs.gpx", "truncated.gpx", "mismatched.gpx",
                     "bad-utf8.gpx", "windows-1252-bad.gpx", "concatenated.gpx", "not-gpx.osm", "empty.gpx"]
        let printed = try capturingStandardError {
            for name in names { _ = try? GPXReader.read(url: TestPaths.fixture(name)) }
        }
        #expect(printed == "")
    }
}
