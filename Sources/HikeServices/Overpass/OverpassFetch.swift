import Foundation
import Localization
import OverpassSupport
import TrailCore

/// One area's answer from an Overpass API server, kept in the cache (``OverpassCache``): one
/// request at a time (the cache folder's lock), asked through the `cairn-overpass` program
/// (``OverpassHelper``), never asked again while the cache has it unless refreshed.
public enum OverpassFetch {
    /// Why there is no answer; `description` is one line for the user.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Makes sure `cache` holds the answer to `query` from `endpoint`, asking the server when
    /// it does not (or `refresh`), holding the cache folder's lock.
    /// - Parameters:
    ///   - asking: called just before the server is asked.
    ///   - note: the helper's notes (waits, retries), one line each.
    /// - Returns: whether the server was asked (false: the cache had it), and the lock, still
    ///   held: release it once done with the answer (so no other fetch replaces it meanwhile).
    /// - Throws: ``Failure``: the lock is held by another fetch, the helper is not installed,
    ///   or the request failed (the partial answer is discarded).
    public static func answer(_ query: OverpassQuery, from endpoint: String, cache: OverpassCache, refresh: Bool, userAgent: String,
                              asking: () -> Void, note: (String) -> Void) throws -> (fetched: Bool, lock: OverpassCache.Lock) {
        let lock: OverpassCache.Lock
        do { lock = try cache.lock() } catch { throw Failure(description: "\(error)") }
        var held = false
        defer { if !held { lock.release() } }
        guard refresh || !cache.hasAnswer else { held = true; return (false, lock) }
        asking()
        guard let helper = OverpassHelper.find() else {
            throw Failure(description: L("%s, which makes the request, is not installed beside cairn; reinstall cairn ('make install' puts it in PREFIX/libexec/cairn)",
                                         OverpassHelper.programName))
        }
        do {
            try helper.fetch(query: query.text, endpoint: endpoint, userAgent: userAgent, maxBytes: query.maxSize,
                             timeout: Double(query.timeout) + 5, to: cache.partPath, note: note)
            try cache.keep(bounds: query.box)
        } catch let e as OverpassError {
            cache.discardPart()
            throw Failure(description: L("%s; nothing was imported", TerminalText.clean(e.description)))
        }
        held = true
        return (true, lock)
    }
}
