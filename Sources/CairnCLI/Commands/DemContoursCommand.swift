import Localization
import Foundation
import HikeServices
import TermUI
import TrailApp
import TrailCore
import TrailTerrain

/// `cairn dem contours LAT,LON`: the terrain's contour lines around a position as braille
/// text (no map features), to look at the terrain without the TUI.
enum DemContoursCommand: Command {
    static let name = "dem contours"
    static let summary = N("Draw the terrain's contour lines around a position (braille text)")
    static let about = N("Draws the contour lines of the imported terrain in a view of W×H terminal cells\n(default 100x30) centred on LAT,LON at slippy-map zoom Z (default 14). The interval\nfollows the zoom (20 m from z15, 50 m at z14, 100 m at z13, 200 m below); every fifth\nline is an index line with its height written on it. Lines are marching squares over\nthe SRTM samples; none is drawn through voids or where no tile is imported. A view with\nno imported tile under it is an error naming the tile and where to get it (exit 1);\none with some missing says which on standard error.")
    static let arguments = [ArgumentSpec("LAT,LON", beginsWithDash: DemCommandSupport.looksLikePosition, help: N("the centre in decimal degrees, latitude first"))]
    static let zoom = OptionSpec("--zoom", value: "Z", defaultValue: "14", help: N("slippy-map zoom level 8…17"))
    static let size = OptionSpec("--size", value: "WxH", defaultValue: "100x30", help: N("width and height in cells"))
    static let options: [OptionSpec] = [zoom, size, .dem]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let directory = try DemCommandSupport.directory(args, context)
        let zoomText = args.value(Self.zoom)
        let sizeText = args.value(Self.size)
        let texts = args.positionals
        guard texts.count == 1 else { throw CLIError.usage(L("dem contours needs one position LAT,LON")) }
        let centre = try DemCommandSupport.parsePosition(texts[0])
        guard let zoom = Int(zoomText ?? "14"), (8...17).contains(zoom) else { throw CLIError.usage(L("--zoom takes 8…17")) }
        let size = (sizeText ?? "100x30").split(separator: "x").compactMap { Int($0) }
        guard size.count == 2, (10...400).contains(size[0]), (4...200).contains(size[1]) else {
            throw CLIError.usage(L("--size takes WxH, e.g. 100x30"))
        }
        let store = TerrainStore(directory: directory)
        guard !store.tilePaths.isEmpty else {
            throw CLIError.failure(L("no terrain tiles in %s; import one with `cairn dem import N42E001.hgt.zip`", TerminalText.clean(directory)))
        }
        let view: ContourView
        do {
            view = try ContourView(store: store, centre: centre, zoom: zoom, width: size[0], height: size[1]) { missing in
                let names = missing.map(\.name).joined(separator: ", ")
                context.stderr.write(L("No terrain tile %s under part of the view (no lines there); %s\n", names, missing[0].howToGet))
            }
        } catch let e as ContourView.Failure {
            // No imported tile under the view: nothing to draw, said as `dem at` says it (exit 1).
            throw CLIError.failure(e.description)
        }
        let interval = view.interval
        context.stdout.write(view.buffer.textDump() + "\n")
        context.stdout.write(Ln("Contours every %d m (index every %d m), %d line; terrain: SRTM (NASA/USGS, public domain)",
                                "Contours every %d m (index every %d m), %d lines; terrain: SRTM (NASA/USGS, public domain)", view.lineCount,
                                Int(interval), Int(interval * 5), view.lineCount) + "\n")
        return 0
    }
}
