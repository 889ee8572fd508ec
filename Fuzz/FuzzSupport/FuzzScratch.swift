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
}
