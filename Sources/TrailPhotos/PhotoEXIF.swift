import CExif
import Foundation
import TrailCore

/// What a photograph's EXIF says about when and where it was taken, as stored in the file:
/// the capture time as the camera wrote it (local wall-clock text, its offset if the camera
/// wrote one, and sub-seconds) and the GPS tag (position and altitude), if any.
///
/// Read by ``PhotoEXIFReader`` with libexif (Debian `libexif12`), which reads the EXIF block of
/// JPEG files (APP1); other formats (HEIC, PNG, raw) are refused by it as having no EXIF.
public struct PhotoEXIF: Sendable, Equatable {
    /// EXIF `DateTimeOriginal` (0x9003), "YYYY:MM:DD HH:MM:SS" in the camera's local time.
    public var dateTimeOriginal: String?
    /// EXIF `OffsetTimeOriginal` (0x9011), "+02:00": the camera's offset from UTC, when written.
    public var offsetTimeOriginal: String?
    /// EXIF `SubSecTimeOriginal` (0x9291): fraction digits of the second ("25" is 0.25 s).
    public var subSecTimeOriginal: String?
    /// The GPS IFD's latitude and longitude (degrees, WGS84, south and west negative).
    public var gps: Coordinate?
    /// The GPS IFD's altitude in metres (negative below sea level).
    public var gpsAltitude: Double?

    public init(dateTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil, subSecTimeOriginal: String? = nil,
                gps: Coordinate? = nil, gpsAltitude: Double? = nil) {
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
        self.subSecTimeOriginal = subSecTimeOriginal
        self.gps = gps
        self.gpsAltitude = gpsAltitude
    }
}

/// Why a photograph's EXIF could not be read.
public enum PhotoReadError: Error, CustomStringConvertible, Equatable {
    /// The file cannot be opened (missing, a directory, no permission).
    case unreadable(path: String, reason: String)
    /// libexif found no EXIF block (not a JPEG, or a JPEG without one).
    case noEXIF(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .noEXIF(let path):
            return "\(path): no EXIF data (Cairn reads the EXIF of JPEG photos; HEIC, PNG and raw files are not read)"
        }
    }
}

/// Reads ``PhotoEXIF`` from a file with libexif's loader, which stops after the EXIF block: a
/// 40 MB photo costs the read of its first kilobytes.
public enum PhotoEXIFReader {
    /// - Throws: ``PhotoReadError``.
    public static func read(path: String) throws -> PhotoEXIF {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw PhotoReadError.unreadable(path: path, reason: isDirectory.boolValue ? "a directory" : "no such file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw PhotoReadError.unreadable(path: path, reason: "permission denied")
        }
        // The loader reads until the EXIF block ends; an empty buffer means the file has none.
        guard let loader = exif_loader_new() else { throw PhotoReadError.unreadable(path: path, reason: "out of memory") }
        defer { exif_loader_unref(loader) }
        exif_loader_write_file(loader, path)
        var buffer: UnsafePointer<UInt8>?
        var size: UInt32 = 0
        exif_loader_get_buf(loader, &buffer, &size)
        guard size > 0, let data = exif_loader_get_data(loader) else { throw PhotoReadError.noEXIF(path: path) }
        defer { exif_data_unref(data) }
        let order = exif_data_get_byte_order(data)
        let ifds = withUnsafeBytes(of: data.pointee.ifd) { raw in
            Array(raw.bindMemory(to: UnsafeMutablePointer<ExifContent>?.self))
        }
        func entry(_ ifd: ExifIfd, _ tag: UInt32) -> UnsafeMutablePointer<ExifEntry>? {
            guard Int(ifd.rawValue) < ifds.count, let content = ifds[Int(ifd.rawValue)] else { return nil }
            return exif_content_get_entry(content, ExifTag(rawValue: tag))
        }
        func text(_ e: UnsafeMutablePointer<ExifEntry>?) -> String? {
            guard let e, e.pointee.format == EXIF_FORMAT_ASCII, let bytes = e.pointee.data, e.pointee.size > 0 else { return nil }
            let buffer = UnsafeBufferPointer(start: bytes, count: Int(e.pointee.size))
            let s = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            return s.isEmpty ? nil : s
        }
        func rationals(_ e: UnsafeMutablePointer<ExifEntry>?) -> [Double]? {
            guard let e, e.pointee.format == EXIF_FORMAT_RATIONAL, let bytes = e.pointee.data else { return nil }
            let count = Int(e.pointee.components)
            guard count > 0, Int(e.pointee.size) >= count * 8 else { return nil }
            return (0..<count).map { i in
                let r = exif_get_rational(bytes + i * 8, order)
                return r.denominator == 0 ? .nan : Double(r.numerator) / Double(r.denominator)
            }
        }
        func byte(_ e: UnsafeMutablePointer<ExifEntry>?) -> UInt8? {
            guard let e, let bytes = e.pointee.data, e.pointee.size >= 1 else { return nil }
            return bytes[0]
        }
        var out = PhotoEXIF()
        out.dateTimeOriginal = text(entry(EXIF_IFD_EXIF, 0x9003))
        out.offsetTimeOriginal = text(entry(EXIF_IFD_EXIF, 0x9011))
        out.subSecTimeOriginal = text(entry(EXIF_IFD_EXIF, 0x9291))
        // GPS: degrees, minutes, seconds as three rationals, the hemisphere as "N"/"S", "E"/"W".
        func degrees(_ value: UInt32, _ ref: UInt32, negative: String) -> Double? {
            guard let dms = rationals(entry(EXIF_IFD_GPS, value)), dms.count == 3, dms.allSatisfy(\.isFinite) else { return nil }
            let d = dms[0] + dms[1] / 60 + dms[2] / 3600
            return text(entry(EXIF_IFD_GPS, ref))?.uppercased() == negative ? -d : d
        }
        if let lat = degrees(0x0002, 0x0001, negative: "S"), let lon = degrees(0x0004, 0x0003, negative: "W"),
           abs(lat) <= 90, abs(lon) <= 180 {
            out.gps = Coordinate(latitude: lat, longitude: lon)
        }
        if let alt = rationals(entry(EXIF_IFD_GPS, 0x0006))?.first, alt.isFinite {
            out.gpsAltitude = byte(entry(EXIF_IFD_GPS, 0x0005)) == 1 ? -alt : alt
        }
        return out
    }
}
