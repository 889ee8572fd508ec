// gpsd's JSON stream through `GPSDSession.receive`, the code `GPSDClient` hands every read
// to: line buffering, `GPSDReport(line:)` and the TPV/SKY handling. The input is split into
// two reads at its first byte's value so half lines across reads are exercised too.
import Foundation
import FuzzSupport
import TrailLive

FuzzDriver.run { bytes, count in
    let input = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count)
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var session = GPSDSession(startedAt: start)
    session.connected(at: start)
    let cut = input.isEmpty ? 0 : min(Int(input[0]), input.count)
    _ = session.receive(input[..<cut], at: start)
    _ = session.receive(input[cut...], at: start.addingTimeInterval(1))
    _ = session.tick(at: start.addingTimeInterval(60))
    return 0
}
