import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// What the viewer does when the store changed in another process (DECISIONS 481): the list
/// is read again; the open hike is read again when its summary changed (keeping the hiker's
/// view), closed with a message when it was deleted, left alone otherwise.
@Suite struct StoreChangeUpdateTests {
    let app = CairnApp()
    let id = HikeID(rowID: 2)

    /// The library loaded and hike 2 (the Mojstrovka sample) open on the hike screen.
    func openState() throws -> (AppState, [HikeSummary]) {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        let list = [AppUpdateTests.summary(1, "Alpha ridge", distance: 5000, start: 100),
                    AppUpdateTests.summary(2, "Mojstrovka", distance: 12000, start: 50)]
        _ = app.update(&s, .hikesLoaded(list))
        _ = app.update(&s, .hikeLoaded(id, try AppUpdateTests.sampleHike(), forPreview: false))
        #expect(s.screen.kind == .hike)
        return (s, list)
    }

    @Test func aChangeReadsTheListAgain() throws {
        var (s, _) = try openState()
        // The open hike's photos are read again too (added elsewhere, they leave its summary as it was).
        #expect(app.update(&s, .storeChanged) == [.loadHikes(s.library.sort), .loadPhotos(s.hike!.id)])
    }

    @Test func anUnchangedOpenHikeIsNotReadAgain() throws {
        var (s, list) = try openState()
        _ = app.update(&s, .storeChanged)
        var other = list
        other[0].name = "Alpha ridge, renamed"
        let effects = app.update(&s, .hikesLoaded(other))
        #expect(!effects.contains(.loadHike(id, forPreview: false)), "\(effects)")
        #expect(s.library.all.map(\.name) == ["Alpha ridge, renamed", "Mojstrovka"])
        #expect(s.screen.kind == .hike)
    }

    @Test func aChangedOpenHikeIsReadAgainKeepingTheView() throws {
        var (s, list) = try openState()
        // The hiker moved the cursor and zoomed in.
        for _ in 0..<30 { _ = app.update(&s, .input(.key(.right))) }
        _ = app.update(&s, .input(.key(.character("+"))))
        let before = try #require(s.hike)
        #expect(before.screen.scrubIndex > 0)
        _ = app.update(&s, .storeChanged)
        var changed = list
        changed[1].statistics.distance = 11800  // another line version kept in the shell
        let effects = app.update(&s, .hikesLoaded(changed))
        #expect(effects.contains(.loadHike(id, forPreview: false)), "\(effects)")
        var again = try AppUpdateTests.sampleHike()
        again.name = "Mojstrovka (matched)"
        _ = app.update(&s, .hikeLoaded(id, again, forPreview: false))
        let after = try #require(s.hike)
        #expect(after.screen.hike.name == "Mojstrovka (matched)")
        #expect(after.screen.scrubIndex == before.screen.scrubIndex)
        #expect(after.screen.viewport == before.screen.viewport)
        #expect(s.status.text.contains("changed in another process"), "\(s.status.text)")
    }

    /// Two changes in a row: the second list is compared too (the hike changed between them).
    @Test func aSecondChangeBeforeTheFirstListIsComparedToo() throws {
        var (s, list) = try openState()
        _ = app.update(&s, .storeChanged)
        _ = app.update(&s, .storeChanged)
        #expect(!app.update(&s, .hikesLoaded(list)).contains(.loadHike(id, forPreview: false)))
        var changed = list
        changed[1].statistics.distance = 11800
        #expect(app.update(&s, .hikesLoaded(changed)).contains(.loadHike(id, forPreview: false)))
        // A list loaded for another reason afterwards reads no hike.
        var again = changed
        again[1].statistics.distance = 11700
        #expect(!app.update(&s, .hikesLoaded(again)).contains(.loadHike(id, forPreview: false)))
    }

    @Test func aDeletedOpenHikeClosesWithAMessage() throws {
        var (s, list) = try openState()
        _ = app.update(&s, .storeChanged)
        let effects = app.update(&s, .hikesLoaded([list[0]]))
        #expect(s.screen.kind == .library)
        #expect(s.status.isError && s.status.text.contains("deleted in another process"), "\(s.status.text)")
        #expect(effects.contains(.bell))
    }

    @Test func theHikeLeftMeanwhileDoesNotOpenAgain() throws {
        var (s, list) = try openState()
        _ = app.update(&s, .storeChanged)
        var changed = list
        changed[1].statistics.distance = 11800
        _ = app.update(&s, .hikesLoaded(changed))
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .library)
        _ = app.update(&s, .hikeLoaded(id, try AppUpdateTests.sampleHike(), forPreview: false))
        #expect(s.screen.kind == .library, "the reload's answer arriving after Esc does not bring the hike back")
        // Opened again by the hiker: as usual.
        _ = app.update(&s, .hikeLoaded(id, try AppUpdateTests.sampleHike(), forPreview: false))
        #expect(s.screen.kind == .hike)
    }
}
