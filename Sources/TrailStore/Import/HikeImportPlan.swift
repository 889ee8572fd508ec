import Foundation
import Localization
import TrailCore

/// What a GPX file offers to import, numbered as `cairn import --list` shows it, and the
/// hikes made from a choice of it.
///
/// Rules (see DECISIONS.md): each track is one candidate, then each route (`rte`), numbered
/// from 1 in file order; tracks and routes without points are listed but not offered by
/// default. A file with no points at all but waypoints has one candidate, its places. The
/// file's waypoints go with every hike made from it.
public struct HikeImportPlan: Sendable {
    /// One importable thing in the file.
    public struct Candidate: Hashable, Sendable {
        public enum Source: Hashable, Sendable {
            /// Index into `GPXDocument.tracks`.
            case track(Int)
            /// Index into `GPXDocument.routes`.
            case route(Int)
            /// The file's waypoints alone.
            case places

            /// True for a `rte`.
            public var isRoute: Bool {
                if case .route = self { return true }
                return false
            }
        }
        /// 1-based number for `--track N`.
        public var number: Int
        public var source: Source
        /// The name the hike will get.
        public var name: String
        public var pointCount: Int
        public var segmentCount: Int
        /// True when it has no points (and is not the places candidate).
        public var isEmpty: Bool { pointCount == 0 && source != .places }
    }

    /// Why a choice cannot be made.
    public enum PlanError: Error, CustomStringConvertible, Equatable {
        /// `--track N` beyond the list; `available` is the number of candidates (valid
        /// numbers are 1 to `available`).
        case noSuchTrack(file: String, number: Int, available: Int)
        /// `--track N` names a track or route without points.
        case emptyCandidate(file: String, number: Int, isRoute: Bool)
        /// No track, route or waypoint with a position.
        case nothingToImport(file: String)

        public var description: String {
            switch self {
            case .noSuchTrack(let f, let n, let a):
                let valid = switch a {
                case 0: L("it has no tracks or routes")
                case 1: L("the only one is 1")
                default: L("choose 1 to %d", a)
                }
                return L("there is no track %d in %s: %s (see --list); nothing imported", n, f, valid)
            case .emptyCandidate(let f, let n, let isRoute):
                return isRoute ? L("route %d of %s is empty; nothing imported", n, f) : L("track %d of %s is empty; nothing imported", n, f)
            case .nothingToImport(let f):
                return L("%s: no tracks, routes or waypoints to import", f)
            }
        }
    }

    public let document: GPXDocument
    /// The file name without its directory, kept as the hikes' source.
    public let fileName: String
    public let candidates: [Candidate]
    /// The statistics of each of `document.tracks`, in order, when the reader already computed
    /// them with the standard configuration (`StatisticsCalculator()`; the plausibility pass of
    /// `HikeFileRead`): ``hikes(selecting:statistics:)`` takes a track's from here instead of
    /// computing them again (DECISIONS 741). Nil, or a count other than the tracks', when not.
    public var trackStatistics: [TrackStatistics]?

    /// - Parameter trackStatistics: see ``trackStatistics``.
    public init(document: GPXDocument, fileName: String, trackStatistics: [TrackStatistics]? = nil) {
        self.document = document
        self.fileName = fileName
        self.trackStatistics = trackStatistics
        let stem = (fileName as NSString).deletingPathExtension
        var list: [Candidate] = []
        let paths = document.tracks.map { ($0.name, $0.pointCount, $0.segments.count) }
            + document.routes.map { ($0.name, $0.points.count, 1) }
        for (i, t) in paths.enumerated() {
            let source: Candidate.Source = i < document.tracks.count ? .track(i) : .route(i - document.tracks.count)
            var name = Self.clean(t.0) ?? Self.clean(document.metadata.name) ?? stem
            if Self.clean(t.0) == nil && paths.count > 1 { name += " \(i + 1)" }
            list.append(Candidate(number: i + 1, source: source, name: name, pointCount: t.1, segmentCount: t.2))
        }
        if list.allSatisfy(\.isEmpty) && !document.waypoints.isEmpty {
            list = [Candidate(number: 1, source: .places, name: Self.clean(document.metadata.name) ?? stem,
                              pointCount: 0, segmentCount: 0)]
        }
        candidates = list
    }

    private static func clean(_ s: String?) -> String? {
        guard let t = s?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty else { return nil }
        return t
    }

    /// The candidates imported when the user picks nothing: all that are not empty.
    public var defaultSelection: [Int] { candidates.filter { !$0.isEmpty }.map(\.number) }

    /// The hikes for the chosen candidate numbers, in file order.
    /// - Parameters:
    ///   - numbers: candidate numbers (`--track`), or nil for ``defaultSelection``.
    ///   - statistics: computes a track's statistics (`StatisticsCalculator`); not called for a
    ///     track whose statistics ``trackStatistics`` holds.
    /// - Throws: ``PlanError``: a number beyond the list, or naming an empty track or route
    ///   (asked for explicitly, so the whole choice fails rather than storing a hike without
    ///   points).
    public func hikes(selecting numbers: [Int]? = nil,
                      statistics: (Track) -> TrackStatistics) throws -> [NewHike] {
        for n in numbers ?? [] {
            guard let c = candidates.first(where: { $0.number == n }) else {
                throw PlanError.noSuchTrack(file: fileName, number: n, available: candidates.count)
            }
            if c.isEmpty { throw PlanError.emptyCandidate(file: fileName, number: n, isRoute: c.source.isRoute) }
        }
        let chosen = Set(numbers ?? defaultSelection)
        let picked = candidates.filter { chosen.contains($0.number) }
        if picked.isEmpty || picked.allSatisfy(\.isEmpty) && numbers == nil {
            throw PlanError.nothingToImport(file: fileName)
        }
        let meta = document.metadata
        return picked.map { c in
            var m = HikeMetadata(gpxVersion: document.version, creator: document.creator, fileName: meta.name,
                                 fileDescription: meta.description, author: meta.author, copyright: meta.copyright,
                                 links: meta.links, time: meta.time, keywords: meta.keywords)
            var tracks: [Track] = []
            var known: TrackStatistics?
            var description = Self.clean(meta.description)
            switch c.source {
            case .track(let i):
                tracks = [document.tracks[i]]
                if let all = trackStatistics, all.count == document.tracks.count { known = all[i] }
            case .route(let i):
                tracks = [document.routes[i].asTrack]
                m.isRoute = true
            case .places:
                break
            }
            var stats = TrackStatistics()
            if let t = tracks.first {
                m.comment = t.comment
                m.source = t.source
                m.trackLinks = t.links
                m.number = t.number
                m.type = t.type
                description = Self.clean(t.description) ?? description
                stats = known ?? statistics(t)
            } else {
                stats.boundingBox = BoundingBox(covering: document.waypoints.map(\.coordinate))
            }
            return NewHike(name: c.name, description: description, kind: .imported, sourceFileName: fileName,
                           metadata: m, tracks: tracks, waypoints: document.waypoints, statistics: stats)
        }
    }
}
