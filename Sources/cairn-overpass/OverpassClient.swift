import Foundation
import OverpassSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One polite Overpass API request through Foundation's URLSession (libcurl underneath): a
/// User-Agent naming Cairn and its version, one request at a time (the caller holds the fetch
/// lock), a POST of the query as `data=`, the answer streamed to a file with a size cap, 429
/// and 503/504 answered by waiting `Retry-After` seconds (else ``defaultRetryWait``) and trying
/// again up to ``maxAttempts`` times, and a client timeout a little beyond the server's.
/// Policy: https://wiki.openstreetmap.org/wiki/Overpass_API#Public_Overpass_API_instances .
public struct OverpassClient {
    public var endpoint: URL
    public var userAgent: String
    /// Bytes accepted before the request is cancelled.
    public var maxBytes: Int
    /// Seconds the whole request may take (the server's `[timeout:]` plus a grace).
    public var clientTimeout: Double
    public var maxAttempts = 3
    /// Seconds to wait after a 429/503/504 without a usable `Retry-After`.
    public var defaultRetryWait = 10.0
    /// Waiting (injected so tests can count the waits; the command sleeps).
    public var wait: (Double) -> Void
    /// Lines for the user ("server busy, waiting 2 s").
    public var note: (String) -> Void

    public init(endpoint: URL, userAgent: String, maxBytes: Int, clientTimeout: Double, maxAttempts: Int = 3,
                defaultRetryWait: Double = 10.0, wait: @escaping (Double) -> Void, note: @escaping (String) -> Void) {
        self.endpoint = endpoint
        self.userAgent = userAgent
        self.maxBytes = maxBytes
        self.clientTimeout = clientTimeout
        self.maxAttempts = maxAttempts
        self.defaultRetryWait = defaultRetryWait
        self.wait = wait
        self.note = note
    }

    /// Sends `query` and writes the complete answer to `path`.
    /// - Throws: ``OverpassError``; `path` then holds nothing usable.
    public func fetch(query: String, to path: String) throws {
        for attempt in 1...maxAttempts {
            let answer = try once(query: query, to: path)
            switch answer.status {
            case 200:
                try Self.checkComplete(path, expectedLength: answer.expectedLength, received: answer.received)
                return
            case 429, 503, 504:
                guard attempt < maxAttempts else { throw OverpassError.busy(status: answer.status, attempts: attempt) }
                let seconds = answer.retryAfter ?? defaultRetryWait
                note("the server is busy (HTTP \(answer.status)); waiting \(Int(seconds.rounded())) s as it asks")
                wait(seconds)
            default:
                let body = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                throw OverpassError.http(status: answer.status, body: String(body.prefix(200))
                    .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces))
            }
        }
        throw OverpassError.busy(status: 429, attempts: maxAttempts)
    }

    public struct Answer { var status: Int, retryAfter: Double?, expectedLength: Int64, received: Int }

    private func once(query: String, to path: String) throws -> Answer {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let file = FileHandle(forWritingAtPath: path) else { throw OverpassError.transport("cannot write \(path)") }
        defer { try? file.close() }
        var request = URLRequest(url: endpoint, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: clientTimeout)
        request.httpMethod = "POST"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(("data=" + (query.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")).utf8)
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = clientTimeout
        config.timeoutIntervalForResource = clientTimeout
        config.httpMaximumConnectionsPerHost = 1
        config.urlCache = nil
        let receiver = Receiver(file: file, maxBytes: maxBytes)
        let session = URLSession(configuration: config, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request).resume()
        receiver.done.wait()
        if receiver.tooLarge { throw OverpassError.tooLarge(bytes: maxBytes) }
        if let error = receiver.error as? URLError {
            switch error.code {
            case .timedOut: throw OverpassError.timedOut(seconds: clientTimeout)
            case .networkConnectionLost where receiver.status != nil:
                throw OverpassError.truncated("the connection closed after \(receiver.received) bytes")
            default:
                if receiver.status != nil { throw OverpassError.truncated("\(error.localizedDescription) after \(receiver.received) bytes") }
                throw OverpassError.transport(error.localizedDescription)
            }
        }
        if let error = receiver.error { throw OverpassError.transport("\(error)") }
        guard let status = receiver.status else { throw OverpassError.transport("no answer") }
        return Answer(status: status, retryAfter: receiver.retryAfter, expectedLength: receiver.expectedLength,
                      received: receiver.received)
    }

    /// A 200 answer is complete when its length is the announced one, it ends with `</osm>`, and
    /// it carries no runtime-error remark (Overpass reports its own timeout that way, with 200).
    public static func checkComplete(_ path: String, expectedLength: Int64, received: Int) throws {
        if expectedLength >= 0 && Int64(received) != expectedLength {
            throw OverpassError.truncated("\(received) of \(expectedLength) bytes")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw OverpassError.truncated("nothing written") }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        let tail = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        if let r = tail.range(of: "<remark>"), let e = tail.range(of: "</remark>", range: r.upperBound..<tail.endIndex),
           tail[r.upperBound..<e.lowerBound].contains("error") {
            throw OverpassError.serverGaveUp(tail[r.upperBound..<e.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard tail.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</osm>") else {
            throw OverpassError.truncated("no closing </osm> after \(received) bytes")
        }
    }

    /// Collects one answer into the file (URLSession's delegate queue calls it).
    public final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        public let file: FileHandle
        public let maxBytes: Int
        public let done = DispatchSemaphore(value: 0)
        public var status: Int?
        public var retryAfter: Double?
        public var expectedLength: Int64 = -1
        public var received = 0
        public var tooLarge = false
        public var error: Error?

        public init(file: FileHandle, maxBytes: Int) {
            self.file = file
            self.maxBytes = maxBytes
        }

        public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse {
                status = http.statusCode
                retryAfter = (http.value(forHTTPHeaderField: "Retry-After")).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                    .map { min(max(0, $0), 600) }
                expectedLength = http.expectedContentLength
            }
            completionHandler(.allow)
        }

        public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard !tooLarge else { return }
            received += data.count
            if received > maxBytes {
                tooLarge = true
                dataTask.cancel()
                return
            }
            file.write(data)
        }

        public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            if !tooLarge { self.error = error }
            done.signal()
        }
    }
}
