import Foundation
import Testing

/// What the loader maps at every start of `cairn` (issue 38, DECISIONS 992, 1070): libzip (with
/// the libcrypto it brings) and libheif (with its codecs) are opened with dlopen when a
/// zip archive or a HEIF photo is first read, so the executable does not need them; a start that
/// reads neither loads neither. (KMZ and `.hgt.zip` reading through the opened libzip is tested
/// in TrailFormatsTests, TrailTerrainTests and DemCommandTests.)
@Suite struct StartupLibrariesTests {
    @Test func cairnNeedsNoZipOrHEIFLibrary() throws {
        guard let libraries = try sharedLibrariesOfCairn() else { return }
        for lib in ["libzip", "libcrypto", "libheif"] {
            #expect(!libraries.contains(lib), "cairn loads \(lib) at start: \(libraries)")
        }
    }
}

/// What `ldd` prints for the built cairn executable (checked to name libc, so an empty or failed
/// run does not pass for "nothing linked"), or nil with a notice or a recorded issue when it
/// cannot be asked.
func sharedLibrariesOfCairn() throws -> String? {
    guard let built = cairnExecutable() else {
        Issue.record("build the cairn executable first (swift build)")
        return nil
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else { print("skipped: ldd not found"); return nil }
    let ldd = try runToEnd("/usr/bin/ldd", [built], dir: NSTemporaryDirectory())
    #expect(ldd.status == 0)
    // libc is shared in every build (the release link of Tools/swift-build-release.sh has
    // SQLite and Foundation inside the binary).
    #expect(ldd.stdout.contains("libc.so"), "ldd printed: \(ldd.stdout)")
    return ldd.stdout
}
