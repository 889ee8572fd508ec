// cairn-overpass: the one Overpass API request of `cairn map fetch`, in its own small program
// so that the `cairn` binary does not link FoundationNetworking (libcurl, OpenSSL, Kerberos:
// over half of its start-up went to loading them; DECISIONS 822). `cairn map fetch` runs it
// through ``OverpassHelper`` (OverpassSupport); it is not meant to be run by hand.
//
// Usage: cairn-overpass --endpoint URL --user-agent TEXT --max-bytes N --timeout SECONDS --out PATH
//                       --query TEXT  (the Overpass QL query)
// Standard error carries one line per event (``OverpassHelper/Line``): `note: TEXT` for the
// user, and on failure `error: JSON` (an ``OverpassError``). Exit status: 0 the complete answer
// is in PATH; 1 an ``OverpassError`` was written; 64 bad arguments.
import Foundation
import OverpassSupport

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-overpass: \(message)\n".utf8))
    exit(64)
}

var options: [String: String] = [:]
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let name = arguments.removeFirst()
    guard ["--endpoint", "--user-agent", "--max-bytes", "--timeout", "--out", "--query"].contains(name) else { usage("unknown option \(name)") }
    guard !arguments.isEmpty else { usage("\(name) needs a value") }
    options[name] = arguments.removeFirst()
}
guard let endpointText = options["--endpoint"], let endpoint = URL(string: endpointText) else { usage("--endpoint URL is required") }
guard let userAgent = options["--user-agent"] else { usage("--user-agent is required") }
guard let maxBytes = options["--max-bytes"].flatMap({ Int($0) }), maxBytes > 0 else { usage("--max-bytes takes a positive whole number") }
guard let timeout = options["--timeout"].flatMap({ Double($0) }), timeout > 0 else { usage("--timeout takes positive seconds") }
guard let out = options["--out"] else { usage("--out PATH is required") }
guard let query = options["--query"] else { usage("--query TEXT is required") }

let client = OverpassClient(endpoint: endpoint, userAgent: userAgent, maxBytes: maxBytes, clientTimeout: timeout,
                            wait: { Thread.sleep(forTimeInterval: $0) },
                            note: { FileHandle.standardError.write(Data(OverpassHelper.Line.note($0).text.utf8)) })
do {
    try client.fetch(query: query, to: out)
    exit(0)
} catch let error as OverpassError {
    FileHandle.standardError.write(Data(OverpassHelper.Line.error(error).text.utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data(OverpassHelper.Line.error(.transport("\(error)")).text.utf8))
    exit(1)
}
