import Foundation
import Localization
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// Layouts hold when the words are longer (issue 37): every screen rendered with the
/// pseudo-locale (``PseudoLocale``: each word 40 % longer, accented, bracketed «…») at 80x24
/// and 120x40, and no row may cut a word without "…", overwrite one, or join two columns.
/// The pseudo-translation is task-local: the other suites, running alongside, stay English.
@Suite struct PseudoLocaleTests {
    let app = CairnApp()
    static let sizes = [(80, 24), (120, 40)]

    /// The pseudo-locale's own rules, on rows written by hand.
    @Test func theCheckerSeesCutsOverrunsAndJoins() {
        // pad = ⌈0.4 (n + 1)⌉ − 2: 8 letters → 2 "~", 6 → 1, 4 → 0.
        #expect(PseudoLocale.translate("Distance") == "«Dîštàñçé~~»")
        #expect(PseudoLocale.translate("Moving time %s") == "«Mövîñg~» «tîmé» %s")
        #expect(PseudoLocale.problems(inRow: "«Dîštàñçé~»  4.25 km  «tîmé»").isEmpty)
        #expect(PseudoLocale.problems(inRow: "«Dîštàñ…  4.25 km").isEmpty)
        #expect(PseudoLocale.problems(inRow: "«Dîštàñ  4.25 km").count == 1)
        #expect(PseudoLocale.problems(inRow: "àñçé~»  4.25 km").count == 1)
        #expect(PseudoLocale.problems(inRow: "«Dîštàñçé~»«tîmé»").count == 1)
        // 40 % longer at least, spaces counted.
        for english in ["Distance", "Moving time", "Elevation gain over the whole hike"] {
            #expect(Double(PseudoLocale.translate(english).count) >= 1.4 * Double(english.count))
        }
    }

    func problems(_ name: String, _ state: AppState, width: Int, height: Int) -> [String] {
        let text = Localization.withPseudoLocale { app.view(state, width: width, height: height).textDump() }
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String] = []
        for (y, row) in rows.enumerated() {
            for p in PseudoLocale.problems(inRow: String(row)) { found.append("\(name) \(width)x\(height) row \(y): \(p)") }
        }
        if !found.isEmpty || ProcessInfo.processInfo.environment["CAIRN_PSEUDO_SHOW"] != nil {
            print("\(name) \(width)x\(height):\n\(text)")
        }
        return found
    }

    /// The states a user meets, built as the update builds them (inside the pseudo-locale, so
    /// messages the update writes are pseudo-translated too).
    func screens(width: Int, height: Int) throws -> [(String, AppState)] {
        try Localization.withPseudoLocale {
            var out: [(String, AppState)] = []
            var empty = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
            _ = app.update(&empty, .hikesLoaded([]))
            out.append(("empty library", empty))

            var lib = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
            let list = [AppUpdateTests.summary(1, "Alpha ridge", distance: 5000, start: 100),
                        AppUpdateTests.summary(2, "Béla stena", distance: 12000, start: 50)]
            _ = app.update(&lib, .hikesLoaded(list))
            _ = app.update(&lib, .hikeLoaded(HikeID(rowID: 1), try AppUpdateTests.sampleHike(), forPreview: true))
            out.append(("library", lib))
            var libHelp = lib
            _ = app.update(&libHelp, .input(.key(.character("?"))))
            out.append(("library help", libHelp))

            var hike = lib
            _ = app.update(&hike, .hikeLoaded(HikeID(rowID: 1), try AppUpdateTests.sampleHike(), forPreview: false))
            out.append(("hike", hike))
            var range = hike
            for _ in 0..<20 { _ = app.update(&range, .input(.key(.right))) }
            _ = app.update(&range, .input(.key(.character("["))))
            for _ in 0..<30 { _ = app.update(&range, .input(.key(.right))) }
            _ = app.update(&range, .input(.key(.character("]"))))
            out.append(("hike with a range", range))
            var hikeHelp = hike
            _ = app.update(&hikeHelp, .input(.key(.character("?"))))
            out.append(("hike help", hikeHelp))

            var totals = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
            _ = app.update(&totals, .hikesLoaded([]))
            _ = app.update(&totals, .input(.key(.character("T"))))
            _ = app.update(&totals, .totals(.loaded(TotalsScreenTests.list(), now: TotalsScreenTests.now)))
            out.append(("totals", totals))

            var follow = FollowFixture.following(app, width: width, height: height)
            for k in 0..<30 { FollowFixture.send(FollowFixture.fix(Double(k) * 2), app, &follow) }
            out.append(("following", follow))

            // Drawing: three stops, a routed and a straight leg, a pin; then its search panel.
            var draw = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
            _ = app.update(&draw, .hikesLoaded([]))
            _ = app.update(&draw, .input(.key(.character("n"))))
            draw.screen = .draw(DrawScreenTests().model(width: width, height: height))
            out.append(("drawing", draw))
            var search = draw
            _ = app.update(&search, .input(.key(.character("/"))))
            out.append(("drawing search", search))

            // Waymarked routes: two listed, the first with its completion.
            var routes = AppState(environment: RoutesScreenTests.environment(), storeLabel: "t", width: width, height: height)
            _ = app.update(&routes, .hikesLoaded([]))
            let listing = app.update(&routes, .input(.key(.character("w"))))
            if case .list(let request, _, _, _)? = listing.first?.routesEffect {
                _ = app.update(&routes, .routes(.listed(request: request, [RoutesScreenTests.route(),
                                                                           RoutesScreenTests.route(id: 8, name: "Second")],
                                                        hiddenLongDistance: 2)))
                let walked = CompletionFigures(share: 0.38, length: 1200, walked: 456, walkedRanges: [0...456],
                                               missing: [.init(start: 456, end: 1200, fromName: "Ordino", toName: "Llorts")],
                                               hikesRead: 3, walksRead: 1)
                _ = app.update(&routes, .routes(.completion(.route(7), walked)))
            }
            out.append(("routes", routes))

            // Match review: a moved section with another way, and one off the map.
            var review = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
            var (reviewed, match) = ReviewScreenTests.fixture()
            let raw = [(0..<8).map { ReviewScreenTests.at(0, Double($0) * 20) }]
            _ = ReviewFeature.message(&reviewed, .matched(ReviewScreenTests.id, raw: raw, match, keptVersion: 0),
                                      FeatureContext(width: width, height: height, environment: AppUpdateTests.environment()))
            review.screen = .review(reviewed)
            out.append(("match review", review))

            // Places along the open hike: one found.
            var places = FollowFixture.hikeOpen(app, width: width, height: height)
            let asked = app.update(&places, .input(.key(.character("p"))))
            if case .search(let request, let coordinates, _, _, _, _)? = asked.first?.placesEffect, !coordinates.isEmpty {
                let hut = Place(kind: .hut, name: "Borda", coordinate: coordinates[coordinates.count / 2], elevation: 1890.4,
                                osmID: "node/77", elevationFromTerrain: true)
                _ = app.update(&places, .places(.found(request: request, [PlaceAlongTrail(place: hut, distanceAlong: 100,
                                                                                          distanceOff: 0, pointIndex: 0)])))
            }
            out.append(("places", places))

            var record = RecordDriver(width: width, height: height)
            _ = record.start()
            for k in 0..<20 { record.send(FollowFixture.fix(Double(k))) }
            out.append(("recording", record.state))
            return out
        }
    }

    @Test(arguments: [0, 1]) func everyScreenHoldsLongerWords(_ size: Int) throws {
        let (w, h) = Self.sizes[size]
        var all: [String] = []
        for (name, state) in try screens(width: w, height: h) {
            all += problems(name, state, width: w, height: h)
        }
        let listed = all.prefix(40).joined(separator: "\n")
        #expect(all.isEmpty, "\(all.count) problems:\n\(listed)")
    }
}
