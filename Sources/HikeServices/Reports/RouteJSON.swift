import Foundation
import TrailMap

/// One route in `cairn routes --json`.
public struct RouteJSON: Encodable {
    public var id: Int64
    public var url: String
    public var name: String?
    public var ref: String?
    public var network: String?
    public var from: String?
    public var to: String?
    public var roundTrip: Bool?
    public var osmcSymbol: String?
    public var lengthMetres: Double
    public var taggedDistanceMetres: Double?
    public var longDistance: Bool
    public var complete: Bool
    public var gaps: [[Double]]
    public var distanceMetres: Double?
    public var source = "OpenStreetMap (© OpenStreetMap contributors, ODbL)"
    public var completion: CompletionReport?

    public init(_ r: RouteSummary, completion: CompletionReport?) {
        id = r.id
        url = r.osmURL
        name = r.route.name
        ref = r.route.ref
        network = r.network
        from = r.route.tags["from"]
        to = r.route.tags["to"]
        roundTrip = r.route.isRoundTrip
        osmcSymbol = r.route.tags["osmc:symbol"]
        lengthMetres = r.length
        taggedDistanceMetres = r.taggedDistance
        longDistance = r.isLongDistance
        complete = r.route.isComplete
        gaps = r.line.gaps.map { [$0.along, $0.length] }
        distanceMetres = r.distanceFromPoint
        self.completion = completion
    }
}
