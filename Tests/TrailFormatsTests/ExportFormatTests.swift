import Testing
import TrailFormats

/// ``ExportFormat``: which writer a file name asks for, and the names refused (DECISIONS 681).
@Suite struct ExportFormatTests {
    @Test func theExtensionNamesTheFormat() {
        #expect(ExportFormat(fileExtension: "geojson") == .geojson)
        #expect(ExportFormat(fileExtension: "json") == .geojson)
        #expect(ExportFormat(fileExtension: "kml") == .kml)
        #expect(ExportFormat(fileExtension: "tcx") == .tcx)
        #expect(ExportFormat(fileExtension: "gpx") == .gpx)
        #expect(ExportFormat(fileExtension: "txt") == .gpx)
        #expect(ExportFormat.gpx.writer is GPXWriter && ExportFormat.tcx.writer is TCXWriter)
    }

    @Test func formatsCairnDoesNotWriteAreRefused() {
        for ext in ["kmz", "fit", "igc", "nmea", "plt", "gdb", "crs", "loc"] { #expect(ExportFormat.unwritable(ext) != nil) }
        for f in ExportFormat.allCases { #expect(ExportFormat.unwritable(f.rawValue) == nil) }
        #expect(ExportFormat.unwritable("json") == nil)
    }
}
