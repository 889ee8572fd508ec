import Foundation
import Testing
import TrailCore
import TrailMap
@testable import CairnCLI

/// `cairn routes` text: a route incomplete in the extract says its length is the extract's part.
@Suite struct RoutesTextTests {
    static func summary(isComplete: Bool) -> RouteSummary {
        let start = Coordinate(latitude: 42.55, longitude: 1.55)
        let pts = (0...12).map { Geodesy.destination(from: start, distance: Double($0) * 100, bearing: 90) }
        let r = HikingRoute(id: 7, route: "hiking", tags: ["name": "Camí"],
                            members: [HikingRoute.Member(type: .way, ref: 1, role: "", isPresent: true)],
                            isComplete: isComplete, parts: [pts], bounds: BoundingBox(covering: pts))
        return RouteSummary(route: r)
    }

    @Test func incompleteRouteLengthIsSaidToBeTheExtracts() {
        let u = UnitFormatter(system: .metric, timeZone: TimeZone(identifier: "UTC")!)
        let part = RoutesCommand.text([Self.summary(isComplete: false)], [nil], hidden: 0, scope: "in the map", u)
        #expect(part.contains("1.20 km in this extract (incomplete)"))
        let whole = RoutesCommand.text([Self.summary(isComplete: true)], [nil], hidden: 0, scope: "in the map", u)
        #expect(whole.contains("1.20 km") && !whole.contains("incomplete"))
    }
}
