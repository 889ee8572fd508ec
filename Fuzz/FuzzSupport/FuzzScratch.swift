import Foundation

/// A per-process scratch directory for targets whose entry point reads a file (RAM-backed
/// `/dev/shm` when there is one, so writing each input costs little).
public enum FuzzScratch {
    /// `DIR/cairn-fuzz-PID/name`, the directory created on first use.
    public static func file(named name: String) -> String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let dir = base + "/cairn-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir + "/" + name
    }

    /// Replaces the file at `path` with `count` bytes: `open(O_TRUNC)` and `write`, no temporary
    /// file and rename as `FileManager.createFile` does (that atomic write cost a tenth of each
    /// fuzz-osm execution). A target reads the file only after this returns, so atomicity buys
    /// nothing here. Traps if the file cannot be written (the scratch directory is ours).
    public static func write(_ bytes: UnsafePointer<UInt8>?, _ count: Int, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot open \(path): errno \(errno)") }
        defer { close(fd) }
        var done = 0
        while done < count, let bytes {
            let n = Foundation.write(fd, bytes + done, count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { fatalError("cannot write \(path): errno \(errno)") }
            done += n
        }
    }
}
