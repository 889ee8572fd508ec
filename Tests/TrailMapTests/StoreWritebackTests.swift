import COSMReader
import Foundation
import Testing
@testable import TrailMap

/// ``StoreWriteback`` (DECISIONS 1112): the write-back is asked of the kernel for a file that
/// exists, its failure is an errno, and a file that cannot be opened gives no write-back.
@Suite struct StoreWritebackTests {
    @Test func writebackOfAWrittenFile() throws {
        let path = TestSupport.tempDirectory().appendingPathComponent("store.sqlite").path
        try Data(repeating: 7, count: 1 << 20).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(cosm_start_writeback(fd) == 0)
        #expect(cosm_start_writeback(-1) == EBADF)
        let writeback = try #require(StoreWriteback(path: path, step: 1 << 20))
        writeback.kick()
        writeback.kickIfGrown()
        // The file is unchanged: write-back writes out, it never alters what is read.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 7, count: 1 << 20))
    }

    @Test func noWritebackWithoutAFile() {
        #expect(StoreWriteback(path: "/nonexistent-cairn-dir/store.sqlite") == nil)
    }
}
