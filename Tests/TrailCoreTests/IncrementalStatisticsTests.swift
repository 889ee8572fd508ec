import Foundation
import Testing
@testable import TrailCore

/// `IncrementalStatistics` against the batch calculator over the same points as one segment:
/// every field equal (`==` on `TrackStatistics`, so bit for bit) after every point of long
/// generated walks with everything the rules treat specially, and of the real tracks.
@Suite struct IncrementalStatisticsTests {
    /// Deterministic generator (xorshift64), so a failure is reproducible.
    struct XorShift {
        var state: UInt64
        mutating func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000
        }
    }

    /// A walk at 1 Hz of `n` points from a seed: wandering heading, 0.8-1.6 m/s, climbs and
    /// descents with GPS height noise, stops of a few minutes; `troubles` adds what the rules
    /// treat specially: stray positions (null island, far jumps, also first and last), height
    /// spikes, plateaus of one to four wrong heights (80 m up in 1 s), single out-of-order times, a clock break and a step back, untimed points, a
    /// missing height, a pause of an hour walked across (a resume gap).
    static func walk(_ n: Int, seed: UInt64, troubles: Bool) -> [Trackpoint] {
        var rng = XorShift(state: seed)
        var lat = 42.55, lon = 1.55, ele = 1800.0, heading = 0.0, t = 1_530_000_000.0, climb = 0.3
        var points: [Trackpoint] = []
        points.reserveCapacity(n)
        var stopLeft = 0, plateauLeft = 0
        for i in 0..<n {
            if stopLeft > 0 {
                stopLeft -= 1
                lat += (rng.next() - 0.5) * 2e-5; lon += (rng.next() - 0.5) * 2e-5  // jitter
            } else {
                if rng.next() < 0.002 { stopLeft = Int(60 + rng.next() * 300) }
                heading += (rng.next() - 0.5) * 0.4
                let step = 0.8 + rng.next() * 0.8
                lat += step * cos(heading) / 111_000
                lon += step * sin(heading) / 82_000
                if rng.next() < 0.003 { climb = (rng.next() - 0.5) * 0.8 }
                ele += climb + (rng.next() - 0.5) * 1.5
            }
            t += 1
            var p = Trackpoint(latitude: lat, longitude: lon, elevation: ele, time: Date(timeIntervalSince1970: t))
            if troubles {
                let r = rng.next()
                if i == 0 || i == n - 1 || r < 0.001 { p.latitude = 0; p.longitude = 0 }
                else if i == 1 || i == n - 2 || r < 0.002 { p.latitude += 3 }                         // far jump
                else if r < 0.003 { p.elevation = ele + 300 }                                          // spike
                else if r < 0.004 { p.time = Date(timeIntervalSince1970: t - 3_000) }                   // one bad time
                else if r < 0.0045 { p.time = nil }                                                     // untimed
                else if r < 0.005 { p.elevation = nil }
                else if r < 0.006 { plateauLeft = 1 + Int(rng.next() * 4) }                           // 1-4 wrong heights
                if plateauLeft > 0 && p.elevation != nil { p.elevation = ele + 80; plateauLeft -= 1 }
                if i == n / 3 { t += 90_000; p.time = Date(timeIntervalSince1970: t) }                  // a break
                if i == n / 2 { t -= 500; p.time = Date(timeIntervalSince1970: t) }                     // a step back
                if i == 2 * n / 3 {                                                                     // a resume gap
                    t += 3_600; lat += 0.004; ele += 80
                    p = Trackpoint(latitude: lat, longitude: lon, elevation: ele, time: Date(timeIntervalSince1970: t))
                }
            }
            points.append(p)
        }
        return points
    }

    /// The batch answer for the first `k` points as one segment.
    static func batch(_ points: ArraySlice<Trackpoint>, _ c: StatisticsConfiguration = .standard) -> TrackStatistics {
        StatisticsCalculator(configuration: c).statistics(for: Track(segments: [TrackSegment(points: Array(points))]))
    }

    /// Compares after every point up to `dense`, then every `stride`-th point and at the end.
    static func check(_ points: [Trackpoint], dense: Int = 400, stride: Int = 97,
                      configuration: StatisticsConfiguration = .standard) {
        var inc = IncrementalStatistics(configuration: configuration)
        var compared = 0
        for (i, p) in points.enumerated() {
            inc.add(p)
            let k = i + 1
            if k <= dense || k % stride == 0 || k == points.count {
                let expected = batch(points[..<k], configuration)
                let got = inc.statistics
                #expect(got == expected, "after \(k) of \(points.count) points")
                if got != expected { return }
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    @Test func aLongCleanWalkEqualsTheBatchAfterEveryPoint() {
        let points = Self.walk(12_000, seed: 0x51A7, troubles: false)
        Self.check(points, dense: 2_000, stride: 41)
        // The walk is what it claims: long, climbing and stopping, so every figure is exercised.
        let s = Self.batch(points[...])
        #expect(s.distance > 10_000)
        #expect((s.elevationGain ?? 0) > 100 && (s.elevationLoss ?? 0) > 100)
        #expect((s.movingTime ?? 0) < (s.elapsedTime ?? 0))
        #expect(s.steepestGrade != nil && s.maxSpeed != nil)
    }

    @Test(arguments: [UInt64(0x1), 0xBEEF, 0xC0FFEE, 0x2026_1204])
    func aWalkWithStraysGlitchesBreaksAndAGapEqualsTheBatch(seed: UInt64) {
        let points = Self.walk(6_000, seed: seed, troubles: true)
        // The troubles are there: the batch finds strays and the break splits the time line.
        let found = points.withUnsafeBufferPointer { StrayFixRule.standard.detect($0) }
        #expect(found.positions.count >= 4 && !found.elevations.isEmpty)
        Self.check(points, dense: 600, stride: 13)
    }

    /// Segments begun with `startSegment()` (a leg across a pause that does not count,
    /// DECISIONS.md 420) equal the calculator over the same segments, after every point: cuts at
    /// strays, glitches and the break of the troubled walk, a one-point segment, and a
    /// `startSegment()` that comes twice or before any point (nothing happens).
    @Test(arguments: [UInt64(0x1), 0xC0FFEE])
    func segmentsEqualTheBatchOverTheSameSegments(seed: UInt64) {
        let points = Self.walk(3_000, seed: seed, troubles: true)
        let cuts: Set<Int> = [0, 1, 17, 18, 250, 251, 1_499, 1_500, 2_222, 2_999]
        var inc = IncrementalStatistics()
        var segments: [[Trackpoint]] = []
        for (i, p) in points.enumerated() {
            if cuts.contains(i) {  // 0 is a cut: startSegment() before any point does nothing
                inc.startSegment()
                inc.startSegment()
                segments.append([])
            }
            inc.add(p)
            segments[segments.count - 1].append(p)
            if i < 300 || i % 37 == 0 || i == points.count - 1 {
                let expected = StatisticsCalculator().statistics(for: Track(segments: segments.map { TrackSegment(points: $0) }))
                #expect(inc.statistics == expected, "after \(i + 1) points in \(segments.count) segments")
                if inc.statistics != expected { return }
            }
        }
        #expect(segments.count == cuts.count && inc.statistics.segmentCount == cuts.count)
    }

    @Test func withoutTheStrayRuleAndWithOtherThresholds() {
        var c = StatisticsConfiguration.standard
        c.strayFixRule = nil
        Self.check(Self.walk(3_000, seed: 77, troubles: true), dense: 300, stride: 7, configuration: c)
        var d = StatisticsConfiguration.standard
        d.speedMedianSpan = 3; d.movingChunkDuration = 30; d.gradeWindowDistance = 40
        Self.check(Self.walk(3_000, seed: 78, troubles: true), dense: 300, stride: 7, configuration: d)
    }

    @Test func shortAndOddInputs() {
        // Empty, one point, two points, all at null island, all untimed, none with a height.
        #expect(IncrementalStatistics().statistics == Self.batch([][...]))
        let base = Self.walk(40, seed: 5, troubles: false)
        Self.check(Array(base.prefix(2)))
        Self.check(base.map { var p = $0; p.latitude = 0; p.longitude = 0; return p })
        Self.check(base.map { var p = $0; p.time = nil; return p })
        Self.check(base.map { var p = $0; p.elevation = nil; return p })
        // A stray as the third point decides the first two by the end-point rule.
        var odd = base
        odd[2].latitude += 5
        odd[0].elevation! += 400
        Self.check(odd)
    }

    @Test func theRealTracksEqualTheBatch() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/data/gpx-unlicensed").standardized
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
            print("skipped: ../shared/data/gpx-unlicensed is absent")
            return
        }
        var checked = 0
        for name in names.sorted() where name.hasSuffix(".gpx") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            // Every segment's points in file order, as one growing segment.
            let points = Self.trackpoints(inGPX: text)
            guard points.count > 2 else { continue }
            Self.check(points, dense: 50, stride: 37)
            checked += 1
        }
        #expect(checked > 3)
    }

    /// The `<trkpt>` positions, `<ele>` and `<time>` of a GPX text (enough for these files;
    /// TrailCore has no GPX reader).
    static func trackpoints(inGPX text: String) -> [Trackpoint] {
        let iso = ISO8601DateFormatter()
        let isoFraction = ISO8601DateFormatter()
        isoFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var out: [Trackpoint] = []
        for chunk in text.components(separatedBy: "<trkpt").dropFirst() {
            guard let end = chunk.range(of: "</trkpt>") ?? chunk.range(of: "/>") else { continue }
            let body = String(chunk[..<end.lowerBound])
            func attribute(_ name: String) -> Double? {
                guard let r = body.range(of: name + "=\"") else { return nil }
                return Double(body[r.upperBound...].prefix { $0 != "\"" })
            }
            func element(_ name: String) -> String? {
                guard let a = body.range(of: "<\(name)>"), let b = body.range(of: "</\(name)>"), a.upperBound <= b.lowerBound
                else { return nil }
                return body[a.upperBound..<b.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let lat = attribute("lat"), let lon = attribute("lon") else { continue }
            let time = element("time").flatMap { iso.date(from: $0) ?? isoFraction.date(from: $0) }
            out.append(Trackpoint(latitude: lat, longitude: lon, elevation: element("ele").flatMap(Double.init), time: time))
        }
        return out
    }
}
