import Foundation
import Testing

/// What the loader maps at every start of `cairn` (issue 38, DECISIONS 992, 1070): libzip (with
/// the libcrypto it brings) and libheif (with its codecs) are opened with dlopen when a
/// zip archive or a HEIF photo is first read, so the executable does not need them; a start that
/// reads neither loads neither. (KMZ and `.hgt.zip` reading through the opened libzip is tested
/// in TrailFormatsTests, TrailTerrainTests and DemCommandTests.)
@Suite struct StartupLibrariesTests {
    @Test func cairnNeedsNoZipOrHEIFLibrary() throws {
        guard let built = cairnExecutable() else {
            Issue.record("build the cairn executable first (swift build)")
            return
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else { print("skipped: ldd not found"); return }
        let ldd = try runToEnd("/usr/bin/ldd", [built], dir: NSTemporaryDirectory())
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libc.so"), "ldd printed: \(ldd.stdout)")
        for lib in ["libzip", "libcrypto", "libheif"] {
            #expect(!ldd.stdout.contains(lib), "cairn loads \(lib) at start: \(ldd.stdout)")
        }
    }
}
