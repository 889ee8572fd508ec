// Garmin FIT bytes through FITReader, what `TrackFileReader` (import, stats, render FILE, the viewer's `i`) uses for them,
// then the statistics `stats` prints for every track and route of what was read (issue 33).
import FuzzSupport
import TrailCore
import TrailFormats

FuzzDriver.run { bytes, count in
    guard let result = try? FITReader.read(data: FuzzDriver.data(bytes, count), fileName: "fuzz.fit") else { return 0 }
    let calculator = StatisticsCalculator()
    for track in result.document.tracks {
        _ = calculator.statistics(for: track)
        _ = calculator.segmentStatistics(for: track)
    }
    for route in result.document.routes where !route.points.isEmpty {
        _ = calculator.statistics(for: route.asTrack)
    }
    return 0
}
