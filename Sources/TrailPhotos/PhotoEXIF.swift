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
/// `libheif1`); an empty file, another format (PNG, raw, text: told by its first bytes) and a
/// JPEG cut inside its EXIF block are refused, each with its own reason (``PhotoReadError``).
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
    /// Whether the file is a JPEG whose picture data is cut: no end-of-image marker (FF D9)
    /// after its start of scan (``PhotoEXIFReader/imageCut(_:head:fileSize:)``). Its EXIF may
    /// be whole; the picture may not display.
    public var imageCut = false
    /// Whether the file has no EXIF block at all (a JPEG or HEIC saved without its metadata):
    /// every other field is then empty.
    public var missing = false

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
    /// The file has no bytes.
    case empty(path: String)
    /// Not a JPEG (FF D8 FF) nor an ISO media file of a HEIF brand; `looksLike` names what its
    /// first bytes say it is ("PNG", "text", "TIFF or a TIFF-based raw file…"), nil when they
    /// say nothing known (``PhotoEXIFReader/kind(of:)``).
    case notPhoto(path: String, looksLike: String?)
    /// A JPEG or HEIC without an EXIF block (a picture saved without metadata).
    case noEXIF(path: String)
    /// A JPEG whose file ends inside its EXIF block (APP1 "Exif"): `cutAt` is the file's size in
    /// bytes, `blockEnd` the byte the block's own length says it ends at. Nothing of it is
    /// read (a half-read time or GPS tag would place the photo wrongly).
    case damagedEXIF(path: String, cutAt: Int, blockEnd: Int)
    /// A HEIF file libheif cannot read (damaged, cut off), with libheif's reason.
    case badHEIF(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return L("%s: cannot be read: %s", path, reason)
        case .empty(let path): return L("%s: empty file (0 bytes), not a photo", path)
        case .notPhoto(let path, let kind?):
            // TRANSLATORS: %s after "looks like" names a file format ("PNG", "text", "a ZIP archive").
            return L("%s: not a JPEG or HEIC image (looks like %s); Cairn reads the EXIF of JPEG and HEIC photos", path, kind)
        case .notPhoto(let path, nil):
            return L("%s: not a JPEG or HEIC image (its first bytes are neither a JPEG's nor a HEIF file's); Cairn reads the EXIF of JPEG and HEIC photos", path)
        case .noEXIF(let path):
            return L("%s: no EXIF data in this image (saved without its metadata?)", path)
        case .damagedEXIF(let path, let cut, let end):
            // TRANSLATORS: the file ends at byte N while its EXIF block says it ends at byte M.
            return L("%s: EXIF data damaged (cut at byte %d, the EXIF block ends at byte %d): time and GPS tag not read", path, cut, end)
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
        let head = try Self.head(path: path)
        guard !head.isEmpty else { throw PhotoReadError.empty(path: path) }
        if isHEIF(path: path) {
            let block = try heifEXIF(path: path)
            guard let data = block.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) })
            else { throw PhotoReadError.noEXIF(path: path) }
            defer { exif_data_unref(data) }
            return extract(data)
        }
        guard head.starts(with: [0xFF, 0xD8, 0xFF]) else { throw PhotoReadError.notPhoto(path: path, looksLike: kind(of: head)) }
        if let (cut, end) = exifCut(head, fileSize: try fileSize(path)) {
            throw PhotoReadError.damagedEXIF(path: path, cutAt: cut, blockEnd: end)
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
        var out = extract(data)
        out.imageCut = try imageCut(path, head: head, fileSize: fileSize(path))
        return out
    }

    /// ``read(path:)``, with a JPEG or HEIC that has no EXIF block at all read as an empty
    /// ``PhotoEXIF`` whose ``PhotoEXIF/missing`` is true (kept, not placed), instead of
    /// ``PhotoReadError/noEXIF(path:)``.
    /// - Throws: ``PhotoReadError`` other than `noEXIF`.
    public static func readKeepingBare(path: String) throws -> PhotoEXIF {
        do {
            return try read(path: path)
        } catch PhotoReadError.noEXIF {
            var out = PhotoEXIF()
            out.missing = true
            if let head = try? Self.head(path: path), head.starts(with: [0xFF, 0xD8, 0xFF]), let size = try? fileSize(path) {
                out.imageCut = (try? imageCut(path, head: head, fileSize: size)) ?? false
            }
            return out
        }
    }

    /// Whether a JPEG's picture data is cut: the marker segments are walked from SOI (ITU-T
    /// T.81 B.1.1) to the first start of scan (FF DA) within `head`; the file is cut when no
    /// end-of-image marker (FF D9) follows it within the file's last 64 KiB. Inside the
    /// entropy-coded data an FF byte is always followed by 00 or a restart marker (T.81
    /// B.1.1.5), so an FF D9 there is the end of the image; bytes an editor appends after it do
    /// not hide it. A file that ends among its marker segments, before any scan, is cut too.
    /// False when no start of scan is among the first 256 KiB of a longer file (not judged).
    static func imageCut(_ path: String, head: [UInt8], fileSize: Int) throws -> Bool {
        var i = 2
        var scan: Int?
        while i + 3 < head.count {
            guard head[i] == 0xFF else { return false }
            let marker = head[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD9 { return false }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xDA { scan = i; break }
            i += 2 + (Int(head[i + 2]) << 8 | Int(head[i + 3]))
        }
        // The whole file walked without reaching its scan: it ends before its picture data.
        guard let scan else { return head.count == fileSize && i + 3 >= head.count }
        let from = max(scan + 2, fileSize - 65_536)
        guard from < fileSize, let h = FileHandle(forReadingAtPath: path) else { return from >= fileSize }
        defer { try? h.close() }
        try h.seek(toOffset: UInt64(from))
        let tail = [UInt8](try h.readToEnd() ?? Data())
        for k in tail.indices.dropLast() where tail[k] == 0xFF && tail[k + 1] == 0xD9 { return false }
        return true
    }

    /// The first 256 KiB of the file (every JPEG segment before the EXIF is at most 64 KiB).
    static func head(path: String) throws -> [UInt8] {
        guard let h = FileHandle(forReadingAtPath: path) else {
            throw PhotoReadError.unreadable(path: path, reason: L("cannot be opened"))
        }
        defer { try? h.close() }
        do { return [UInt8](try h.read(upToCount: 256 << 10) ?? Data()) } catch {
            throw PhotoReadError.unreadable(path: path, reason: error.localizedDescription)
        }
    }

    static func fileSize(_ path: String) throws -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { throw PhotoReadError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        return Int(st.st_size)
    }

    /// Where a JPEG ends inside its EXIF block: walks the marker segments from SOI (ITU-T T.81
    /// B.1.1: FF, a marker byte, a 2-byte big-endian length counting itself) up to the first
    /// APP1 that starts "Exif\0\0" (CIPA DC-008 4.5.4) or the start of scan; returns the
    /// file's size and the byte the block ends at when the file is shorter, nil when the block
    /// is whole (or there is none: ``PhotoReadError/noEXIF(path:)`` says so later).
    /// - Parameter head: the file's first bytes (``head(path:)``); `fileSize` its size in bytes.
    static func exifCut(_ head: [UInt8], fileSize: Int) -> (cut: Int, end: Int)? {
        var i = 2
        while i + 1 < head.count {
            guard head[i] == 0xFF else { return nil }  // not a marker: not a JPEG this walk can read
            let marker = head[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, start of scan: no EXIF before
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }  // no length
            guard i + 3 < head.count else {
                // The length itself is cut off: damaged only for an APP1 (the EXIF's marker).
                return marker == 0xE1 && head.count == fileSize ? (fileSize, fileSize + 1) : nil
            }
            let end = i + 2 + (Int(head[i + 2]) << 8 | Int(head[i + 3]))
            if marker == 0xE1 {
                let id = Array("Exif".utf8) + [0, 0]
                let start = i + 4
                let shown = Array(head[min(start, head.count)..<min(start + 6, head.count)])
                if id.starts(with: shown) {  // "Exif\0\0", or as much of it as the file has
                    return end > fileSize ? (fileSize, end) : nil
                }
            }
            i = end
        }
        return nil
    }

    /// What the first bytes of a file that is neither JPEG nor HEIF say it is, for the refusal:
    /// the signatures of PNG, GIF, WebP, BMP, TIFF (and the TIFF-based raw files: CR2, NEF,
    /// ARW, DNG, PEF), Olympus ORF, Panasonic RW2, Fujifilm RAF, Canon CR3 and other ISO media
    /// (MP4, MOV), PDF and ZIP; "text" when the first 512 bytes are UTF-8 without control
    /// characters other than tab and line ends; nil for anything else.
    static func kind(of head: [UInt8]) -> String? {
        func starts(_ s: String) -> Bool { head.starts(with: Array(s.utf8)) }
        // FF D8 (start of image) without the marker that must follow it: a JPEG cut off or
        // damaged right at its start, not another format.
        if head.starts(with: [0xFF, 0xD8]) { return L("a JPEG cut off or damaged right after its first two bytes") }
        if head.starts(with: [0x89] + Array("PNG".utf8)) { return "PNG" }
        if starts("GIF87a") || starts("GIF89a") { return "GIF" }
        if starts("RIFF") && head.count >= 12 && String(decoding: head[8..<12], as: UTF8.self) == "WEBP" { return "WebP" }
        if starts("IIRO") || starts("IIRS") || starts("MMOR") { return L("an Olympus ORF raw file") }
        if head.starts(with: Array("IIU".utf8) + [0]) { return L("a Panasonic RW2 raw file") }
        if head.starts(with: Array("II".utf8) + [42, 0]) || head.starts(with: Array("MM".utf8) + [0, 42]) {
            return L("TIFF or a TIFF-based raw file (CR2, NEF, ARW, DNG…)")
        }
        if starts("FUJIFILMCCD-RAW") { return L("a Fujifilm RAF raw file") }
        if head.count >= 12 && String(decoding: head[4..<8], as: UTF8.self) == "ftyp" {
            return String(decoding: head[8..<12], as: UTF8.self) == "crx " ? L("a Canon CR3 raw file") : L("a video (MP4, MOV)")
        }
        if starts("%PDF") { return "PDF" }
        if head.starts(with: Array("PK".utf8) + [3, 4]) { return L("a ZIP archive") }
        if starts("BM") && head.count >= 26 { return "BMP" }
        let sample = Array(head.prefix(512))
        let controls = sample.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F }
        // A UTF-8 sequence cut at the sample's end is still text.
        if !controls, String(validating: sample, as: UTF8.self) != nil
            || (1...3).contains(where: { sample.count > $0 && String(validating: sample.dropLast($0), as: UTF8.self) != nil }) {
            return L("text")
        }
        return nil
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
            // libheif's own words without its trailing blanks (the caller cleans what it prints).
            let reason = e.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
                ?? L("error %d", Int(e.code.rawValue))
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
