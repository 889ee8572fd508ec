import Foundation
import TrailCore
import Localization

/// A request from another shell to the running recording or follow (one line on the control
/// socket): `status`, `pause`, `resume`, `finish`, `finish NAME`, `place NAME`, `photo`.
public enum LiveControlRequest: Equatable, Sendable {
    case status
    case pause
    case resume
    /// Finish; a non-nil name renames the hike as it is finished.
    case finish(name: String?)
    /// A place of one's own where the hiker stands, with this name.
    case place(name: String)
    /// A "photo here" mark at the last position (filled later by `cairn photos add`).
    case photo

    /// The request as sent on the socket (a name's line breaks become spaces).
    public var line: String {
        switch self {
        case .status: return "status"
        case .pause: return "pause"
        case .resume: return "resume"
        case .finish(let name): return "finish" + (name.map { " " + Self.flatten($0) } ?? "")
        case .place(let name): return "place " + Self.flatten(name)
        case .photo: return "photo"
        }
    }

    private static func flatten(_ s: String) -> String {
        s.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    /// Parses a request line; nil for anything else (the server answers with an error).
    public init?(line: String) {
        let verb = line.prefix { $0 != " " }
        let rest = line.dropFirst(verb.count).drop { $0 == " " }
        let name = rest.trimmingCharacters(in: .whitespaces)
        switch verb {
        case "status" where name.isEmpty: self = .status
        case "pause" where name.isEmpty: self = .pause
        case "resume" where name.isEmpty: self = .resume
        case "finish": self = .finish(name: name.isEmpty ? nil : name)
        case "place" where !name.isEmpty: self = .place(name: name)
        case "photo" where name.isEmpty: self = .photo
        default: return nil
        }
    }
}

/// What `cairn status` shows of the running recording or follow: the figures a phone app puts
/// on its lock screen. Distances in metres, times in seconds, speed in m/s.
public struct LiveStatus: Codable, Equatable, Sendable {
    /// "recording" or "following".
    public var activity: String
    /// "recording", "paused" (or "following" for a walk being followed).
    public var state: String
    /// The hike's name (recorded or followed), as stored.
    public var name: String?
    /// The hike's id in the store (nil before a recording's first accepted point).
    public var hike: String?
    /// Elapsed time of the walk so far, seconds.
    public var elapsed: Double?
    /// Moving time, seconds.
    public var moving: Double?
    /// Distance walked, metres.
    public var distance: Double
    /// Current speed (over the last 500 m), m/s; nil when not known.
    public var speed: Double?
    /// Distance from the route followed, metres, when off it; nil on it or without a route.
    public var offRoute: Double?
    /// Seconds since the last fix came from the source (accepted or not); nil before the first.
    public var fixAge: Double?
    /// Points recorded so far.
    public var points: Int
    /// The process serving the socket.
    public var pid: Int32
    /// The source's link (``LiveReadout/linkState``: "connected", "connecting", "lost",
    /// "ended", "reading", "starting"); nil from an older cairn.
    public var link: String?
    /// For a route being followed (a hike, or the way back while recording): metres and
    /// seconds left, and the arrival as Unix time (seconds); nil without a route.
    public var left: Double?
    public var timeLeft: Double?
    public var arrival: Double?

    public init(activity: String, state: String, name: String? = nil, hike: String? = nil, elapsed: Double? = nil,
                moving: Double? = nil, distance: Double = 0, speed: Double? = nil, offRoute: Double? = nil,
                fixAge: Double? = nil, points: Int = 0, pid: Int32 = getpid(), link: String? = nil,
                left: Double? = nil, timeLeft: Double? = nil, arrival: Double? = nil) {
        self.activity = activity
        self.state = state
        self.name = name
        self.hike = hike
        self.elapsed = elapsed
        self.moving = moving
        self.distance = distance
        self.speed = speed
        self.offRoute = offRoute
        self.fixAge = fixAge
        self.points = points
        self.pid = pid
        self.link = link
        self.left = left
        self.timeLeft = timeLeft
        self.arrival = arrival
    }

    /// The figures every live activity shares, from the ``LiveReadout``: the fix age, the link,
    /// and for a route being followed what is left, the arrival and how far off it (the
    /// progress's, as the screen shows them: DECISIONS.md 971).
    public mutating func take(_ readout: LiveReadout, route: LiveReadout.RouteProgress? = nil) {
        fixAge = readout.fixAge
        link = readout.linkState
        if let route { offRoute = route.offRoute }
        left = route?.left
        timeLeft = route?.timeLeft
        arrival = route?.arrival?.timeIntervalSince1970
    }

    enum CodingKeys: String, CodingKey {
        case activity, state, name, hike, elapsed, moving, distance, speed, points, pid, link, left, arrival
        case timeLeft = "time_left"
        case offRoute = "off_route"
        case fixAge = "fix_age"
    }

    /// A fix older than this (seconds) is shown as stale (``LiveReadout/staleAfter``).
    public static let staleAfter = LiveReadout.staleAfter

    /// The one line for a shell: `recording · 1:02:03 · 3.21 km · 13:08 min/km · fix 1 s ago`
    /// (`· off route 42 m` when off the route, `· left 2.10 km 0:45 → 14:05` on a route, `·
    /// source lost` while the link is down). Names are not shown (a status bar is narrow).
    public func text(_ units: UnitFormatter) -> String {
        var parts = [stateWord]
        parts.append(units.duration(elapsed ?? 0, style: .clock))
        parts.append(units.distance(distance))
        parts.append(units.pace(speed: speed))
        if let offRoute { parts.append(L("off route %s", units.distance(offRoute))) }
        if let routeText = routeText(units) { parts.append(routeText) }
        parts.append(fixText)
        if link == "lost" { parts.append(L("source lost")) }
        return parts.joined(separator: " · ")
    }

    /// ``state`` in the user's language (the JSON keeps the English word).
    private var stateWord: String {
        switch state {
        // TRANSLATORS: what a running cairn does, first word of `cairn status`.
        case "recording": Lc("live state", "recording")
        case "paused": Lc("live state", "paused")
        case "following": Lc("live state", "following")
        default: state
        }
    }

    /// The same with tmux colour markup (`#[fg=…]`) for `status-right`: the state red while
    /// recording, yellow while paused, green while following; off route in bold red; a stale
    /// fix in yellow. The text holds no user-given string, so no `#` needs escaping.
    public func tmux(_ units: UnitFormatter) -> String {
        let badge: String
        switch state {
        // TRANSLATORS: tmux status badges, upper case and short: recording, paused, following.
        case "recording": badge = "#[fg=red,bold]" + L("● REC") + "#[default]"
        case "paused": badge = "#[fg=yellow,bold]" + L("❚❚ PAUSED") + "#[default]"
        default: badge = "#[fg=green,bold]" + L("▶ FOLLOW") + "#[default]"
        }
        var parts = [badge, units.duration(elapsed ?? 0, style: .clock), units.distance(distance), units.pace(speed: speed)]
        // TRANSLATORS: short for "off route 42 m" in a tmux status bar.
        if let offRoute { parts.append("#[fg=red,bold]" + L("off %s", units.distance(offRoute)) + "#[default]") }
        if let routeText = routeText(units) { parts.append(routeText) }
        let stale = (fixAge ?? .infinity) > Self.staleAfter
        parts.append(stale ? "#[fg=yellow]\(fixText)#[default]" : fixText)
        if link == "lost" { parts.append("#[fg=red]" + L("source lost") + "#[default]") }
        return parts.joined(separator: " ")
    }

    /// "left 2.10 km 0:45 → 14:05" (arrival by this machine's clock), nil without a route.
    private func routeText(_ units: UnitFormatter) -> String? {
        guard let left else { return nil }
        // TRANSLATORS: the distance left to walk on the route; a time and an arrival time follow.
        var text = L("left %s", units.distance(left))
        if let timeLeft { text += " " + units.duration(timeLeft, style: .clock) }
        if let arrival { text += " → " + units.time(Date(timeIntervalSince1970: arrival)) }
        return text
    }

    private var fixText: String {
        guard let fixAge else { return L("no fix yet") }
        let seconds = Int(fixAge.rounded(.down))
        return fixAge > Self.staleAfter ? L("fix %d s ago (stale)", seconds) : L("fix %d s ago", seconds)
    }
}

/// The server's answer line: JSON `{"ok":true,"message":"paused","status":{…}}`.
public struct LiveControlReply: Codable, Equatable, Sendable {
    public var ok: Bool
    /// What was done, or why not (plain text; clients strip control characters before drawing it).
    public var message: String
    public var status: LiveStatus?

    public init(ok: Bool, message: String, status: LiveStatus? = nil) {
        self.ok = ok
        self.message = message
        self.status = status
    }

    /// The reply as one JSON line.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return #"{"ok":false,"message":"cannot encode the answer"}"# }
        return String(decoding: data, as: UTF8.self)
    }

    /// Decodes an answer line; nil when it is not one.
    public init?(line: String) {
        guard let r = try? JSONDecoder().decode(LiveControlReply.self, from: Data(line.utf8)) else { return nil }
        self = r
    }
}
