import Foundation
import TrailCore
import TrailMap
import TrailTerrain

/// The map store (read-only) and what is made from it, opened lazily on the map queue of a
/// ``SerialAccess``: the viewer's basemaps, searches, place lists, route planning, matching
/// and the ground under a hike all read the map through `SerialAccess<MapConnection>`.
/// Not `Sendable`: it stays on its accessor's queue.
public struct MapConnection {
    /// The map store's path (it need not exist: no map imported).
    public let path: String
    /// The terrain folder, nil for none.
    public let terrainPath: String?
    private var opened: MapStore??
    private var openedTerrain: TerrainStore??
    /// The drawing screen's route planner once made (over this connection's map store).
    public var planner: RoutePlanner?
    /// What is at each route stop looked up so far (nil: nothing named near it).
    public var namedPlaces: [Coordinate: NamedPlace?] = [:]

    public init(path: String, terrainPath: String?) {
        self.path = path
        self.terrainPath = terrainPath
    }

    /// The map store, or nil when no map has been imported (the file does not exist). An
    /// absent file is looked for once; a file that cannot be opened throws each time.
    /// - Throws: ``MapStore``'s opening errors.
    public mutating func store() throws -> MapStore? {
        if let opened { return opened }
        guard FileManager.default.fileExists(atPath: path) else {
            opened = .some(nil)
            return nil
        }
        let m = try MapStore(path: path, readOnly: true)
        opened = .some(m)
        return m
    }

    /// The terrain for contours and route costs; nil when the folder holds no tile.
    public mutating func terrain() -> TerrainStore? {
        if let openedTerrain { return openedTerrain }
        let t = TerrainFolder.open(terrainPath)
        openedTerrain = .some(t)
        return t
    }
}

/// Reads the map store for a caller that may or may not hold a serial accessor: the viewer
/// passes its `SerialAccess<MapConnection>`, the commands a ``MapFile``.
public protocol MapReading {
    /// Runs `body` with the map store (nil when none was imported) and returns its result.
    /// - Throws: the store's opening errors and what `body` throws.
    func readMap<T: Sendable>(_ body: (MapStore?) throws -> T) throws -> T
}

extension SerialAccess: MapReading where Connection == MapConnection {
    public func readMap<T: Sendable>(_ body: (MapStore?) throws -> T) throws -> T {
        try read { try body($0.store()) }
    }
}

/// The map store at a path, opened read-only for each ``readMap(_:)`` (a command reads it
/// once or twice, on one thread).
public struct MapFile: MapReading {
    public let path: String

    public init(path: String) { self.path = path }

    public func readMap<T: Sendable>(_ body: (MapStore?) throws -> T) throws -> T {
        try body(try Self.open(path))
    }

    /// The map store at `path` opened read-only, nil when the file does not exist or is not a
    /// map store yet (an import has only just created it: ``MapStore/OpenError/notAStoreYet``).
    public static func open(_ path: String) throws -> MapStore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return try MapStore(path: path, readOnly: true) } catch let e as MapStore.OpenError where e.notAStoreYet { return nil }
    }
}

/// A terrain folder opened for one queue (a ``TerrainStore`` maps its tiles lazily and is not
/// shared between threads).
enum TerrainFolder {
    /// The tiles in `path`, nil for no path or a folder without tiles.
    static func open(_ path: String?) -> TerrainStore? {
        guard let path else { return nil }
        let t = TerrainStore(directory: path)
        return t.tilePaths.isEmpty ? nil : t
    }
}

extension MapConnection {
    /// The route planner, made the first time it is needed. Without a map store (none
    /// imported, or unreadable) it plans over an empty in-memory map, so every leg is a
    /// straight line and drawing still works. The terrain (when tiles exist) weighs climbing
    /// in the leg costs (DECISIONS 121). Nil only when not even the empty map can be made.
    public mutating func routePlanner() -> RoutePlanner? {
        if let planner { return planner }
        guard let store = ((try? self.store()) ?? nil) ?? (try? MapStore(path: ":memory:")) else { return nil }
        let p = RoutePlanner(store: store, elevation: terrain().map { TerrainLookup(store: $0) })
        planner = p
        return p
    }
}
