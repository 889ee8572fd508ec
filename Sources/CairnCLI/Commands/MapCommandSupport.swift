import Localization
import Foundation
import TrailCore
import TrailMap

/// What `cairn map import` and `cairn map info` share: finding the map file and printing
/// text that came from a file safely.
enum MapCommandSupport {
    /// The map file: ``OptionSpec/map`` when given, else ``MapStore/defaultPath(environment:)``;
    /// relative paths are taken from the working directory.
    /// - Throws: ``CLIError/usage(_:)`` for an empty `--map`.
    static func storePath(_ args: ParsedArguments, _ context: CommandContext) throws -> String {
        if let p = args.value(.map) {
            guard !p.isEmpty else { throw CLIError.usage(L("--map needs a path")) }
            return context.resolve(p)
        }
        return context.resolve(MapStore.defaultPath(environment: context.environment))
    }

    /// "13.2 MB", "812 KB", "96 B" (decimal units, as `ls -h --si`), the decimal point written
    /// as `decimalSeparator` (the user's: "13,2 MB" in German, as distances are).
    static func bytes(_ n: Int64, decimalSeparator: String = ".") -> String {
        let d = Double(n)
        func one(_ v: Double) -> String { String(format: "%.1f", v).replacingOccurrences(of: ".", with: decimalSeparator) }
        if d >= 1e9 { return one(d / 1e9) + " GB" }
        if d >= 1e6 { return one(d / 1e6) + " MB" }
        if d >= 1e3 { return String(format: "%.0f KB", d / 1e3) }
        return "\(n) B"
    }

    /// A box as "S,W – N,E" with 5 decimals (about 1 m).
    static func box(_ b: BoundingBox) -> String {
        String(format: "%.5f,%.5f – %.5f,%.5f", b.minLatitude, b.minLongitude, b.maxLatitude, b.maxLongitude)
    }
}
