import Foundation
import Localization
import TrailCore
import TrailFormats
import TrailLive
import TrailStore
import Localization

/// Setting a headless `cairn record` going: the recorder (a new recording, or the unfinished
/// one resumed), its position source checked and made at the right replay speed, and the
/// source's name for the messages. The refusals are the same on the recording screen
/// (``refusalText(_:)``, ``needsSource``).
public struct RecordingStart {
    public var recorder: Recorder
    public var spec: PositionSourceSpec
    public var source: any PositionSource
    /// The replay speed played at (`--speed`, or a resumed recording's own), nil for 1x.
    public var replaySpeed: Double?
    /// The source as the messages name it ("gpsd at 127.0.0.1:2947", "replay:walk.gpx").
    public var sourceLabel: String

    /// Why a recording cannot start: a usage error (exit 2) or a failure (exit 1), in words.
    public enum Refusal: Error, Equatable {
        case usage(String)
        case failure(String)
    }

    /// The words when a new recording is asked for without `--gps`.
    public static var needsSource: String { L("record needs --gps SPEC (e.g. --gps gpsd://127.0.0.1:2947 or --gps replay:walk.gpx); nothing was recorded") }

    /// Makes the recorder and its source, and resumes a restored (paused) recording.
    /// - Parameters:
    ///   - unfinished: the newest unfinished recording, restored as paused (nil for none).
    ///   - resume: `--resume`: continue `unfinished` (with `gpsText`, else its own source).
    ///   - gpsText, name, rules, speed: `--gps`, `--name`, the filter options, `--speed`.
    /// - Throws: ``Refusal`` (a second recording beside an unfinished one, nothing to resume,
    ///   no source, an unreadable source), or the store's error.
    public static func prepare(store: HikeStore, unfinished: Recorder?, resume: Bool, gpsText: String?, name: String?,
                               rules: PositionFilterRules, speed: Double?, now: @escaping () -> Date) throws -> RecordingStart {
        let recorder: Recorder
        if resume {
            guard let r = unfinished else { throw Refusal.failure(L("there is no unfinished recording to resume")) }
            recorder = r
        } else if let r = unfinished {
            throw Refusal.failure(refusalText(r))
        } else {
            guard gpsText != nil else { throw Refusal.usage(needsSource) }
            recorder = try Recorder(store: store, name: name, rules: rules, source: gpsText, speed: speed, now: now)
        }
        guard let sourceText = gpsText ?? recorder.source else {
            throw Refusal.usage(L("the recording has no stored position source: give --gps SPEC"))
        }
        let spec: PositionSourceSpec
        do { spec = try PositionSourceSpec(parsing: sourceText) } catch { throw Refusal.usage(error.description) }
        do { try spec.check(loadTrack: loadTrack) } catch { throw Refusal.failure(String(describing: error)) }
        // A resume plays at the recording's own speed unless --speed gives another (DECISIONS.md 422).
        let replaySpeed = resume ? speed ?? recorder.speed : speed
        let source = try spec.makeSource(speedFactor: replaySpeed ?? 1, replayTiming: recorder.replayTiming, loadTrack: loadTrack)
        if resume { try recorder.useSource(gpsText, speed: replaySpeed) }
        if recorder.session.state == .paused { try recorder.perform(.resume) }
        let label: String
        if case .gpsd(let endpoint) = spec {
            // TRANSLATORS: names the position source in "could not connect to %s"; %s is HOST:PORT.
            label = L("gpsd at %s", (endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host) + ":\(endpoint.port)")
        } else {
            label = TerminalText.clean(spec.description)
        }
        return RecordingStart(recorder: recorder, spec: spec, source: source, replaySpeed: replaySpeed, sourceLabel: label)
    }

    /// "1 point", "12 points" (the plural by the language's rule, ``Ln(_:_:_:_:)``).
    public static func points(_ n: Int) -> String { Ln("%d point", "%d points", n, n) }

    /// Why no second recording starts beside an unfinished one, and what to do.
    public static func refusalText(_ r: Recorder) -> String {
        Ln("an unfinished recording is waiting, now paused: '%s' (%s, %d point). `cairn record --resume` continues it, `cairn record --finish` finishes it",
           "an unfinished recording is waiting, now paused: '%s' (%s, %d points). `cairn record --resume` continues it, `cairn record --finish` finishes it",
           r.session.pointCount, TerminalText.clean(r.name), r.hike.map { String($0.rawValue) } ?? "?", r.session.pointCount)
    }

    /// Reads a GPX file into trackpoints (all tracks' segments, or the routes), for `replay:`.
    public static func loadTrack(_ path: String) throws -> [Trackpoint] {
        let doc = try TrackFileReader.read(url: URL(fileURLWithPath: (path as NSString).expandingTildeInPath), options: .strict).document
        let tracks = doc.tracks.isEmpty ? doc.routes.map(\.asTrack) : doc.tracks
        return tracks.flatMap(\.segments).flatMap(\.points)
    }
}
