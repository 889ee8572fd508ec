/// The two SRTM `.hgt` grids: square arrays of big-endian signed 16-bit heights in metres
/// above the EGM96 geoid, rows from north to south, each row west to east, −32768 for a void
/// (NASA SRTM documentation, "SRTM Topography", 2003). Edge rows and columns repeat the
/// neighbouring tile's.
public struct HGTFormat: Hashable, Sendable {
    /// Samples along one side: 1201 (3″, SRTM3) or 3601 (1″, SRTM1).
    public let samplesPerSide: Int

    /// SRTM3: 3 arc-seconds, about 90 m.
    public static let srtm3 = HGTFormat(samplesPerSide: 1201)
    /// SRTM1: 1 arc-second, about 30 m.
    public static let srtm1 = HGTFormat(samplesPerSide: 3601)
    /// The void marker.
    public static let void: Int16 = -32768

    /// Bytes in a file of this grid.
    public var byteCount: Int { samplesPerSide * samplesPerSide * 2 }

    /// Arc-seconds between samples (3 or 1).
    public var arcSeconds: Int { 3600 / (samplesPerSide - 1) }

    /// The grid a file of `byteCount` bytes holds, nil for any other size.
    public static func forByteCount(_ byteCount: Int64) -> HGTFormat? {
        if byteCount == Int64(srtm3.byteCount) { return .srtm3 }
        if byteCount == Int64(srtm1.byteCount) { return .srtm1 }
        return nil
    }
}
