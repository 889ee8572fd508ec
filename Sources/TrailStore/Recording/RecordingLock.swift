import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one-recorder-per-store rule across processes: a ``Recorder`` holds an exclusive
/// `flock(2)` on `STORE.recording-lock` (beside the store file) for as long as it lives, so a
/// second process cannot start, resume, restore (pause) or finish a recording while another
/// is recording into the same store (DECISIONS.md 256). The kernel drops the lock when the
/// holder exits in any way (kill -9 included), so an interrupted recording is restorable at
/// once. `flock` locks are separate from the POSIX locks SQLite uses on the store itself.
/// Recorders of one process share the lock (counted). In-memory stores, and stores whose
/// folder takes no lock file, are not locked.
///
/// The last recorder of the process removes the file while it still holds the lock, then
/// drops it (DECISIONS.md 491). A process that opened the old file just before and then takes
/// its lock holds a lock on a file no longer at the path, so every taker checks after locking
/// that the path still names the file it locked (device and inode) and otherwise tries again
/// on the new one. A file left by a killed process is unlocked, so it blocks nothing; the next
/// recorder takes it and removes it when it ends.
final class RecordingLock {
    /// Lock file path of a store path; nil for in-memory stores.
    static func lockPath(forStore path: String) -> String? {
        guard !path.isEmpty, !path.hasPrefix(":"), !path.hasPrefix("file:") else { return nil }
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path + ".recording-lock"
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var held: [String: (fd: Int32, count: Int)] = [:]

    private let path: String?

    /// Takes the store's recording lock (or shares this process's).
    /// - Throws: ``RecordingStoreError/recordingElsewhere(pid:)`` when another process holds it.
    init(store path: String) throws {
        guard let lock = Self.lockPath(forStore: path) else { self.path = nil; return }
        try Self.registryLock.withLock {
            if let h = Self.held[lock] { Self.held[lock] = (h.fd, h.count + 1); return }
            var fd: Int32 = -1
            for _ in 0..<Self.attempts {
                fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                guard fd >= 0 else { return }  // a folder without a lock file: not locked (as before)
                if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                    var buffer = [UInt8](repeating: 0, count: 32)
                    let n = pread(fd, &buffer, buffer.count, 0)
                    close(fd)
                    let pid = n > 0 ? Int32(String(decoding: buffer[0..<n], as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)) : nil
                    throw RecordingStoreError.recordingElsewhere(pid: pid)
                }
                if Self.isAtPath(fd, lock) { break }
                close(fd)  // removed by its last holder after we opened it: take the new one
                fd = -1
            }
            guard fd >= 0 else { throw RecordingStoreError.recordingElsewhere(pid: nil) }
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(fd, 0)
            _ = pwrite(fd, text, text.count, 0)
            Self.held[lock] = (fd, 1)
        }
        self.path = Self.held[lock] != nil ? lock : nil
    }

    /// True when another process holds the lock of the store at `path` (it is recording now);
    /// false for a lock this process holds, an in-memory store, or no lock file.
    static func isHeldElsewhere(store path: String) -> Bool {
        guard let lock = lockPath(forStore: path) else { return false }
        return registryLock.withLock {
            if held[lock] != nil { return false }
            for _ in 0..<attempts {
                let fd = open(lock, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { return false }  // no file: nobody records
                defer { close(fd) }
                guard flock(fd, LOCK_SH | LOCK_NB) == 0 else { return true }
                // Unlocked, but a recorder may have taken a new file at the path meanwhile.
                if isAtPath(fd, lock) { return false }
            }
            return true  // the file keeps being replaced: someone is busy with it
        }
    }

    /// How often a taker tries again when the file it locked was removed meanwhile.
    private static let attempts = 8

    /// True when `path` names the file open as `fd` (same device and inode).
    private static func isAtPath(_ fd: Int32, _ path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    deinit {
        guard let path else { return }
        Self.registryLock.withLock {
            guard let h = Self.held[path] else { return }
            if h.count > 1 { Self.held[path] = (h.fd, h.count - 1); return }
            Self.held[path] = nil
            unlink(path)  // while still locked: no one else can hold this file now (491)
            close(h.fd)  // drops the flock
        }
    }
}
