import Foundation
import TrailCore

/// What the terrain (SRTM, imported with `cairn dem import`) says about a hike or a drawn
/// route, computed where the terrain is (the CLI's performers, `TrailTerrain`) and handed in
/// plain, so TrailApp needs no terrain module.
///
/// Which figures come from where follows DECISIONS 118: a planned line or a track without any
/// `ele` gets its whole profile from the terrain (``Source/terrain``); a track with its own
/// elevations keeps them (``Source/file``) and the terrain's line and gain go beside them;
/// a track with some `ele` is filled (``Source/fileAndTerrain``).
public struct HikeTerrain: Sendable, Hashable {
    /// Where the profile's elevations come from (the `elevationSource` of `cairn show --json`).
    public enum Source: String, Sendable, Hashable {
        case file
        case terrain
        case fileAndTerrain = "file+terrain"
        case none
    }

    /// The profile's source.
    public var source: Source
    /// The terrain height under every flattened point of the hike (metres, nil where there is
    /// no terrain): the line drawn beside the GPS line (`t` on the hike screen). Empty when the
    /// profile is the terrain's already.
    public var elevations: [Double?]
    /// Gain and loss by the terrain along the line (metres, 5 m hysteresis), nil without data.
    /// Beside a file's own elevations: over the stretches with terrain only (``coverage``).
    public var gain: Double?
    public var loss: Double?
    /// Beside a file's own elevations: the file's gain and loss over the same stretches as
    /// ``gain`` (what the terrain's figures compare with), nil otherwise.
    public var fileGain: Double?
    public var fileLoss: Double?
    /// The share (0…1) of the hike's length with terrain under it, nil when unknown.
    public var coverage: Double?
    /// Where the line crosses ground without terrain.
    public var gaps: TerrainGaps

    public init(source: Source, elevations: [Double?] = [], gain: Double? = nil, loss: Double? = nil,
                fileGain: Double? = nil, fileLoss: Double? = nil, coverage: Double? = nil,
                gaps: TerrainGaps = TerrainGaps()) {
        self.source = source
        self.elevations = elevations
        self.gain = gain
        self.loss = loss
        self.fileGain = fileGain
        self.fileLoss = fileLoss
        self.coverage = coverage
        self.gaps = gaps
    }

    /// True when the terrain lies under only part of the hike (less than 99.5 %, so it would
    /// not print as 100 %).
    public var coversPart: Bool { (coverage ?? 1) < 0.995 }

    /// "terrain covers 48 % of the hike" (whole percent, never rounded up to 100 or down to 0).
    public static func coverageText(_ share: Double) -> String { "terrain covers \(percent(share)) % of the hike" }

    /// A share as whole percent, never rounded up to 100 or down to 0.
    public static func percent(_ share: Double) -> Int {
        let p = share * 100
        return p >= 99.5 && p < 100 ? 99 : (p > 0 && p < 0.5 ? 1 : Int(p.rounded()))
    }

    /// True when a terrain line can go beside the profile (the profile is the file's and the
    /// terrain has at least one height under it).
    public var hasLineBeside: Bool { source != .terrain && elevations.contains { $0 != nil } }

    /// "terrain (SRTM)", "GPS/file", … for the stats panel and the drawing screen.
    public var sourceText: String {
        switch source {
        case .file: return "file (GPS)"
        case .terrain: return "terrain (SRTM)"
        case .fileAndTerrain: return "file + terrain"
        case .none: return "none"
        }
    }
}

/// The stretches of a line that cross ground with no terrain: tiles not imported, and voids
/// (SRTM3's holes) the interpolation could not fill (DECISIONS 116).
public struct TerrainGaps: Sendable, Hashable {
    /// SRTM names (`N43E001`) of the tiles under the line that are not imported, in order.
    public var missingTiles: [String]
    /// Metres of the line without a tile under them.
    public var noTileMetres: Double
    /// Metres of the line over voids.
    public var voidMetres: Double

    public init(missingTiles: [String] = [], noTileMetres: Double = 0, voidMetres: Double = 0) {
        self.missingTiles = missingTiles
        self.noTileMetres = noTileMetres
        self.voidMetres = voidMetres
    }

    /// True when the whole line has terrain.
    public var isEmpty: Bool { missingTiles.isEmpty && noTileMetres == 0 && voidMetres == 0 }

    /// The note shown beside the profile: which tiles are missing and how to get them, and
    /// the voids. Distances in `format`'s units. Empty without gaps. The last line of a missing
    /// tile's note is the command to run, alone (``noteLines(_:width:)`` never breaks it).
    public func note(_ format: UnitFormatter) -> [String] {
        var out: [String] = []
        if !missingTiles.isEmpty {
            let names = missingTiles.prefix(3).joined(separator: ", ") + (missingTiles.count > 3 ? "…" : "")
            let tiles = missingTiles.count == 1 ? "tile" : "tiles"
            out.append("No terrain \(tiles) \(names) under \(format.distance(noTileMetres)): a gap in the profile.")
            out.append("Get \(missingTiles[0]).hgt.zip (SRTM3), then run")
            out.append(Self.importCommand(missingTiles[0]))
        }
        if voidMetres > 0 {
            out.append("Terrain voids (SRTM holes) under \(format.distance(voidMetres)): a gap in the profile.")
        }
        return out
    }

    /// "cairn dem import N42E000.hgt.zip".
    public static func importCommand(_ tile: String) -> String { "cairn dem import \(tile).hgt.zip" }

    /// ``note(_:)`` on lines of at most `width` columns: sentences broken between words (the
    /// rest indented by two), the command on a line of its own, whole (cut only at the edge).
    public func noteLines(_ format: UnitFormatter, width: Int) -> [String] {
        note(format).flatMap { text in
            text.hasPrefix("cairn ") ? ["  " + text] : DrawScreenView.wrapped(text, indent: "  ", width: width)
        }
    }
}
