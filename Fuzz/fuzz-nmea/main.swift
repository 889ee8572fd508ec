// NMEA 0183 bytes the way `NMEASource` reads a device or log: lines of at most 4096 bytes
// through `LineBuffer`, each sentence through `NMEAParser`, then the last half line and
// `finish()` at end of input.
import Foundation
import FuzzSupport
import TrailLive

FuzzDriver.run { bytes, count in
    var lines = LineBuffer(maximumLineLength: 4096)
    var parser = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 1_700_000_000))
    for line in lines.append(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count)) {
        _ = parser.parse(line: line)
    }
    if let last = lines.flush() { _ = parser.parse(line: last) }
    _ = parser.finish()
    return 0
}
