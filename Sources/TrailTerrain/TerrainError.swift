import Foundation
import Localization

/// Why a terrain tile could not be imported or opened. Every case names the file.
public enum TerrainError: Error, Equatable, CustomStringConvertible {
    /// The file name is not an SRTM tile name (`N42E001.hgt`, `N42E001.hgt.zip`).
    case notATileName(file: String)
    /// The `.hgt` data is not 1201² or 3601² big-endian 16-bit samples.
    case wrongSize(file: String, bytes: Int64)
    /// A zip archive without exactly one `.hgt` entry, or whose entry names a different tile.
    case notATileArchive(file: String, reason: String)
    /// A zip entry that states (or inflates to) more bytes than the largest SRTM tile.
    case inflatesTooBig(file: String, bytes: Int64)
    /// The file could not be read (permissions, missing, a damaged archive).
    case unreadable(file: String, reason: String)
    /// The terrain folder could not be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .notATileName(let f):
            return L("%s: not an SRTM tile name (expected e.g. N42E001.hgt or N42E001.hgt.zip)", f)
        case .wrongSize(let f, let b):
            return L("%s: %d bytes is not an SRTM tile (SRTM3 is %d bytes, SRTM1 %d)", f, b, HGTFormat.srtm3.byteCount, HGTFormat.srtm1.byteCount)
        case .notATileArchive(let f, let r):
            return L("%s: not a zipped SRTM tile (%s)", f, r)
        case .inflatesTooBig(let f, let b):
            return L("%s: the tile inside would inflate to %d bytes, more than an SRTM tile (%d); refused", f, b, HGTFormat.srtm1.byteCount)
        case .unreadable(let f, let r):
            return L("%s: cannot read (%s)", f, r)
        case .cannotWrite(let p, let r):
            return L("%s: cannot write the terrain folder (%s)", p, r)
        }
    }
}
