import Foundation
import TrailCore
import Localization

/// When a photograph was taken, from its EXIF: `DateTimeOriginal` read in the camera's own
/// offset (`OffsetTimeOriginal`) when it wrote a plausible one, else in a time zone the hiker
/// gives (`--tz`, else `TZ`); plus `SubSecTimeOriginal`; plus a clock correction.
public enum PhotoClock {
    /// The capture instant and how it was read, or nil with the reason.
    public struct Capture: Sendable, Equatable {
        /// The instant (UTC).
        public var time: Date
        /// "+02:00 from the camera" or "Europe/Andorra (--tz)": what the local time was read in.
        public var zone: String
        /// The camera's offset as it wrote it ("+02:00") when the time was read in it; nil when
        /// it was read in the zone given.
        public var cameraOffset: String? = nil
    }

    /// Why a photo has no capture time.
    public enum Missing: Error, Sendable, Equatable, CustomStringConvertible {
        /// No `DateTimeOriginal`.
        case none
        /// A `DateTimeOriginal` that is not a date ("yesterday", "0000:00:00 00:00:00"), as written.
        case unreadable(String)
        /// A date before the GPS era (6 January 1980): a camera whose clock was never set.
        case unset(String)

        public var description: String {
            switch self {
            case .none: return L("no capture time in its EXIF")
            case .unreadable(let text): return L("unreadable capture time '%s' in its EXIF", text)
            case .unset(let text): return L("capture time %s is before 1980: the camera's clock was not set", text)
            }
        }
    }

    /// Earliest believable capture time: the GPS epoch, 1980-01-06T00:00:00Z.
    public static let earliest = Date(timeIntervalSince1970: 315_964_800)

    /// Largest offset from UTC any time zone has (UTC+14, Line Islands); an EXIF offset beyond
    /// it ("+25:00") is a lie and is not used.
    public static let maximumOffset: TimeInterval = 14 * 3600

    /// - Parameters:
    ///   - exif: the photo's tags.
    ///   - zone: the time zone for a local time without an offset, named in ``Capture/zone``.
    ///   - zoneName: how to name `zone` ("--tz Europe/Andorra", "TZ").
    ///   - correction: seconds added to the camera's time (`--offset`): a camera 90 s slow is
    ///     corrected with +90.
    public static func capture(_ exif: PhotoEXIF, zone: TimeZone, zoneName: String,
                               correction: TimeInterval = 0) -> Result<Capture, Missing> {
        guard let text = exif.dateTimeOriginal else { return .failure(.none) }
        guard let parts = Self.fields(text) else { return .failure(.unreadable(text)) }
        var label = zoneName
        var tz = zone
        var cameraOffset: String?
        if let o = exif.offsetTimeOriginal, let seconds = Self.offsetSeconds(o), let fixed = TimeZone(secondsFromGMT: seconds) {
            tz = fixed
            cameraOffset = o
            // TRANSLATORS: the photo's time zone, %s an offset as the camera wrote it ("+02:00").
            label = L("%s from the camera", o)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        let c = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
        guard let base = calendar.date(from: c) else { return .failure(.unreadable(text)) }
        var time = base.addingTimeInterval(Self.fraction(exif.subSecTimeOriginal))
        if time < earliest { return .failure(.unset(text)) }
        time.addTimeInterval(correction)
        return .success(Capture(time: time, zone: label, cameraOffset: cameraOffset))
    }

    /// "YYYY:MM:DD HH:MM:SS" (also with "-" between the date's fields) as six numbers, nil when
    /// malformed or out of range.
    static func fields(_ text: String) -> [Int]? {
        let words = text.split { $0 == ":" || $0 == "-" || $0 == " " || $0 == "T" }
        let n = words.compactMap { Int($0) }
        guard words.count == 6, n.count == 6 else { return nil }
        guard (1...12).contains(n[1]), (1...31).contains(n[2]), (0...23).contains(n[3]), (0...59).contains(n[4]),
              (0...60).contains(n[5]) else { return nil }
        return n
    }

    /// "+02:00", "-05:30" (or "+0200") as seconds east of UTC; nil when malformed or beyond
    /// ``maximumOffset``.
    public static func offsetSeconds(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let digits = t.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, let hh = Int(digits.prefix(2)), let mm = Int(digits.suffix(2)), mm < 60 else { return nil }
        let seconds = (hh * 3600 + mm * 60) * (sign == "-" ? -1 : 1)
        return abs(Double(seconds)) <= maximumOffset ? seconds : nil
    }

    /// "25" → 0.25 s; nil or not digits → 0.
    static func fraction(_ text: String?) -> TimeInterval {
        guard let t = text?.trimmingCharacters(in: .whitespaces), !t.isEmpty, t.allSatisfy(\.isNumber), let v = Double("0." + t)
        else { return 0 }
        return v
    }
}

/// Where on a hike a photograph was taken.
public struct PhotoPlace: Sendable, Equatable {
    /// How the place was found.
    public enum Method: String, Sendable, Codable {
        /// The photo's own GPS tag.
        case gps
        /// Its capture time against the track's times.
        case time
    }

    public var coordinate: Coordinate
    /// Metres, when known (the GPS tag's altitude, or interpolated from the track).
    public var elevation: Double?
    /// Metres along the hike's line (its elevation profile's distances): for a GPS-tagged photo
    /// the nearest point of the line; nil when the line has no point.
    public var distanceAlong: Double?
    /// For a GPS-tagged photo, metres from the line (0 for one placed by time).
    public var distanceOff: Double
    public var method: Method

    public init(coordinate: Coordinate, elevation: Double?, distanceAlong: Double?, distanceOff: Double, method: Method) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.distanceAlong = distanceAlong
        self.distanceOff = distanceOff
        self.method = method
    }
}

/// Why a photo could not be placed on the track by its time.
public enum PhotoPlacementRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The track has no timed points.
    case untimedTrack
    /// Taken this many seconds before the walk's first timed point.
    case beforeStart(TimeInterval)
    /// Taken this many seconds after its last.
    case afterEnd(TimeInterval)
    /// Taken in a gap between timed points of one segment longer than the limit (seconds of
    /// the gap): a larger `maxGap` places it.
    case inGap(TimeInterval)
    /// Taken between two segments (seconds from the one's last timed point to the next's
    /// first), or in a segment's untimed stretch (0): never placed by time.
    case segmentBreak(TimeInterval)

    /// The smallest `--max-gap` in whole minutes (as seconds) that places a photo taken in a
    /// gap of `gap` seconds: ⌈gap / 60⌉ × 60 (a step equal to the limit is interpolated).
    public static func maxGapPlacing(_ gap: TimeInterval) -> Int { Int((gap / 60).rounded(.up)) * 60 }

    public var description: String {
        func span(_ s: TimeInterval) -> String {
            if s < 60 { return L("%d s", Int(s.rounded())) }
            let m = Int((s / 60).rounded())
            return m < 60 ? L("%d min", m) : m < 2880 ? L("%d h %d min", m / 60, m % 60) : Ln("%d day", "%d days", m / 1440, m / 1440)
        }
        switch self {
        case .untimedTrack: return L("the hike's points have no times, so a photo cannot be placed by its time")
        // TRANSLATORS: %s is a time span ("5 min", "2 h 10 min", "3 days").
        case .beforeStart(let s): return L("taken %s before the walk began", span(s))
        case .afterEnd(let s): return L("taken %s after the walk ended", span(s))
        case .inGap(let s):
            // TRANSLATORS: %d is seconds, the smallest whole-minute --max-gap that places the photo.
            return L("taken during a %s gap in the recording: a pause or a lost signal; `--max-gap %d` places it", span(s), Self.maxGapPlacing(s))
        case .segmentBreak(let s):
            return s > 0 ? L("taken during a %s gap between two segments of the recording", span(s))
                : L("taken during an untimed stretch of the recording")
        }
    }
}

/// Places photographs on a hike's track.
///
/// By time: the two consecutive timed trackpoints of one segment whose times enclose the
/// capture time are found (binary search over each segment), and the position, elevation and
/// distance along are interpolated linearly by time between them (`f = (t − t₀) / (t₁ − t₀)`;
/// latitude and longitude linearly, which over a step of a few hundred metres differs from the
/// geodesic by millimetres). Never across a segment break or a step longer than `maxGap`
/// (a pause, a lost signal): those photos are not placed, and the refusal says why. The method
/// of gpscorrelate and digiKam's geolocation editor.
///
/// By GPS tag: at the tag (a tag at 0,0 is a receiver without a fix and is not used), with the
/// distance along and off the nearest point of the line (``TrailProximity``).
public struct PhotoPlacer: Sendable {
    struct Timed { let time: Double; let point: Trackpoint; let along: Double }
    /// Per segment, its timed points in time order.
    let segments: [[Timed]]
    let proximity: TrailProximity

    /// - Parameter track: the hike's line (its segments and their points' times).
    public init(track: Track) {
        let profile = ElevationProfile(track: track)
        var out: [[Timed]] = []
        var i = 0
        for segment in track.segments {
            var timed: [Timed] = []
            for p in segment.points {
                if let t = p.time, i < profile.distances.count {
                    timed.append(Timed(time: t.timeIntervalSinceReferenceDate, point: p, along: profile.distances[i]))
                }
                i += 1
            }
            // Time order, so a point logged out of order does not break the search.
            timed.sort { $0.time < $1.time }
            if !timed.isEmpty { out.append(timed) }
        }
        segments = out
        proximity = TrailProximity(track: track)
    }

    /// The place at capture time `time` on the track.
    /// - Parameter maxGap: the longest step between two timed points to interpolate over
    ///   (seconds; default 300).
    public func place(at time: Date, maxGap: TimeInterval = 300) -> Result<PhotoPlace, PhotoPlacementRefusal> {
        guard let first = segments.first?.first, let last = segments.last?.last else { return .failure(.untimedTrack) }
        let t = time.timeIntervalSinceReferenceDate
        if t < first.time { return .failure(.beforeStart(first.time - t)) }
        if t > last.time { return .failure(.afterEnd(t - last.time)) }
        for seg in segments {
            guard let a = seg.first, let b = seg.last, t >= a.time, t <= b.time else { continue }
            // The last point at or before t.
            var lo = 0, hi = seg.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if seg[mid].time <= t { lo = mid } else { hi = mid - 1 }
            }
            let p = seg[lo]
            if p.time == t || lo == seg.count - 1 { return .success(Self.at(p.point, along: p.along)) }
            let q = seg[lo + 1]
            let step = q.time - p.time
            if step > maxGap { return .failure(.inGap(step)) }
            let f = (t - p.time) / step
            let c = Coordinate(latitude: p.point.latitude + f * (q.point.latitude - p.point.latitude),
                               longitude: p.point.longitude + f * (q.point.longitude - p.point.longitude))
            let e = p.point.elevation.flatMap { pe in q.point.elevation.map { pe + f * ($0 - pe) } }
            return .success(PhotoPlace(coordinate: c, elevation: e, distanceAlong: p.along + f * (q.along - p.along),
                                       distanceOff: 0, method: .time))
        }
        // Between two segments (or in a segment's untimed stretch): the gap's length.
        var gap = 0.0
        for (s, next) in zip(segments, segments.dropFirst()) where (s.last?.time ?? 0) < t && t < (next.first?.time ?? 0) {
            gap = (next.first?.time ?? 0) - (s.last?.time ?? 0)
        }
        return .failure(.segmentBreak(gap))
    }

    /// The place of a photo with a GPS tag: the tag itself, measured against the line.
    /// - Returns: nil for a tag at 0,0 (no fix).
    public func place(gps: Coordinate, altitude: Double?) -> PhotoPlace? {
        guard !(gps.latitude == 0 && gps.longitude == 0) else { return nil }
        let near = proximity.nearest(to: gps)
        return PhotoPlace(coordinate: gps, elevation: altitude, distanceAlong: near?.along, distanceOff: near?.off ?? 0,
                          method: .gps)
    }

    static func at(_ p: Trackpoint, along: Double) -> PhotoPlace {
        PhotoPlace(coordinate: p.coordinate, elevation: p.elevation, distanceAlong: along, distanceOff: 0, method: .time)
    }
}
