import Foundation
import Localization
import TrailCore

/// What is known about how a kept photo was read and placed, as codes and numbers, never as
/// a sentence (issue 36: "not placed" reasons were stored in the language of the run that made
/// them). Stored with the photo (the `reason` column holds ``reason``'s code, the `facts`
/// column this value as a small JSON object; migration ``HikeStore/photoFactsMigrationName``)
/// and worded when shown, in the language of that moment (``NewPhoto/note(units:)``).
public struct PhotoFacts: Sendable, Equatable, Codable {
    /// Why a photo is not placed: a stable code (the raw value, what `cairn photos --json`
    /// gives as `reason`).
    public enum Reason: String, Sendable, Codable, CaseIterable {
        /// No capture time in its EXIF (and no usable GPS tag).
        case noTime = "no-time"
        /// No EXIF block at all (saved without its metadata).
        case noEXIF = "no-exif"
        /// A capture time that is not a date (``PhotoFacts/clockText`` as written).
        case unreadableTime = "unreadable-time"
        /// A capture time before 1980 (``PhotoFacts/clockText``): the camera's clock was never set.
        case clockUnset = "clock-unset"
        /// The hike's points have no times.
        case untimedTrack = "untimed-track"
        /// Taken ``PhotoFacts/seconds`` before the walk's first timed point.
        case beforeWalk = "before-walk"
        /// Taken ``PhotoFacts/seconds`` after its last.
        case afterWalk = "after-walk"
        /// Taken in a gap of ``PhotoFacts/seconds`` between timed points (a pause, a lost
        /// signal; ``PhotoFacts/segmentBreak``: between two segments).
        case inGap = "in-gap"
        /// A reason stored as text before the codes (``NewPhoto/legacyNote`` keeps it).
        case legacy
    }

    /// What was wrong with the photo's GPS tag, when it had one that was not used.
    public enum GPSTag: String, Sendable, Codable {
        /// At 0,0: a receiver without a fix.
        case zero
        /// ``PhotoFacts/gpsOff`` metres from the hike's line, more than `--max-off`.
        case farOff = "far-off"
    }

    /// Which time zone a capture time without the camera's offset was read in.
    public enum ZoneSource: String, Sendable, Codable {
        /// The camera's own offset (``PhotoFacts/zoneName``: as it wrote it, "+02:00").
        case camera
        /// `--tz NAME`.
        case tz
        /// The `TZ` variable.
        case environment = "env-tz"
        /// UTC, because TZ named a zone Cairn does not read (``PhotoFacts/zoneName``: that value).
        case utcUnreadTZ = "utc-tz-unread"
        /// UTC, as neither --tz nor TZ was set.
        case utcDefault = "utc-default"
    }

    public var reason: Reason?
    /// Seconds before the walk, after it, or of the gap (``Reason/beforeWalk``, ``Reason/afterWalk``,
    /// ``Reason/inGap``).
    public var seconds: Double?
    /// The EXIF `DateTimeOriginal` as written, for ``Reason/clockUnset``.
    public var clockText: String?
    public var gpsTag: GPSTag?
    /// Metres from the line, for ``GPSTag/farOff``.
    public var gpsOff: Double?
    public var zone: ZoneSource?
    /// The zone's name or offset as given (``ZoneSource``).
    public var zoneName: String?
    /// An EXIF offset that is not a time zone ("+25:00"), ignored.
    public var ignoredOffset: String?
    /// Seconds added to the camera's time (`--offset`, `--offset-from`); nil for none.
    public var correction: Double?
    /// For ``Reason/inGap``: the gap is between two segments (or an untimed stretch), which no
    /// `--max-gap` bridges; nil otherwise.
    public var segmentBreak: Bool?
    /// A JPEG whose picture data is cut (no end-of-image marker): it may not display; nil otherwise.
    public var pictureCut: Bool?
    /// The `--max-gap` (seconds) and `--max-off` (metres) the photo was read with when not the
    /// defaults (300 s, 500 m): a later run that places it again without typing them uses these.
    public var maxGap: Double?
    public var maxOff: Double?

    public init(reason: Reason? = nil, seconds: Double? = nil, clockText: String? = nil, gpsTag: GPSTag? = nil, gpsOff: Double? = nil,
                zone: ZoneSource? = nil, zoneName: String? = nil, ignoredOffset: String? = nil, correction: Double? = nil) {
        self.reason = reason
        self.seconds = seconds
        self.clockText = clockText
        self.gpsTag = gpsTag
        self.gpsOff = gpsOff
        self.zone = zone
        self.zoneName = zoneName
        self.ignoredOffset = ignoredOffset
        self.correction = correction
    }

    /// The clock correction as typed: "+300 s".
    public static func signedSeconds(_ s: Double) -> String {
        s == s.rounded() ? String(format: "%+.0f s", s) : String(format: "%+.2f s", s)
    }

    /// Nothing known.
    public static let none = PhotoFacts()
    public var isEmpty: Bool { self == .none }

    /// The JSON object stored in the `facts` column (sorted keys; nil when empty).
    public var encoded: String? {
        guard !isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The facts of a stored `facts` column; an unreadable one is empty (the photo is then
    /// listed without a note, never refused).
    public static func decoded(_ text: String?) -> PhotoFacts {
        guard let text, let v = try? JSONDecoder().decode(PhotoFacts.self, from: Data(text.utf8)) else { return .none }
        return v
    }

    /// The zone in words: "+02:00 from the camera", "--tz Europe/Andorra", "TZ=Europe/Andorra",
    /// "UTC, as neither --tz nor TZ is set"; nil when not known.
    public var zoneWords: String? {
        guard let zone else { return nil }
        let name = zoneName ?? ""
        switch zone {
        // TRANSLATORS: the photo's time zone, %s an offset as the camera wrote it ("+02:00").
        case .camera: return L("%s from the camera", name)
        case .tz: return "--tz " + name
        case .environment: return "TZ=" + name
        case .utcUnreadTZ: return L("UTC, as TZ=%s is not read", name)
        case .utcDefault: return L("UTC, as neither --tz nor TZ is set")
        }
    }

    /// A time span in words: "40 s", "5 min", "2 h 10 min", "3 days" (as the placement's
    /// refusals word it).
    public static func span(_ s: TimeInterval) -> String {
        if s < 60 { return L("%d s", Int(s.rounded())) }
        let m = Int((s / 60).rounded())
        return m < 60 ? L("%d min", m) : m < 2880 ? L("%d h %d min", m / 60, m % 60) : Ln("%d day", "%d days", m / 1440, m / 1440)
    }

    /// Why the photo is not placed, in words (nil without a reason; ``Reason/legacy`` is worded
    /// by its stored text, ``NewPhoto/note(units:)``).
    public var reasonWords: String? {
        guard let reason else { return nil }
        let s = seconds ?? 0
        switch reason {
        case .noTime: return L("no capture time in its EXIF")
        case .noEXIF: return L("no EXIF data (saved without its metadata?)")
        case .unreadableTime: return L("unreadable capture time '%s' in its EXIF", clockText ?? "?")
        case .clockUnset: return L("capture time %s is before 1980: the camera's clock was not set", clockText ?? "?")
        case .untimedTrack: return L("the hike's points have no times, so a photo cannot be placed by its time")
        // TRANSLATORS: %s is a time span ("5 min", "2 h 10 min", "3 days").
        case .beforeWalk: return L("taken %s before the walk began", Self.span(s))
        case .afterWalk: return L("taken %s after the walk ended", Self.span(s))
        case .inGap:
            if segmentBreak == true {
                return s > 0 ? L("taken during a %s gap between two segments of the recording", Self.span(s))
                    : L("taken during an untimed stretch of the recording")
            }
            // TRANSLATORS: %d is seconds, the smallest whole-minute --max-gap that places the photo.
            return L("taken during a %s gap in the recording: a pause or a lost signal; `--max-gap %d` places it", Self.span(s),
                     Int((s / 60).rounded(.up)) * 60)
        case .legacy: return nil
        }
    }

    /// What a cut JPEG's note says (``pictureCut``).
    public static var pictureCutWords: String {
        L("the picture data is cut (the file ends before the image's end marker): it may not display")
    }

    /// What was wrong with the GPS tag, in words.
    public func gpsWords(units: UnitFormatter) -> String? {
        switch gpsTag {
        case .zero: return L("its GPS tag is 0,0 (no fix)")
        case .farOff: return L("its GPS tag is %s off the line", units.distance(gpsOff ?? 0))
        case nil: return nil
        }
    }
}

extension NewPhoto {
    /// The code of why the photo is not placed (``PhotoFacts/Reason``): what `--json` gives as
    /// `reason`; nil for a placed photo.
    public var reasonCode: String? { facts.reason?.rawValue }

    /// How the photo was read and placed, or why it is not placed, in words of the current
    /// language (one line, parts joined by "; "): the GPS tag's trouble, how it was placed (or
    /// why not), when it was taken and in which zone; a note stored as text before the codes
    /// (``legacyNote``) as it was. Distances with `units`; the capture time with `timestamp`
    /// (by default ISO 8601 in UTC, to the millisecond when not whole).
    public func note(units: UnitFormatter, timestamp: (Date) -> String = NewPhoto.isoTimestamp) -> String? {
        if let legacyNote, facts.reason == nil || facts.reason == .legacy { return legacyNote }
        var parts: [String] = []
        if let g = facts.gpsWords(units: units) { parts.append(g) }
        switch placement {
        case "gps": parts.append(L("at its GPS tag"))
        case "time": parts.append(L("by its time"))
        case Self.markPlacement: parts.append(L("at a photo-here mark"))
        case Self.waypointPlacement: parts.append(L("as exported"))
        case Self.placeholderPlacement: parts.append(L("photo here"))
        default: if let r = facts.reasonWords { parts.append(r) }
        }
        if let t = takenAt, let z = facts.zoneWords {
            // TRANSLATORS: a photo's capture time (ISO 8601) and the time zone it was read in.
            parts.append(L("taken %s (%s)", timestamp(t), z))
        }
        if let c = facts.correction, c != 0 {
            // TRANSLATORS: %s is signed seconds ("+30 s"), added to the camera's time (--offset, --offset-from).
            parts.append(L("camera clock corrected by %s", PhotoFacts.signedSeconds(c)))
        }
        if let o = facts.ignoredOffset {
            parts.append(L("its EXIF offset %s is not a time zone and was ignored", o))
        }
        if facts.pictureCut == true { parts.append(PhotoFacts.pictureCutWords) }
        return parts.isEmpty ? nil : parts.joined(separator: clauseSeparator)
    }
}

extension NewPhoto {
    /// `2018-05-02T08:15:30Z`, `2018-05-02T08:15:30.250Z` (UTC).
    public static func isoTimestamp(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        let f = ISO8601DateFormatter()
        f.formatOptions = whole ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }
}
