import Foundation
import HikeServices
import Testing
import TrailCore
import TrailStore

/// "OLD → NEW" in the photo reports (issue 36): never the same words on both sides when the
/// photo moved.
@Suite struct PhotoChangeWordsTests {
    func photo(_ lat: Double, along: Double, at time: Date? = nil) -> NewPhoto {
        NewPhoto(path: "/p.jpg", size: 1, contentHash: [], takenAt: time, coordinate: Coordinate(latitude: lat, longitude: 1.52),
                 elevation: nil, distanceAlong: along, distanceOff: 0, placement: "gps")
    }

    @Test func equalWordsSayByHowMuchThePhotoMoved() {
        let units = UnitFormatter(system: .metric)
        // 1420 m and 1424 m along both read "1.42 km"; 0.0001° of latitude at 42.56° N is
        // 11.1 m (a meridian degree there: 111 073 m, Bessel's series on WGS84).
        let (was, now) = PhotoLibrary.changeWords(photo(42.56, along: 1420), photo(42.5601, along: 1424), units: units)
        #expect(was == "placed at its GPS tag, 1.42 km along")
        #expect(now == "placed at its GPS tag, 1.42 km along (11 m from where it was)", "\(now)")
        // Different words: as they are.
        let far = PhotoLibrary.changeWords(photo(42.56, along: 1420), photo(42.57, along: 2530), units: units)
        #expect(far.now == "placed at its GPS tag, 2.53 km along")
        // Same place, another time: by how much.
        let t = Date(timeIntervalSince1970: 1_525_248_000)
        let later = PhotoLibrary.changeWords(photo(42.56, along: 1420, at: t), photo(42.56, along: 1420, at: t + 40), units: units)
        #expect(later.now == "placed at its GPS tag, 1.42 km along (taken 40 s later)", "\(later.now)")
    }
}
