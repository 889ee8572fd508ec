import CursesTerminal
import Foundation
import Testing

/// The signal watcher catches a signal sent the moment it is made: `init` waits until Dispatch
/// has registered its sources, so no early signal falls into the `SIG_IGN` window (the lost
/// Ctrl-C of `cairn import` under AddressSanitizer). One watcher per process, as `cairn import`
/// has (a second source for the same signal in one process does not get it in Dispatch here).
@Suite(.serialized) struct SignalWatcherTests {
    @Test func aSignalRightAfterStartIsSeen() {
        let watcher = SignalWatcher(signals: [SIGUSR2])
        kill(getpid(), SIGUSR2)
        let deadline = Date().addingTimeInterval(5)
        while watcher.pending == nil && Date() < deadline { usleep(1000) }
        #expect(watcher.pending == SIGUSR2, "the signal was lost")
        watcher.cancel()
    }
}
