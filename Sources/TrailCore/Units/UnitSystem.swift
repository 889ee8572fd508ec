import Foundation

/// Metric or imperial (US customary) units for everything shown to the user.
public enum UnitSystem: String, Hashable, Sendable, Codable, CaseIterable {
    /// Metres, kilometres, km/h, min/km.
    case metric
    /// Feet, miles, mph, min/mi (1 mi = 1609.344 m, 1 ft = 0.3048 m, exact by definition).
    case imperial

    /// Territories whose everyday measurement system is not metric: the United States,
    /// Liberia and Myanmar.
    public static let imperialTerritories: Set<String> = ["US", "LR", "MM"]

    /// The system the locale environment asks for.
    ///
    /// POSIX precedence for the measurement category: the first non-empty of `LC_ALL`,
    /// `LC_MEASUREMENT`, `LANG` decides. Its territory (the part after `_` in
    /// `language_TERRITORY.codeset@modifier`, e.g. `en_US.UTF-8`) picks ``imperial`` when it is
    /// US, LR or MM; anything else, including `C`, `POSIX` and no setting at all, is ``metric``.
    /// - Parameter environment: the process environment, injected (no global state).
    public static func fromEnvironment(_ environment: [String: String]) -> UnitSystem {
        for key in ["LC_ALL", "LC_MEASUREMENT", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            return territory(ofLocale: value).map { imperialTerritories.contains($0) ? .imperial : .metric } ?? .metric
        }
        return .metric
    }

    /// The `--units` override when given, otherwise the locale environment's system.
    public static func resolve(override: UnitSystem?, environment: [String: String]) -> UnitSystem {
        override ?? fromEnvironment(environment)
    }

    /// Parses a command-line value, "metric" or "imperial" (case-insensitive); nil otherwise.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// The territory of a POSIX locale name (`en_US.UTF-8@euro` → "US"), uppercased; nil when
    /// the name has none.
    static func territory(ofLocale name: String) -> String? {
        let base = name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? name
        let withoutCodeset = base.split(separator: ".", maxSplits: 1).first.map(String.init) ?? base
        guard let underscore = withoutCodeset.firstIndex(of: "_") else { return nil }
        let t = withoutCodeset[withoutCodeset.index(after: underscore)...]
        return t.isEmpty ? nil : t.uppercased()
    }

    /// Metres in one long-distance unit: 1000 (km) or 1609.344 (mi).
    public var metresPerDistanceUnit: Double { self == .metric ? 1000 : 1609.344 }
    /// Metres in one elevation unit: 1 (m) or 0.3048 (ft).
    public var metresPerElevationUnit: Double { self == .metric ? 1 : 0.3048 }
    /// "km" or "mi".
    public var distanceSymbol: String { self == .metric ? "km" : "mi" }
    /// "m" or "ft".
    public var elevationSymbol: String { self == .metric ? "m" : "ft" }
    /// "km/h" or "mph".
    public var speedSymbol: String { self == .metric ? "km/h" : "mph" }
}
