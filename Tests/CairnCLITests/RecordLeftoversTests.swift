import Dispatch
import Foundation
import HikeServices
import Testing
import TrailApp
import TrailCore
import TrailFormats
import TrailLive
@testable import CairnCLI
@testable import ViewerRuntime
@testable import TrailStore

/// What a newcomer tester found left of issue 14 (recording), headless and in the store:
/// names said as stored, the lock file, why nothing was recorded, the resume offer's time, and
/// NMEA positions kept to the precision their sentences carried.
@Suite struct RecordLeftoversTests {
    /// A timed walk of 2021-04-10 (06:27:02Z to 10:19:18Z, 442 points).
    let oybin = "Samples/GPSTools-Oybin.gpx"
    let oybinFirstFix = ISO8601Timestamp.parse("2021-04-10T06:27:02Z")!

    /// Quoted names in `cairn record`'s output.
    func quoted(_ text: String) -> [String] {
        text.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Item 1: an unnamed recording of a 2021 log is stored as "Recorded 2021-04-10" (its first
    /// fix's date, DECISIONS.md 340); the start line used to announce "Recorded <today>".
    /// Every name the output gives is the stored one (DECISIONS.md 490).
    @Test func theNameAnnouncedIsTheNameStored() throws {
        let dir = makeTempDirectory("record-name")
        let store = dir + "/hikes.sqlite"
        let run = cairn(["record", "--gps", "replay:" + oybin, "--speed", "100000", "--store", store, "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        let hike = try #require(try idsInInsertOrder(store).first)
        let stored = try HikeStore(path: store).summary(hike).name
        #expect(stored == Recorder.defaultName(for: oybinFirstFix))
        #expect(stored.hasPrefix("Recorded 2021-04-1"))
        let names = quoted(run.stdout)
        #expect(names.count >= 2 && names.allSatisfy { $0 == stored }, "\(run.stdout)")
        #expect(run.stdout.contains("first position accepted: recording '\(stored)' as hike \(hike.rawValue)"))
    }

    /// Item 2: renamed from another shell (`cairn rename`) during the recording, the final line
    /// says the stored name, not the one the recording started with.
    @Test func theFinalLineSaysTheNameStoredAfterARenameElsewhere() throws {
        let dir = makeTempDirectory("record-rename")
        let store = dir + "/hikes.sqlite"
        // 13,937 s of walk at 1000x: some 14 s, long enough to rename it while it records.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var run = CLIRun(status: -1, stdout: "", stderr: "")
        Thread.detachNewThread {
            run = cairn(["record", "--gps", "replay:" + oybin, "--speed", "1000", "--name", "Morning walk",
                         "--store", store, "--status-every", "3600"])
            done.signal()
        }
        var hike: HikeID?
        let deadline = Date().addingTimeInterval(30)
        while hike == nil && Date() < deadline {
            usleep(20_000)
            if FileManager.default.fileExists(atPath: store) { hike = try? idsInInsertOrder(store).first }
        }
        let id = try #require(hike)
        let rename = cairn(["rename", id.rawValue, "Oybin loop", "--store", store])
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(done.wait(timeout: .now() + 120) == .success)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("finished 'Oybin loop' as hike \(id.rawValue)"), "\(run.stdout)")
        #expect(try HikeStore(path: store).summary(id).name == "Oybin loop")
    }

    /// Item 3: the lock file beside the store is gone once the recording ends (here: the replay
    /// ends and finishes it); DECISIONS.md 491.
    @Test func theLockFileIsRemovedWhenTheRecordingEnds() throws {
        let dir = makeTempDirectory("record-lockfile")
        let store = dir + "/hikes.sqlite"
        let run = cairn(["record", "--gps", "replay:" + oybin, "--speed", "100000", "--name", "Walk",
                         "--store", store, "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store + ".recording-lock"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.hasSuffix(".recording-lock") })
    }

    /// Item 7: the resume offer gives the recording's own start (its first fix, 2021 for a
    /// replayed 2021 log), not the wall-clock time the recording row was made (DECISIONS.md 490).
    @Test func theResumeOfferShowsTheFirstFixesTime() throws {
        let dir = makeTempDirectory("record-offer")
        let store = dir + "/hikes.sqlite"
        do {
            let s = try HikeStore(path: store)
            let rec = try Recorder(store: s, name: "Old log", source: "replay:" + oybin, speed: 1000)
            let points = try RecordCommand.loadTrack(oybin)
            let config = ReplaySource.Configuration(points: points, speedFactor: 1000, timing: rec.replayTiming)
            for fix in config.fixes(startingAt: Date()).prefix(30) { try rec.receive(fix) }
        }  // dropped while recording, as after kill -9
        let performer = RecordEffectPerformer(storePath: store, speech: SpeechOutput(environment: [:]), now: Date.init)
        defer { performer.shutDown() }
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var messages: [AppMessage] = []
        performer.perform(.findUnfinished) { message in
            messages.append(message)
            answered.signal()
        }
        #expect(answered.wait(timeout: .now() + 30) == .success)
        guard case .record(.unfinishedFound(let found))? = messages.first else {
            Issue.record("no offer: \(messages)")
            return
        }
        #expect(found.startedAt == oybinFirstFix)
        #expect(found.pointCount > 20)
    }

    /// Item 8: a recording from an NMEA log exports the positions its sentences carried (5
    /// decimals of minutes: 7 decimals of degrees, DECISIONS.md 496), not the digits of a binary
    /// division (lat="42.623459833333335"). Expected: every exported lat/lon pair is, as written,
    /// one of the log's positions converted with Foundation's decimal arithmetic, degrees +
    /// minutes / 60 rounded to 7 decimals.
    @Test func anNMEARecordingExportsThePrecisionItsSentencesCarried() throws {
        let dir = makeTempDirectory("record-nmea")
        let store = dir + "/hikes.sqlite", gpx = dir + "/out.gpx"
        let log = "Samples/cairn-walk-serrat-sorteny.nmea"
        let run = cairn(["record", "--gps", "nmea:" + log, "--speed", "100000", "--name", "NMEA walk",
                         "--store", store, "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        let hike = try #require(try idsInInsertOrder(store).first)
        #expect(cairn(["export", hike.rawValue, "-o", gpx, "--store", store]).status == 0)

        func degrees(_ field: Substring, degreeDigits: Int) -> String {
            var minutes = Decimal(string: String(field.dropFirst(degreeDigits)), locale: Locale(identifier: "en_US_POSIX"))!
            minutes /= 60
            var value = Decimal(string: String(field.prefix(degreeDigits)))! + minutes
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 7, .plain)
            return NSDecimalNumber(decimal: rounded).stringValue
        }
        let text = try String(contentsOfFile: repoRoot + "/" + log, encoding: .utf8)
        var carried = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("$GPGGA") {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            carried.insert(degrees(f[2], degreeDigits: 2) + " " + degrees(f[4], degreeDigits: 3))
        }
        let exported = try String(contentsOfFile: gpx, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "<trkpt lat=\"([^\"]+)\" lon=\"([^\"]+)\"")
        let pairs = pattern.matches(in: exported, range: NSRange(exported.startIndex..., in: exported)).map { m in
            (exported as NSString).substring(with: m.range(at: 1)) + " " + (exported as NSString).substring(with: m.range(at: 2))
        }
        #expect(pairs.count > 500)
        let invented = pairs.filter { !carried.contains($0) }
        #expect(invented.isEmpty, "\(invented.prefix(3))")
        #expect(pairs.first == "42.6236 1.5329")  // 4237.41600 N, 00131.97400 E
    }
}
