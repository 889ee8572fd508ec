import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// The map and the profile see a hike without its stray fixes (a receiver's 0,0 and an
/// elevation spike), and the screen says how many were left out.
@Suite struct StrayFixViewTests {
    /// 21 points a minute apart walking north at 1 m/s near Andorra, elevations rising 1 m a
    /// point; point 10 is at 0,0 and point 15's elevation is 400 m too high.
    static func trackWithStrays() -> Track {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var points: [Trackpoint] = []
        for i in 0...20 {
            let lat = 42.6 + Double(i) * 60 / 111_195
            var p = Trackpoint(latitude: lat, longitude: 1.53, elevation: 1500 + Double(i), time: start.addingTimeInterval(Double(i) * 60))
            if i == 10 { p = Trackpoint(latitude: 0, longitude: 0, elevation: 1510, time: p.time) }
            if i == 15 { p.elevation = 1915 }
            points.append(p)
        }
        return Track(name: "Strays", segments: [TrackSegment(points: points)])
    }

    @Test func strayFixesAreLeftOutOfTheMapAndProfile() {
        let hike = PreparedHike(name: "Strays", tracks: [Self.trackWithStrays()])
        #expect(hike.strayFixesLeftOut == 2)
        #expect(hike.pointCount == 20, "the 0,0 fix is not drawn")
        #expect(!hike.coordinates.contains { abs($0.latitude) < 1 })
        let top = hike.profile.elevations.compactMap { $0 }.max() ?? 0
        #expect(top < 1600, "the 400 m spike is not in the profile (highest \(top))")
        #expect(hike.statistics.maxElevation.map { $0 < 1600 } == true)
    }

    @Test func theHikeScreenSaysHowManyWereLeftOut() {
        let app = CairnApp()
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Strays", distance: 1200, start: 0)]))
        _ = app.update(&s, .hikeLoaded(HikeID(rowID: 1), PreparedHike(name: "Strays", tracks: [Self.trackWithStrays()]),
                                       forPreview: false))
        let status = app.view(s, width: 120, height: 40).textLines()[39]
        #expect(status.contains("2 stray fixes left out of the map and profile"), "\(status)")
        // A hike without strays says nothing of the kind.
        var clean = Self.trackWithStrays()
        clean.segments[0].points.remove(at: 15)
        clean.segments[0].points.remove(at: 10)
        #expect(PreparedHike(name: "Clean", tracks: [clean]).strayFixesLeftOut == 0)
    }
}
