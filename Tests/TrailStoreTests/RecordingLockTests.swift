import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// One recorder per store across processes (a tester found a second `cairn record --resume`
/// pausing and then finishing a walk another process was still recording; the first then
/// failed on a UNIQUE constraint). Another process is played by python3 taking the same
/// `flock(2)` on `STORE.recording-lock`.
@Suite struct RecordingLockTests {
    /// Starts python3 running `script` with the lock file path as argv[1]; waits for its first
    /// line. Nil when python3 is missing.
    func python(_ script: String, _ lockPath: String) throws -> (Process, String)? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import fcntl, os, sys, time\n" + script, lockPath]
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { return nil }
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        return (p, String(decoding: line, as: UTF8.self))
    }

    @Test func anotherProcessRecordingIsRefusedNamedAndReleasedWhenItExits() throws {
        let path = makeTempDirectory("reclock") + "/hikes.sqlite"
        let store = try HikeStore(path: path)
        let lockPath = try #require(RecordingLock.lockPath(forStore: path))
        let holder = """
            f = open(sys.argv[1], 'a+'); fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            f.truncate(0); f.write(str(os.getpid()) + '\\n'); f.flush()
            print('held', flush=True); time.sleep(1.5)
            """
        guard let (child, first) = try python(holder, lockPath) else { print("skipped: python3 not found"); return }
        #expect(first == "held")
        #expect(throws: RecordingStoreError.recordingElsewhere(pid: child.processIdentifier)) {
            _ = try Recorder(store: store, name: "Second", source: nil)
        }
        child.waitUntilExit()
        // The holder is gone (as after kill -9): recording is possible at once.
        let rec = try Recorder(store: store, name: "Walk", source: nil)
        // A second recorder in this process shares the lock …
        let again = try Recorder(store: store, name: "Again", source: nil)
        // … and while they live, another process cannot take it.
        let probe = "f = open(sys.argv[1], 'a+')\ntry:\n    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB); print('took')\nexcept OSError:\n    print('busy')"
        let (p1, r1) = try #require(try python(probe, lockPath))
        p1.waitUntilExit()
        #expect(r1 == "busy")
        _ = (rec, again)
    }

    @Test func theLockIsDroppedWithTheLastRecorderOfTheProcess() throws {
        let path = makeTempDirectory("reclock") + "/hikes.sqlite"
        let store = try HikeStore(path: path)
        let lockPath = try #require(RecordingLock.lockPath(forStore: path))
        do { _ = try Recorder(store: store, name: "Walk", source: nil) }
        let probe = "f = open(sys.argv[1], 'a+')\ntry:\n    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB); print('took')\nexcept OSError:\n    print('busy')"
        guard let (p, r) = try python(probe, lockPath) else { print("skipped: python3 not found"); return }
        p.waitUntilExit()
        #expect(r == "took")
    }

    /// The lock file goes with the last recorder of the process (DECISIONS.md 491); one left
    /// by a killed process (python3 holding the lock, then SIGKILL) blocks nothing and is
    /// removed when the next recorder ends.
    @Test func theLockFileIsRemovedWithTheLastRecorderAndALeftOneBlocksNothing() throws {
        let path = makeTempDirectory("reclock") + "/hikes.sqlite"
        let store = try HikeStore(path: path)
        let lockPath = try #require(RecordingLock.lockPath(forStore: path))
        do {
            let first = try Recorder(store: store, name: "Walk", source: nil)
            do {
                let second = try Recorder(store: store, name: "Again", source: nil)
                #expect(FileManager.default.fileExists(atPath: lockPath))
                _ = second
            }
            #expect(FileManager.default.fileExists(atPath: lockPath))  // still held by the first
            #expect(!RecordingLock.isHeldElsewhere(store: path))
            _ = first
        }
        #expect(!FileManager.default.fileExists(atPath: lockPath))
        let holder = """
            f = open(sys.argv[1], 'a+'); fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            f.truncate(0); f.write(str(os.getpid()) + '\\n'); f.flush()
            print('held', flush=True); time.sleep(60)
            """
        guard let (child, first) = try python(holder, lockPath) else { print("skipped: python3 not found"); return }
        #expect(first == "held")
        #expect(RecordingLock.isHeldElsewhere(store: path))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: lockPath))  // left behind by the kill
        #expect(!RecordingLock.isHeldElsewhere(store: path))
        do { _ = try Recorder(store: store, name: "Next", source: nil) }
        #expect(!FileManager.default.fileExists(atPath: lockPath))
    }

    @Test func inMemoryStoresAreNotLocked() {
        #expect(RecordingLock.lockPath(forStore: ":memory:") == nil)
        #expect(RecordingLock.lockPath(forStore: "/tmp/x/hikes.sqlite") == "/tmp/x/hikes.sqlite.recording-lock")
    }
}
