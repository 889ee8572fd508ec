import Foundation
import TermUI
import TrailApp
import TrailCore
import TrailFormats
import TrailMap

/// Paths, themes and builders shared by the viewer's tests (TrailAppTests, ViewerRuntimeTests,
/// the viewer tests of CairnCLITests) and the command tests' map fixtures.
public enum TestSupport {
    /// The repository root (from this file's path, `Tests/CairnTestSupport/`).
    public static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The repository root (the command tests' name for ``repo``).
    public static var repoRoot: URL { repo }
    /// `Samples/`.
    public static let samples = repo.appendingPathComponent("Samples")
    /// `../shared/data` next to the checkout, or nil when absent.
    public static var sharedData: URL? {
        let u = repo.deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: u.path) ? u : nil
    }

    /// A theme from `Themes/` (the plain theme when it cannot be read).
    public static func theme(_ name: String) -> Theme {
        (try? ThemeLoader(directory: repo.appendingPathComponent("Themes").path).load(named: name)) ?? .plain
    }

    /// Metric units, UTC, braille, the given theme.
    public static func environment(_ theme: String = "dark", units: UnitSystem = .metric,
                                   mode: CanvasMode = .braille) -> WidgetEnvironment {
        WidgetEnvironment(theme: self.theme(theme), format: UnitFormatter(system: units), canvasMode: mode)
    }

    /// The first track (or route) of a Samples file, prepared.
    public static func sampleHike(_ file: String) throws -> PreparedHike {
        try hike(at: samples.appendingPathComponent(file))
    }

    /// The first track (or route) of a GPX file, prepared.
    public static func hike(at url: URL) throws -> PreparedHike {
        let doc = try GPXReader.read(url: url).document
        let tracks = doc.tracks.isEmpty ? doc.routes.map(\.asTrack) : [doc.tracks[0]]
        return PreparedHike(name: tracks.first?.name ?? url.deletingPathExtension().lastPathComponent, tracks: tracks)
    }

    /// A track of `count` points due north from `start`, `spacing` metres apart (the latitude
    /// step is spacing / 110,574 m per degree, the meridian arc at the equator), elevations
    /// from `elevation(i)`.
    public static func northbound(count: Int, spacing: Double = 11.0574, start: Coordinate = Coordinate(latitude: 0, longitude: 10),
                                  elevation: (Int) -> Double? = { _ in nil }, name: String = "north") -> PreparedHike {
        let step = spacing / 110_574
        let points = (0..<count).map { i in
            Trackpoint(latitude: start.latitude + Double(i) * step, longitude: start.longitude, elevation: elevation(i))
        }
        return PreparedHike(name: name, tracks: [Track(name: name, segments: [TrackSegment(points: points)])])
    }

    /// A map feature for tests: a node for one coordinate, else a way.
    public static func feature(_ id: Int64, _ cls: FeatureClass, _ coords: [Coordinate], name: String? = nil,
                               extra: [String: String] = [:]) -> MapFeature {
        var tags = extra
        if let name { tags["name"] = name }
        let kind: GeometryKind = coords.count == 1 ? .point : .line
        return MapFeature(id: MapFeatureID(type: coords.count == 1 ? .node : .way, osmID: id), featureClass: cls,
                          kind: kind, parts: [coords], tags: MapTags(tags), minZoom: 0,
                          bounds: BoundingBox(covering: coords)!, isComplete: true)
    }

    /// The Unicode scalar values of every symbol in `buffer`.
    public static func scalars(_ buffer: Buffer) -> [Unicode.Scalar] {
        buffer.cells.flatMap { Array($0.symbol.unicodeScalars) }
    }

    /// The braille dot mask of the cell at (`x`, `y`), 0 when it is not a braille cell.
    public static func brailleMask(_ buffer: Buffer, x: Int, y: Int) -> UInt8 {
        guard let s = buffer[x, y]?.symbol.unicodeScalars.first, s.value >= 0x2800, s.value <= 0x28FF,
              buffer[x, y]!.symbol.unicodeScalars.count == 1 else { return 0 }
        return UInt8(s.value - 0x2800)
    }

    /// Rows of braille dots set in a cell's mask (0 top … 3 bottom) in the given dot column.
    public static func dotRows(mask: UInt8, column: Int) -> [Int] {
        (0..<4).filter { mask & BrailleGlyphs.bit(column: column, row: $0) != 0 }
    }
}
