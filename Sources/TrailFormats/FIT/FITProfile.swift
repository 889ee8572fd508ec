import Localization
/// Names from the FIT profile (Garmin FIT SDK, Profile.xlsx, "Types" sheet) that the reader
/// puts into messages and metadata.
enum FITProfile {
    /// `sport` enum values, as the profile spells them (used as the track's type).
    static let sports = [
        "generic", "running", "cycling", "transition", "fitness_equipment", "swimming", "basketball", "soccer",
        "tennis", "american_football", "training", "walking", "cross_country_skiing", "alpine_skiing", "snowboarding",
        "rowing", "mountaineering", "hiking", "multisport", "paddling", "flying", "e_biking", "motorcycling", "boating",
        "driving", "golf", "hang_gliding", "horseback_riding", "hunting", "fishing", "inline_skating", "rock_climbing",
        "sailing", "ice_skating", "sky_diving", "snowshoeing", "snowmobiling", "stand_up_paddleboarding", "surfing",
        "wakeboarding", "water_skiing", "kayaking", "rafting", "windsurfing", "kitesurfing", "tactical", "jumpmaster",
        "boxing", "floor_climbing",
    ]

    /// The profile's name of sport `value`, or `sport_N` for one not in the table.
    static func sportName(_ value: Int) -> String {
        value >= 0 && value < sports.count ? sports[value] : "sport_\(value)"
    }

    /// What a `file_id.type` value means, in words for a refusal message.
    static func fileTypeDescription(_ value: Int) -> String {
        // TRANSLATORS: FIT file types, shown in "this is a FIT %s, not an activity…"; keep the type number and the FIT profile's name (monitoring_b…) as they are.
        switch value {
        case 1: return L("device description file (type 1, device)")
        case 2: return L("settings file (type 2, settings)")
        case 3: return L("sport settings file (type 3, sport)")
        case 5: return L("workout file (type 5, workout: planned steps, no track)")
        case 7: return L("training schedule file (type 7, schedules)")
        case 9: return L("weight scale file (type 9, weight)")
        case 10: return L("totals file (type 10, totals)")
        case 11: return L("goals file (type 11, goals)")
        case 14: return L("blood pressure file (type 14, blood_pressure)")
        case 15: return L("monitoring file (type 15, monitoring_a: daily steps, heart rate and sleep)")
        case 20: return L("activity summary file (type 20, activity_summary: totals without a track)")
        case 28: return L("daily monitoring file (type 28, monitoring_daily)")
        case 32: return L("monitoring file (type 32, monitoring_b: daily steps, heart rate and sleep)")
        case 34: return L("segment file (type 34, segment)")
        case 35: return L("segment list file (type 35, segment_list)")
        case 40: return L("data screen configuration file (type 40, exd_configuration)")
        default: return L("file of type %d", value)
        }
    }

    /// A maker's name for `file_id.manufacturer`, or `manufacturer N`.
    static func manufacturerName(_ value: Int) -> String {
        switch value {
        case 1: return "Garmin"
        case 13: return "Dynastream OEM"
        case 15: return "Dynastream"
        case 23: return "Suunto"
        case 32: return "Wahoo Fitness"
        case 255: return "development"
        default: return "manufacturer \(value)"
        }
    }
}
