/// Why an Overpass request failed. Nothing is imported after any of these. Codable: the
/// `cairn-overpass` program hands it to `cairn map fetch` as one line of JSON
/// (``OverpassHelper/Line``).
public enum OverpassError: Error, CustomStringConvertible, Equatable, Codable, Sendable {
    /// 429 or 503/504 on every try.
    case busy(status: Int, attempts: Int)
    /// Another status.
    case http(status: Int, body: String)
    /// No complete answer within the client's time.
    case timedOut(seconds: Double)
    /// The answer grew beyond the cap.
    case tooLarge(bytes: Int)
    /// The answer ended early (connection closed, length short, or no closing `</osm>`).
    case truncated(String)
    /// The server answered 200 with a runtime error remark (its timeout or memory ran out).
    case serverGaveUp(String)
    /// The request could not be made (no network, refused connection, bad endpoint).
    case transport(String)

    public var description: String {
        switch self {
        case .busy(let s, let n): return "the server is busy (HTTP \(s)) after \(n) tries; try again later"
        case .http(let s, let body): return "the server answered HTTP \(s)" + (body.isEmpty ? "" : ": \(body)")
        case .timedOut(let t): return "no complete answer within \(Int(t.rounded())) s (ask for a smaller area or a longer --timeout)"
        case .tooLarge(let b): return "the answer is larger than the cap of \(b / 1_000_000) MB (ask for a smaller area or a larger --max-size)"
        case .truncated(let why): return "the answer was cut off (\(why))"
        case .serverGaveUp(let remark): return "the server gave up: \(remark)"
        case .transport(let why): return "cannot reach the server: \(why)"
        }
    }
}
