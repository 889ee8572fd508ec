import Foundation

/// Phase timings of a map import on stderr, when the environment sets CAIRN_IMPORT_TRACE=1
/// (issue 38: which phase runs on one thread). Each ``mark(_:)`` prints one line: the phase
/// that just ended, its wall time, the process's CPU time in it (every thread: user + system,
/// `getrusage(RUSAGE_SELF)`) and the calling thread's (`CLOCK_THREAD_CPUTIME_ID`), in
/// seconds, and the process's peak resident memory so far (`ru_maxrss`). A process CPU near
/// the wall time means one core was busy, near twice it two.
/// Does nothing, and reads no clock, when the variable is not set.
struct ImportTrace {
    private let enabled: Bool
    private var wall = 0.0, process = 0.0, thread = 0.0

    init() {
        enabled = getenv("CAIRN_IMPORT_TRACE").map { String(cString: $0) == "1" } ?? false
        if enabled {
            (wall, process, thread) = Self.now()
            // What the process spent before the import began (start-up, the store opened or
            // created): CPU only, the kernel's start time of a process being in clock ticks.
            let line = String(format: "cairn import trace: before the import (process start-up, store opened): process CPU %.3f s\n", process)
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// Prints the phase that ended now, and starts the next.
    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let (w, p, t) = Self.now()
        var u = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
        let line = String(format: "cairn import trace: %@: wall %.3f s, process CPU %.3f s, reading thread CPU %.3f s, peak RSS %ld MB\n",
                          phase, w - wall, p - process, t - thread, u.ru_maxrss / 1024)
        FileHandle.standardError.write(Data(line.utf8))
        (wall, process, thread) = (w, p, t)
    }

    private static func now() -> (Double, Double, Double) {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let w = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        let t = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        var u = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
        let p = Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
        return (w, p, t)
    }
}
