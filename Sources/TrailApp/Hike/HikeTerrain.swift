import Localization
import Foundation
import TrailCore

/// What the terrain (SRTM, imported with `cairn dem import`) says about a hike or a drawn
/// route, computed where the terrain is (the CLI's performers, `TrailTerrain`) and handed in
/// plain, so TrailApp needs no terrain module.
///
/// Which figures come from where follows DECISIONS 118: a planned line or a track without any
/// `ele` gets its whole profile from the terrain (``Source/terrain``); a track with its own
/// elevations keeps them (``Source/file``) and the terrain's line and gain go beside them;
/// a track with some `ele` is filled (``Source/fileAndTerrain``), and the terrain's own line
/// and gain go beside the filled profile (DECISIONS 410).
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
    /// Beside a file's own (or filled) elevations: over the stretches with terrain only (``coverage``).
    public var gain: Double?
    public var loss: Double?
    /// Beside a file's own elevations: the file's gain and loss over the same stretches as
    /// ``gain`` (what the terrain's figures compare with); beside a filled profile, the filled
    /// profile's; nil otherwise.
    public var fileGain: Double?
    public var fileLoss: Double?
    /// The share (0…1) of the hike's length with terrain under it, nil when unknown.
    public var coverage: Double?
    /// With the terrain's figures in the hike's statistics (``Source/terrain``,
    /// ``Source/fileAndTerrain``): the share (0…1) of the hike's length the gain is measured
    /// over (`TerrainStatistics.elevationCoverage`, the lists' figure; DECISIONS 411), nil when unknown.
    public var elevationCoverage: Double?
    /// Where the line crosses ground without terrain.
    public var gaps: TerrainGaps
    /// For a profile filled from the terrain (``Source/fileAndTerrain``): true for each point
    /// whose height is the fill's (the file has no `ele` there), in the order of
    /// ``elevations``; empty otherwise.
    public var filled: [Bool]

    public init(source: Source, elevations: [Double?] = [], gain: Double? = nil, loss: Double? = nil,
                fileGain: Double? = nil, fileLoss: Double? = nil, coverage: Double? = nil,
                gaps: TerrainGaps = TerrainGaps(), filled: [Bool] = []) {
        self.source = source
        self.elevations = elevations
        self.gain = gain
        self.loss = loss
        self.fileGain = fileGain
        self.fileLoss = fileLoss
        self.coverage = coverage
        self.gaps = gaps
        self.filled = filled
    }

    /// With the terrain's figures in the hike's statistics: the statistics of the file's own
    /// heights (what the store keeps), so a lowest, highest or steepest figure that is not the
    /// file's own is marked "~" (``mark(_:own:)``); nil otherwise.
    public var fileStatistics: TrackStatistics?

    /// "~" before a figure `value` (a lowest or highest point, a steepest grade) from the
    /// terrain that is not the file's own `own` (a filled or terrain height, a grade over
    /// them; `own` nil: the file has none), else "" (DECISIONS 497). `show`, `stats` and the
    /// hike panel mark with it.
    public static func mark(_ value: Double?, own: Double?) -> String {
        value != nil && value != own ? "~" : ""
    }

    /// True when point `i`'s profile height is the terrain fill's, not the file's.
    public func isFilled(_ i: Int) -> Bool { filled.indices.contains(i) && filled[i] }

    /// What the legend and the cursor call the profile's line beside the terrain's: "GPS",
    /// or "GPS+fill" for a file filled from the terrain.
    public var profileLabel: String { source == .fileAndTerrain ? "GPS+fill" : "GPS" }

    /// True when the terrain lies under only part of the hike (less than 99.5 %, so it would
    /// not print as 100 %).
    public var coversPart: Bool { (coverage ?? 1) < 0.995 }

    /// "terrain covers 48 % of the hike" (whole percent, never rounded up to 100 or down to 0).
    /// `what` is a noun phrase in the user's language (default "the hike"; "the route", "the
    /// leg" from the route report).
    public static func coverageText(_ share: Double, of what: String? = nil) -> String {
        L("terrain covers %d %% of %s", percent(share), what ?? L("the hike"))
    }

    /// A share as whole percent, never rounded up to 100 or down to 0.
    public static func percent(_ share: Double) -> Int {
        let p = share * 100
        return p >= 99.5 && p < 100 ? 99 : (p > 0 && p < 0.5 ? 1 : Int(p.rounded()))
    }

    /// True when a terrain line can go beside the profile (the profile is the file's, filled
    /// or not, and the terrain has at least one height under it).
    public var hasLineBeside: Bool { source != .terrain && elevations.contains { $0 != nil } }

    /// "terrain (SRTM)", "GPS/file", … for the stats panel and the drawing screen.
    public var sourceText: String {
        switch source {
        case .file: return L("file (GPS)")
        case .terrain: return L("terrain (SRTM)")
        case .fileAndTerrain: return L("file + terrain")
        case .none: return L("none")
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
    /// Where the first missing tile is published (NASA's SRTMGL3 zip, `SRTMTileID.downloadURL`),
    /// nil when not known.
    public var downloadAddress: String?

    public init(missingTiles: [String] = [], noTileMetres: Double = 0, voidMetres: Double = 0,
                downloadAddress: String? = nil) {
        self.missingTiles = missingTiles
        self.noTileMetres = noTileMetres
        self.voidMetres = voidMetres
        self.downloadAddress = downloadAddress
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
            out.append(Ln("No terrain tile %s under %s: a gap in the profile.", "No terrain tiles %s under %s: a gap in the profile.",
                          missingTiles.count, names, format.distance(noTileMetres)))
            if let address = downloadAddress {
                out.append(L("Get it (SRTM3, public domain; free NASA Earthdata login) from"))
                out.append(address)
                out.append(L("then run"))
            } else {
                out.append(L("Get %s.SRTMGL3.hgt.zip (SRTM3), then run", missingTiles[0]))
            }
            out.append(Self.importCommand(missingTiles[0]))
        }
        if voidMetres > 0 {
            out.append(L("Terrain voids (SRTM holes) under %s: a gap in the profile.", format.distance(voidMetres)))
        }
        return out
    }

    /// "cairn dem import N42E000.SRTMGL3.hgt.zip" (NASA's file name, taken as it is).
    public static func importCommand(_ tile: String) -> String { "cairn dem import \(tile).SRTMGL3.hgt.zip" }

    /// ``note(_:)`` on lines of at most `width` columns: sentences broken between words (the
    /// rest indented by two), the address and the command each on a line of their own, whole
    /// (cut only at the edge).
    public func noteLines(_ format: UnitFormatter, width: Int) -> [String] {
        note(format).flatMap { text in
            if text == downloadAddress { return Self.addressLines(text, width: width) }
            guard text.hasPrefix("cairn ") else { return DrawScreenView.wrapped(text, indent: "  ", width: width) }
            // The command whole; too long, its file name goes on the next line (a shell takes
            // the two typed as one line).
            if text.count + 2 > width, let space = text.lastIndex(of: " ") {
                return ["  " + text[..<space], "    " + text[text.index(after: space)...]]
            }
            return ["  " + text]
        }
    }

    /// An address too long for `width` columns broken after its slashes (so each piece reads
    /// as part of the path), every line indented by two; a piece without a slash that is still
    /// too long is cut into `width - 2` columns.
    static func addressLines(_ address: String, width: Int) -> [String] {
        let room = max(width - 2, 8)
        var pieces: [String] = []
        var piece = ""
        for ch in address {
            piece.append(ch)
            if ch == "/" { pieces.append(piece); piece = "" }
        }
        if !piece.isEmpty { pieces.append(piece) }
        var lines: [String] = []
        var line = ""
        for p in pieces {
            if !line.isEmpty && line.count + p.count > room { lines.append(line); line = "" }
            line += p
            while line.count > room { lines.append(String(line.prefix(room))); line = String(line.dropFirst(room)) }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { "  " + $0 }
    }
}
