import CExif
import CHeif
import Foundation
import TrailCore
import Localization

/// What a photograph's EXIF says about when and where it was taken, as stored in the file:
/// the capture time as the camera wrote it (local wall-clock text, its offset if the camera
/// wrote one, and sub-seconds) and the GPS tag (position and altitude), if any.
///
/// Read by ``PhotoEXIFReader`` with libexif (Debian `libexif12`), from the EXIF block of a JPEG
/// (APP1) or of a HEIC/HEIF file (its "Exif" metadata item, found by libheif, Debian
/// `libheif1`); other formats (PNG, raw) are refused as having no EXIF.
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
    /// libexif found no EXIF block (not a JPEG or HEIC, or one without it).
    case noEXIF(path: String)
    /// A HEIF file libheif cannot read (damaged, cut off), with libheif's reason.
    case badHEIF(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return L("%s: cannot be read: %s", path, reason)
        case .noEXIF(let path):
            return L("%s: no EXIF data (Cairn reads the EXIF of JPEG and HEIC photos; PNG and raw files are not read)", path)
        case .badHEIF(let path, let reason): return L("%s: not a HEIF image libheif can read: %s", path, reason)
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
            throw PhotoReadError.unreadable(path: path, reason: isDirectory.boolValue ? L("a directory") : L("no such file"))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw PhotoReadError.unreadable(path: path, reason: L("permission denied"))
        }
        if isHEIF(path: path) {
            let block = try heifEXIF(path: path)
            guard let data = block.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) })
            else { throw PhotoReadError.noEXIF(path: path) }
            defer { exif_data_unref(data) }
            return extract(data)
        }
        // The loader reads until the EXIF block ends; an empty buffer means the file has none.
        guard let loader = exif_loader_new() else { throw PhotoReadError.unreadable(path: path, reason: L("out of memory")) }
        defer { exif_loader_unref(loader) }
        exif_loader_write_file(loader, path)
        var buffer: UnsafePointer<UInt8>?
        var size: UInt32 = 0
        exif_loader_get_buf(loader, &buffer, &size)
        guard size > 0, let data = exif_loader_get_data(loader) else { throw PhotoReadError.noEXIF(path: path) }
        defer { exif_data_unref(data) }
        return extract(data)
    }

    /// True when the file is an ISO base media file (ISO/IEC 14496-12: a `ftyp` box first,
    /// bytes 4–7) of a HEIF brand (heic, heix, heim, heis, hevc, hevx, mif1, msf1, avif): what
    /// libheif reads.
    static func isHEIF(path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        guard let head = try? h.read(upToCount: 12), head.count == 12 else { return false }
        let bytes = [UInt8](head)
        guard String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" else { return false }
        let brand = String(decoding: bytes[8..<12], as: UTF8.self)
        return ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"].contains(brand)
    }

    /// The EXIF block of a HEIF file's primary image, as libexif loads it: "Exif\0\0" and the
    /// TIFF header onwards. libheif gives the item as stored (ISO/IEC 23008-12 annex A.2.1):
    /// a 4-byte big-endian offset to the TIFF header, then the bytes it skips.
    /// - Throws: ``PhotoReadError/badHEIF(path:reason:)`` when libheif cannot read the file,
    ///   ``PhotoReadError/noEXIF(path:)`` when the image has no usable Exif item.
    static func heifEXIF(path: String) throws -> [UInt8] {
        // libheif is opened the first time a HEIF file is read (CHeif's shim.h, DECISIONS 992).
        guard let api = cairn_heif_api_get()?.pointee else {
            throw PhotoReadError.badHEIF(path: path, reason: L("libheif is not installed (Debian: apt-get install libheif1)"))
        }
        guard let context = api.context_alloc() else { throw PhotoReadError.unreadable(path: path, reason: L("out of memory")) }
        defer { api.context_free(context) }
        func check(_ e: heif_error) throws {
            guard e.code != heif_error_Ok else { return }
            let reason = e.message.map { String(cString: $0) } ?? L("error %d", Int(e.code.rawValue))
            throw PhotoReadError.badHEIF(path: path, reason: reason)
        }
        try check(api.context_read_from_file(context, path, nil))
        var handle: OpaquePointer?
        try check(api.context_get_primary_image_handle(context, &handle))
        guard let handle else { throw PhotoReadError.noEXIF(path: path) }
        defer { api.image_handle_release(handle) }
        let count = api.image_handle_get_number_of_metadata_blocks(handle, "Exif")
        guard count > 0 else { throw PhotoReadError.noEXIF(path: path) }
        var ids = [heif_item_id](repeating: 0, count: Int(count))
        let got = api.image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &ids, count)
        guard got > 0 else { throw PhotoReadError.noEXIF(path: path) }
        let size = api.image_handle_get_metadata_size(handle, ids[0])
        // EXIF is at most 64 KiB in JPEG; a HEIF item far larger than that is not an EXIF block.
        guard size > 4, size < 16 << 20 else { throw PhotoReadError.noEXIF(path: path) }
        var item = [UInt8](repeating: 0, count: size)
        try check(api.image_handle_get_metadata(handle, ids[0], &item))
        let offset = Int(item[0]) << 24 | Int(item[1]) << 16 | Int(item[2]) << 8 | Int(item[3])
        guard offset >= 0, 4 + offset + 8 <= item.count else { throw PhotoReadError.noEXIF(path: path) }
        var tiff = Array(item[(4 + offset)...])
        // Some writers keep "Exif\0\0" before the TIFF header (the offset then 6, or 0 with the header).
        if tiff.starts(with: Array("Exif".utf8) + [0, 0]) { tiff.removeFirst(6) }
        guard tiff.starts(with: Array("MM".utf8)) || tiff.starts(with: Array("II".utf8)) else { throw PhotoReadError.noEXIF(path: path) }
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    /// The fields of ``PhotoEXIF`` from libexif's parsed data.
    private static func extract(_ data: UnsafeMutablePointer<ExifData>) -> PhotoEXIF {
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
