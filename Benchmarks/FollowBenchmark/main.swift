// Follow benchmark: cost per fix of FollowSession.receive (filter, windowed match, coverage,
// alert, walk) and of the ETA, on a synthetic 15 km route of 4001 vertices (about 3.8 m
// apart, a meander so that segments differ), walked at 1.2 m/s with a fix per second.
// Run: swift run -c release FollowBenchmark
import Foundation
import TrailCore

let origin = Coordinate(latitude: 46.5, longitude: 8.0)
let projection = LocalProjection(origin: origin)
var coords: [Coordinate] = []
var eles: [Double?] = []
for i in 0...4000 {
    let s = Double(i) * 5
    coords.append(projection.unproject(LocalPoint(x: s * 0.7, y: 300 * sin(s / 700))))
    eles.append(1000 + 200 * sin(s / 3000))
}
let clock = ContinuousClock()
var t0 = clock.now
let route = FollowRoute(coordinates: coords, elevations: eles)
var session = FollowSession(route: route)
let setup = clock.now - t0
let fixes = (0..<Int(route.length / 1.2)).map { i -> PositionFix in
    let p = route.polyline.position(atDistance: Double(i) * 1.2)!
    return PositionFix(time: Date(timeIntervalSince1970: Double(i)), coordinate: p.coordinate,
                       altitude: route.elevation(at: p), horizontalAccuracy: 5, speed: 1.2, source: .gpsd)
}
t0 = clock.now
var accepted = 0
for f in fixes where session.receive(f).isAccepted { accepted += 1 }
let perFix = (clock.now - t0) / fixes.count
t0 = clock.now
var eta = 0.0
let etaCalls = 200
var probe = FollowSession(route: route)
for f in fixes.prefix(100) { _ = probe.receive(f) }
for _ in 0..<etaCalls { eta += probe.estimatedTimeRemaining.seconds }
let perETA = (clock.now - t0) / etaCalls
print("route \(Int(route.length)) m, \(coords.count) vertices; session setup \(setup)")
print("\(fixes.count) fixes, \(accepted) accepted: \(perFix) per fix (receive)")
print("ETA (DIN 33466 over the rest of the route): \(perETA) per call; coverage \(session.coverageFraction)")
