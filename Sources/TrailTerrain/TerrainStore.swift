import Foundation
import Localization
import TrailCore

/// The offline terrain: a folder of SRTM `.hgt` files named by tile (`N42E001.hgt`), each
/// memory-mapped when first needed (DECISIONS.md 115: mapped files beat SQLite blobs here).
/// Default folder `$CAIRN_DEM`, else `$XDG_DATA_HOME/cairn/terrain`, else
/// `~/.local/share/cairn/terrain` (beside the map store); see ``defaultPath(environment:)``.
///
/// Not thread-safe (it caches mapped tiles): one store per thread; the tiles it hands out are.
public final class TerrainStore {
    /// The folder.
    public let directory: String
    /// The tiles found in the folder when the store was opened, by id, with their file paths.
    public private(set) var tilePaths: [SRTMTileID: String]
    /// Files in the folder that look like tiles but are not usable (name, reason).
    public private(set) var ignored: [(file: String, reason: String)]
    private var cache: [SRTMTileID: HGTTile] = [:]
    private var last: HGTTile?

    /// Opens the folder (it need not exist: then the store is empty).
    public init(directory: String) {
        self.directory = directory
        self.tilePaths = [:]
        self.ignored = []
        rescan()
    }

    /// A store over tiles already in memory (tests, benchmarks).
    public init(tiles: [HGTTile]) {
        self.directory = ""
        self.tilePaths = [:]
        self.ignored = []
        for t in tiles { cache[t.id] = t; tilePaths[t.id] = "(memory)" }
    }

    /// `$CAIRN_DEM`, else `$XDG_DATA_HOME/cairn/terrain` (absolute XDG only), else
    /// `$HOME/.local/share/cairn/terrain`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let p = environment["CAIRN_DEM"], !p.isEmpty { return p }
        if let x = environment["XDG_DATA_HOME"], x.hasPrefix("/") {
            return (x as NSString).appendingPathComponent("cairn/terrain")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/cairn/terrain")
    }

    /// Reads the folder listing again (after an import).
    public func rescan() {
        guard !directory.isEmpty else { return }
        tilePaths = [:]; ignored = []; cache = [:]; last = nil
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where name.lowercased().hasSuffix(".hgt") && !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let id = SRTMTileID.fromFileName(name) else { ignored.append((name, L("not an SRTM tile name"))); continue }
            let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? -1
            guard HGTFormat.forByteCount(size) != nil else { ignored.append((name, L("%d bytes is no SRTM grid", size))); continue }
            tilePaths[id] = path
        }
    }

    /// The tile ids held, south-west first.
    public var tileIDs: [SRTMTileID] { tilePaths.keys.sorted() }

    /// The tile `id`, mapped on first use; nil when the folder has none (or it cannot be mapped).
    public func tile(_ id: SRTMTileID) -> HGTTile? {
        if let t = cache[id] { return t }
        guard let path = tilePaths[id], let t = try? HGTTile(id: id, path: path) else { return nil }
        cache[id] = t
        return t
    }

    /// The terrain height at a position, or why there is none. Uses the rule of
    /// ``HGTTile/height(latitude:longitude:)``. A point on a tile edge is taken from whichever
    /// of the tiles sharing that edge is present.
    public func height(at c: Coordinate) -> TerrainHeight {
        guard c.latitude.isFinite, c.longitude.isFinite, abs(c.latitude) <= 90, abs(c.longitude) <= 180 else {
            return .noData(.invalidCoordinate)
        }
        if let t = last, let h = t.height(latitude: c.latitude, longitude: c.longitude) { return .metres(h) }
        let candidates = SRTMTileID.covering(c)
        let id = candidates[0]
        var voidTile: SRTMTileID?
        for cand in candidates {
            guard let t = tile(cand) else { continue }
            if let h = t.height(latitude: c.latitude, longitude: c.longitude) { last = t; return .metres(h) }
            voidTile = voidTile ?? cand
        }
        if let voidTile { return .noData(.void(voidTile)) }
        return .noData(.noTile(id))
    }

    /// The imported tile a height at `c` is read from (on an edge, the first present of the
    /// tiles sharing it, as ``height(at:)`` takes them), nil when none is imported.
    public func sourceTile(at c: Coordinate) -> SRTMTileID? {
        SRTMTileID.covering(c).first { tile($0) != nil }
    }

    /// Heights for many points in metres, `nil` where there is no data (see ``height(at:)``).
    public func heights(at coordinates: [Coordinate]) -> [Double?] {
        coordinates.map { height(at: $0).metres }
    }

    /// Fills `output[i]` with the height of `coordinates[i]`, NaN where there is no data: the
    /// allocation-free path for long tracks (about 1,000,000 points in well under 100 ms).
    public func heights(at coordinates: UnsafeBufferPointer<Coordinate>, into output: UnsafeMutableBufferPointer<Double>) {
        precondition(output.count >= coordinates.count)
        for i in 0..<coordinates.count {
            let c = coordinates[i]
            if let t = last, let h = t.height(latitude: c.latitude, longitude: c.longitude) {
                output[i] = h
            } else {
                output[i] = height(at: c).metres ?? .nan
            }
        }
    }

    /// The area covered: one box per tile.
    public var coverage: [BoundingBox] { tileIDs.map(\.boundingBox) }
}

/// A terrain height or the reason there is none.
public enum TerrainHeight: Hashable, Sendable {
    /// Metres above the EGM96 geoid (SRTM's vertical datum; close to GPS "MSL" heights).
    case metres(Double)
    case noData(NoDataReason)

    /// The height, nil for no data.
    public var metres: Double? {
        if case .metres(let h) = self { return h }
        return nil
    }
}

/// Why a position has no terrain height.
public enum NoDataReason: Hashable, Sendable, CustomStringConvertible {
    /// No tile for the cell has been imported.
    case noTile(SRTMTileID)
    /// The tile is there but the four samples around the point are voids.
    case void(SRTMTileID)
    /// Latitude or longitude out of range or not a number.
    case invalidCoordinate

    public var description: String {
        switch self {
        case .noTile(let id): return L("no terrain tile %s imported; %s", id.name, id.howToGet)
        case .void(let id): return L("a void in tile %s: the four surrounding samples have no data", id.name)
        case .invalidCoordinate: return L("not a valid position")
        }
    }

    /// A short key for JSON: "noTile", "void", "invalidCoordinate".
    public var key: String {
        switch self {
        case .noTile: return "noTile"
        case .void: return "void"
        case .invalidCoordinate: return "invalidCoordinate"
        }
    }
}

extension SRTMTileID {
    /// Where a tile is published: NASA's SRTMGL3 v3 (3″, void-filled, public domain) on the
    /// LP DAAC data pool, one zip per tile (a free NASA Earthdata login is asked for). The
    /// file name's stem is the tile name, so `cairn dem import` takes the download as it is.
    public var downloadURL: String {
        "https://e4ftl01.cr.usgs.gov/MEASURES/SRTMGL3.003/2000.02.11/\(name).SRTMGL3.hgt.zip"
    }

    /// "get N42E000.hgt (SRTM3, public domain; free NASA Earthdata login) from URL, then run
    /// `cairn dem import N42E000.SRTMGL3.hgt.zip`".
    public var howToGet: String {
        L("get %s.hgt (SRTM3, public domain; free NASA Earthdata login) from %s, then run `cairn dem import %s.SRTMGL3.hgt.zip`", name, downloadURL, name)
    }

    /// The tiles that hold a sample at `c`: the one containing it, then on its south and west
    /// edges the neighbours sharing that edge (a tile's first and last rows and columns
    /// repeat its neighbours' edges).
    public static func covering(_ c: Coordinate) -> [SRTMTileID] {
        let id = containing(latitude: c.latitude, longitude: c.longitude)
        var candidates = [id]
        let onSouth = c.latitude == Double(id.latitude), onWest = c.longitude == Double(id.longitude)
        if onSouth { candidates.append(SRTMTileID(latitude: id.latitude - 1, longitude: id.longitude)) }
        if onWest { candidates.append(SRTMTileID(latitude: id.latitude, longitude: id.longitude - 1)) }
        if onSouth && onWest { candidates.append(SRTMTileID(latitude: id.latitude - 1, longitude: id.longitude - 1)) }
        return candidates
    }
}
