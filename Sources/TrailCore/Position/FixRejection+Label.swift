extension FixRejection {
    /// The rule's name for people, one wording for the `cairn record` status line and the
    /// viewer's recording panel ("poor accuracy", not the case name "poorAccuracy";
    /// DECISIONS 622).
    public var label: String {
        switch self {
        case .noPosition: "no position"
        case .poorAccuracy: "poor accuracy"
        case .strayFix: "stray fix"
        case .outOfOrder: "out of order"
        case .impossibleSpeed: "too fast"
        case .duplicate: "duplicate"
        case .stationaryJitter: "standing still"
        case .tooClose: "too close"
        }
    }
}
