import Foundation

/// The SAC hiking scale (Schweizer Alpen-Club), T1 to T6, as mapped in OSM's `sac_scale` key.
///
/// Values per the OSM wiki page Key:sac_scale: `hiking` T1, `mountain_hiking` T2,
/// `demanding_mountain_hiking` T3, `alpine_hiking` T4, `demanding_alpine_hiking` T5,
/// `difficult_alpine_hiking` T6. The grade names "T1"…"T6" (any case) are read too, since
/// they appear in the data and on the command line. Any other value (a typo, "yes", a list)
/// is not a grade: such a way counts as ungraded, like a way without the tag.
public enum SACScale: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// `hiking`: a well-built trail, flat or gently sloped.
    case t1 = 1
    /// `mountain_hiking`: a trail with steady line, steep in places, fall hazard not excluded.
    case t2 = 2
    /// `demanding_mountain_hiking`: exposed sections, hands needed now and then.
    case t3 = 3
    /// `alpine_hiking`: trail not always visible, hands needed, easy firn fields.
    case t4 = 4
    /// `demanding_alpine_hiking`: often no trail, simple scrambling, glaciers.
    case t5 = 5
    /// `difficult_alpine_hiking`: mostly no trail, climbing up to II, exposed.
    case t6 = 6

    /// The OSM `sac_scale` values in grade order.
    public static let osmValues = ["hiking", "mountain_hiking", "demanding_mountain_hiking", "alpine_hiking",
                                   "demanding_alpine_hiking", "difficult_alpine_hiking"]

    /// Reads an OSM `sac_scale` value or a grade name ("T3", "t3"); nil for anything else.
    public init?(tagValue: String) {
        let v = tagValue.trimmingCharacters(in: .whitespaces)
        if let i = Self.osmValues.firstIndex(of: v) {
            self.init(rawValue: i + 1)
            return
        }
        let u = v.uppercased()
        guard u.count == 2, u.first == "T", let n = Int(u.dropFirst()), let s = SACScale(rawValue: n) else { return nil }
        self = s
    }

    /// The OSM `sac_scale` value of this grade.
    public var osmValue: String { Self.osmValues[rawValue - 1] }

    /// "T1" … "T6".
    public var description: String { "T\(rawValue)" }

    /// The highest grade a route may use when the hiker asks for nothing else: T4. The
    /// hiking grades (T1-T4) are open; the alpine grades T5 and T6 need an explicit
    /// `--max-sac` (issue 7: "alpine grades T5-T6 and via ferratas off unless asked").
    public static let defaultLimit = SACScale.t4

    public static func < (a: SACScale, b: SACScale) -> Bool { a.rawValue < b.rawValue }
}
