import Localization
import TrailStore

/// The word the library's status line shows for a sort order, in the user's language (the
/// `--sort` values stay English: they are typed).
public enum HikeSortWords {
    public static func word(_ sort: HikeSort) -> String {
        switch sort {
        case .date: return L("date")
        case .distance: return L("distance")
        case .gain: return L("gain")
        case .name: return L("name")
        case .duration: return L("duration")
        }
    }
}
