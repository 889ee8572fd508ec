import Foundation
import Testing
import TrailCore
@testable import TrailStore

@Suite struct HikeImportPlanTests {
    /// Statistics stand-in: the plan only passes the track through, so any function will do;
    /// this one makes the pointCount visible.
    func counting(_ t: Track) -> TrackStatistics { TrackStatistics(pointCount: t.pointCount, segmentCount: t.segments.count) }

    func document() -> GPXDocument {
        GPXDocument(version: "1.0", creator: "GPSBabel",
                    metadata: GPXMetadata(name: "Cerknica", description: "lake walk", author: Person(name: "T. K."),
                                          links: [Link(href: "https://example.org")], time: Date(timeIntervalSince1970: 1e9),
                                          keywords: "lake"),
                    waypoints: [Waypoint(latitude: 45.7, longitude: 14.3, name: "Start")],
                    routes: [Route(name: "Planned", points: sampleTrack(count: 5).segments[0].points), Route(name: "empty")],
                    tracks: [sampleTrack(name: "Day 1", count: 10), Track(name: "  ", segments: [TrackSegment(points: sampleTrack(count: 3, offset: 1).segments[0].points)])])
    }

    @Test func numbersTracksThenRoutes() {
        let plan = HikeImportPlan(document: document(), fileName: "cerknica.gpx")
        #expect(plan.candidates.map(\.number) == [1, 2, 3, 4])
        #expect(plan.candidates.map(\.name) == ["Day 1", "Cerknica 2", "Planned", "empty"])
        #expect(plan.candidates.map(\.pointCount) == [10, 3, 5, 0])
        #expect(plan.defaultSelection == [1, 2, 3])
    }

    @Test func makesOneHikePerChosenTrackWithTheFilesWaypoints() throws {
        let plan = HikeImportPlan(document: document(), fileName: "cerknica.gpx")
        let hikes = try plan.hikes(selecting: [3, 1], statistics: counting)
        #expect(hikes.map(\.name) == ["Day 1", "Planned"])
        #expect(hikes.map { $0.statistics.pointCount } == [10, 5])
        #expect(hikes.allSatisfy { $0.waypoints.map(\.name) == ["Start"] })
        #expect(hikes[0].metadata.isRoute == false && hikes[1].metadata.isRoute == true)
        #expect(hikes[0].description == "a description")
        #expect(hikes[1].description == "lake walk")
        #expect(hikes[0].metadata.author?.name == "T. K.")
        #expect(hikes[0].metadata.type == "hiking" && hikes[0].metadata.number == 7)
        #expect(hikes[0].sourceFileName == "cerknica.gpx")
        #expect(hikes[0].kind == .imported)
    }

    @Test func refusesANumberBeyondTheList() {
        let plan = HikeImportPlan(document: document(), fileName: "cerknica.gpx")
        #expect(throws: HikeImportPlan.PlanError.noSuchTrack(file: "cerknica.gpx", number: 9, available: 4)) {
            try plan.hikes(selecting: [9], statistics: counting)
        }
    }

    @Test func waypointsOnlyFileBecomesAHikeOfPlaces() throws {
        let doc = GPXDocument(waypoints: [Waypoint(latitude: 44.25, longitude: 20.54, name: "A"),
                                          Waypoint(latitude: 44.28, longitude: 20.68, name: "B")], routes: [Route(name: "empty")])
        let plan = HikeImportPlan(document: doc, fileName: "peaks.gpx")
        #expect(plan.candidates.count == 1 && plan.candidates[0].source == .places && plan.candidates[0].name == "peaks")
        let hikes = try plan.hikes(statistics: counting)
        #expect(hikes.count == 1 && hikes[0].tracks.isEmpty && hikes[0].waypoints.count == 2)
        #expect(hikes[0].statistics.boundingBox == BoundingBox(minLatitude: 44.25, minLongitude: 20.54, maxLatitude: 44.28, maxLongitude: 20.68))
    }

    @Test func emptyFileHasNothingToImport() {
        let plan = HikeImportPlan(document: GPXDocument(tracks: [Track(name: "x")]), fileName: "e.gpx")
        #expect(throws: HikeImportPlan.PlanError.nothingToImport(file: "e.gpx")) { try plan.hikes(statistics: counting) }
    }

    @Test func exportDocumentGivesTheRouteBackAsARoute() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/h.sqlite")
        let plan = HikeImportPlan(document: document(), fileName: "cerknica.gpx")
        let outcomes = try store.insert(try plan.hikes(statistics: counting))
        guard case .inserted(let routeID) = outcomes[2] else { Issue.record("not inserted"); return }
        let doc = try store.hike(routeID).gpxDocument
        #expect(doc.tracks.isEmpty)
        #expect(doc.routes.count == 1 && doc.routes[0].name == "Planned" && doc.routes[0].points.count == 5)
        #expect(doc.metadata.name == "Cerknica" && doc.metadata.keywords == "lake" && doc.creator == "GPSBabel")
        #expect(doc.waypoints.map(\.name) == ["Start"])
    }

    @Test func anEmptyTrackOrRouteAskedForIsRefused() {
        let plan = HikeImportPlan(document: document(), fileName: "cerknica.gpx")
        #expect(throws: HikeImportPlan.PlanError.emptyCandidate(file: "cerknica.gpx", number: 4, isRoute: true)) {
            try plan.hikes(selecting: [1, 4], statistics: counting)
        }
        #expect(HikeImportPlan.PlanError.emptyCandidate(file: "f.gpx", number: 4, isRoute: true).description
            == "route 4 of f.gpx is empty; nothing imported")
        let tracks = GPXDocument(tracks: [Track(name: "x"), sampleTrack(count: 3)])
        #expect(throws: HikeImportPlan.PlanError.emptyCandidate(file: "t.gpx", number: 1, isRoute: false)) {
            try HikeImportPlan(document: tracks, fileName: "t.gpx").hikes(selecting: [1], statistics: counting)
        }
        #expect(HikeImportPlan.PlanError.noSuchTrack(file: "t.gpx", number: 3, available: 2).description
            == "there is no track 3 in t.gpx: choose 1 to 2 (see --list); nothing imported")
        #expect(HikeImportPlan.PlanError.noSuchTrack(file: "t.gpx", number: 2, available: 1).description
            == "there is no track 2 in t.gpx: the only one is 1 (see --list); nothing imported")
    }
}

