import Localization

extension FixRejection {
    /// The rule's name for people, one wording for the `cairn record` status line and the
    /// viewer's recording panel ("poor accuracy", not the case name "poorAccuracy";
    /// DECISIONS 622).
    public var label: String {
        switch self {
        // TRANSLATORS: names of the rules that reject a GPS fix, shown with counts.
        case .noPosition: L("no position")
        case .poorAccuracy: L("poor accuracy")
        case .strayFix: L("stray fix")
        case .outOfOrder: L("out of order")
        case .impossibleSpeed: L("too fast")
        case .duplicate: L("duplicate")
        case .stationaryJitter: L("standing still")
        case .tooClose: L("too close")
        }
    }
}
