import Localization

/// The word a screen shows for a hike's kind (``HikeKind``'s raw value: "recorded",
/// "imported", "drawn"), in the user's language; another value is shown as it is.
public enum HikeKindWords {
    public static func word(_ rawValue: String) -> String {
        switch rawValue {
        case "recorded": return L("recorded")
        case "imported": return L("imported")
        case "drawn": return L("drawn")
        default: return rawValue
        }
    }
}
