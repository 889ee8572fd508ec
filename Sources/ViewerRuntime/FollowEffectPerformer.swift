import Dispatch
import Foundation
import Synchronization
import HikeServices
import TrailApp
import TrailCore
import TrailFormats
import TrailLive
import TrailStore
import Localization

/// Performs the live-following effects: runs the position source (its events and a 1 Hz tick
/// go back as messages), writes the walk to the hike store on a queue of its own (with its own
/// connection, so a slow map or list query never delays a point), and speaks alerts.
/// `Sendable` checked by the compiler: the walks' connection is a ``SerialAccess`` (DECISIONS 620).
public final class FollowEffectPerformer: Sendable {
    /// The walks' own connection to the hike store, opened on its queue the first time.
    private let walks: SerialAccess<HikeStoreConnection>
    private let runner = PositionSourceRunner(label: "cairn.follow-tick")
    private let now: @Sendable () -> Date
    let speech: SpeechOutput
    /// Where `cairn follow pause|resume|finish|place` and `cairn status` reach the walk being
    /// followed (``LiveControlSocket``); nil for none (tests). Served while the source runs.
    public let controlPath = Mutex<String?>(nil)
    private let control = Mutex<LiveControlServer?>(nil)

    init(storePath: String, speech: SpeechOutput, now: @escaping @Sendable () -> Date) {
        walks = SerialAccess(label: "cairn.walks", HikeStoreConnection(path: storePath, terrainPath: nil, now: now))
        self.speech = speech
        self.now = now
    }

    func perform(_ effect: FollowEffect, send: @escaping @Sendable (AppMessage) -> Void) {
        switch effect {
        case .startSource(let spec, let speed, let number):
            startSource(spec, speed: speed, number: number, send: send)
            startControl(send: send)
        case .stopSource:
            stopSource()
        case .speak(let text):
            speech.speak(text)
        case .checkSource(let spec, let text, let hike):
            DispatchQueue.global().async {
                var problem: String?
                do { try spec.check(loadTrack: FollowEffectPerformer.loadTrack) } catch { problem = String(describing: error) }
                send(.follow(.sourceChecked(hike, text: text, spec, error: problem)))
            }
        case .pauseSource(let paused):
            runner.setPaused(paused)
        case .beginWalk, .appendPoints, .finishWalk, .loadWalks, .deleteWalk, .setWalkSource, .addPlace, .markPhoto:
            walks.async { [self] connection in
                do {
                    try performStoreEffect(effect, store: connection.store(), send: send)
                } catch {
                    send(.follow(.walkHistoryFailed(reason: "\(error)")))
                }
            }
        }
    }

    /// Stops the source and the tick (also when the app ends).
    public func stopSource() {
        runner.stop()
        // Not on the control thread itself (a `finish` from another shell stops the source).
        DispatchQueue.global().async { [self] in control.withLock { s in s?.stop(); s = nil } }
    }

    /// Answers requests from another shell through the app's update (``FollowMessage/control(_:_:)``).
    private func startControl(send: @escaping @Sendable (AppMessage) -> Void) {
        guard let path = controlPath.withLock({ $0 }), control.withLock({ $0 == nil }) else { return }
        do {
            let server = try LiveControlServer(path: path) { line in
                guard let request = LiveControlRequest(line: line) else {
                    return LiveControlReply(ok: false, message: L("unknown request '%s'", String(line.prefix(40)))).line
                }
                let answer = LiveControlAnswer()
                send(.follow(.control(request, answer)))
                return answer.wait(timeout: 3).line
            }
            control.withLock { $0 = server }
        } catch {
            send(.follow(.controlUnavailable(reason: error.description)))
        }
    }

    /// Waits until every queued store write is done (before the process exits).
    public func drain() { walks.drain() }

    private func startSource(_ spec: PositionSourceSpec, speed: Double?, number: Int,
                             send: @escaping @Sendable (AppMessage) -> Void) {
        runner.start(spec, speed: speed, now: { [self] in now() },
                     event: { event, at in send(.follow(.position(event, at: at, source: number))) },
                     tick: { send(.follow(.tick($0))) },
                     failed: { send(.follow(.sourceFailed(source: number, $0))) })
    }

    /// The pacing for a source: `--speed` (default real time) for replays and NMEA log files;
    /// none for a serial device, which delivers at its own pace.
    static func pacing(_ spec: PositionSourceSpec, _ speed: Double?) -> Double? {
        if case .nmea(let path, _) = spec, path.hasPrefix("/dev/") { return nil }
        return speed ?? 1
    }

    /// Reads a GPX file for `replay:`: every track's segments joined, or its routes when it has
    /// no tracks.
    public static func loadTrack(_ path: String) throws -> [Trackpoint] {
        let full = (path as NSString).expandingTildeInPath
        let doc = try TrackFileReader.read(url: URL(fileURLWithPath: full), options: .strict).document
        let tracks = doc.tracks.isEmpty ? doc.routes.map(\.asTrack) : doc.tracks
        return tracks.flatMap(\.segments).flatMap(\.points)
    }

    private func performStoreEffect(_ effect: FollowEffect, store: HikeStore, send: @escaping @Sendable (AppMessage) -> Void) throws {
        switch effect {
        case .beginWalk(let hike, let threshold, let route, let request):
            let id = try store.beginWalk(of: hike, startedAt: now(), offRouteThreshold: threshold, backtrackRoute: route)
            send(.follow(.walkBegun(request: request, id)))
        case .appendPoints(let walk, let points, let summary):
            try store.appendWalkPoints(walk, points, summary: summary)
        case .finishWalk(let walk, let summary, let hike):
            try store.finishWalk(walk, endedAt: now(), summary: summary)
            send(.follow(.walksLoaded(hike, try store.walks(of: hike), unfinished: nil)))
        case .loadWalks(let hike, let offerResume):
            try store.deleteEmptyUnfinishedWalks(of: hike)
            let walks = try store.walks(of: hike)
            var unfinished: UnfinishedWalk?
            if offerResume, let w = walks.last(where: { !$0.isFinished }) {
                unfinished = UnfinishedWalk(record: w, stretches: try store.walkStretches(w.id),
                                            backtrackRoute: try store.walkBacktrackRoute(w.id))
            }
            send(.follow(.walksLoaded(hike, walks, unfinished: unfinished)))
        case .deleteWalk(let walk):
            try store.deleteWalk(walk)
        case .setWalkSource(let walk, let text, let speed):
            try store.setWalkSource(walk, text, speed: speed)
        case .markPhoto(let hike, let mark):
            do {
                let row = try store.addPhotoMark(mark, to: hike)
                // The follow screen draws the new mark with the hike's photos.
                if let all = try? store.photos(of: hike) { send(.photosLoaded(hike, .success(all))) }
                send(.photoNote(L("Photo-here mark #%s noted (cairn photos add %s PATH fills it)", String(describing: row), String(hike.rawValue)),
                                isError: false))
            } catch {
                send(.photoNote(L("Cannot note the photo-here mark: %s", TerminalText.clean("\(error)")), isError: true))
            }
        case .addPlace(let hike, let place):
            let added = try store.addPlace(place, to: hike)
            send(.places(.stored(hike, try store.places(of: hike), status: L("Place '%s' added from another shell", added.name ?? ""))))
        case .startSource, .stopSource, .speak, .checkSource, .pauseSource:
            break  // not store work: done in perform(_:send:)
        }
    }
}
