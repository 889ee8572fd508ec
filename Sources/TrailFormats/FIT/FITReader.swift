import Localization
import Foundation
import TrailCore

/// Reads Garmin FIT activity files (binary) into a ``GPXReadResult``, from the published FIT
/// protocol (Garmin FIT SDK, "Flexible and Interoperable Data Transfer Protocol", rev. 2.x;
/// message and field numbers from its Profile.xlsx).
///
/// - Layout: a file header (12 or 14 bytes: size, protocol, profile, data size, ".FIT",
///   optional header CRC), then `data size` bytes of records, then a CRC-16 of everything
///   before it. Several such files may follow each other ("chained" FIT): each becomes one track.
/// - Records: a definition message sets, for a local type 0-15, the global message number,
///   byte order and fields (number, size, base type), plus developer fields whose bytes are
///   skipped; data messages then carry those fields. A compressed-timestamp header (bit 7)
///   gives a 5-bit seconds offset from the last full timestamp and a local type 0-3.
/// - Kept: `record` (20): position in semicircles (deg = sc × 180 / 2³¹), `altitude` or
///   `enhanced_altitude` (m = raw / 5 − 500), `timestamp` (s since 1989-12-31T00:00Z), heart
///   rate (bpm), cadence (rpm), temperature (°C), `speed`/`enhanced_speed` (m/s = raw / 1000).
///   `file_id` (0) gives the file type, maker and creation time; `sport` (12) and `session` (18)
///   give the track's name and type (the sport, as `running`, `hiking`); `lap` (19) the
///   track's ``TrackLap``s (start, elapsed and timer time, distance). Records without a valid
///   position (no GPS fix yet) are skipped. A course file's points become a route.
/// - Refused with ``TrackFileError``: files of a type holding no track (monitoring, settings,
///   workout…), named in the message; files with no positioned record; damage before any point.
/// - Damage (a record cut off or invalid, a CRC mismatch): with ``TrackReadOptions/lenient``
///   the complete records before it are kept and a ``GPXWarning`` (line 0) names the record and
///   byte where reading stopped; with ``TrackReadOptions/strict`` the file is refused.
///
/// Safety: every read is bounds-checked against the bytes present; no size field is trusted
/// (a declared data size past the end of the file means "cut off"). No input can crash it.
public enum FITReader {
    /// Files larger than this are refused (the largest real activity files are a few MB).
    public static let maximumFileSize = 512 * 1024 * 1024
    /// Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z.
    static let epochOffset: TimeInterval = 631_065_600

    /// True when `head` (the first bytes of a file) starts with a FIT file header.
    public static func looksLikeFIT(_ head: some Collection<UInt8>) -> Bool {
        let h = Array(head.prefix(12))
        return h.count >= 12 && (h[0] == 12 || h[0] == 14 || (h[0] > 14 && h[0] < 64))
            && h[8] == 0x2E && h[9] == 0x46 && h[10] == 0x49 && h[11] == 0x54
    }

    /// Reads the FIT file at `url`.
    /// - Throws: ``TrackFileError``.
    public static func read(url: URL, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        let name = url.lastPathComponent
        let data = try boundedContents(of: url, limit: maximumFileSize, format: "FIT", name: name)
        return try read(data: data, fileName: name, options: options)
    }

    /// Reads a FIT file held in memory; `fileName` only names it in messages.
    /// - Throws: ``TrackFileError``.
    public static func read(data: Data, fileName: String, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        var parser = FITParser(fileName: fileName, strict: options.strict)
        parser.refusesInvalidPoints = options.refusesInvalidPoints
        parser.warningLimit = options.maximumWarnings
        try data.withUnsafeBytes { try parser.parse(UnsafeRawBufferPointer($0)) }
        return try parser.result()
    }
}

/// Reads a whole file, refusing one larger than `limit` bytes.
func boundedContents(of url: URL, limit: Int, format: String?, name: String) throws -> Data {
    let handle: FileHandle
    do { handle = try FileHandle(forReadingFrom: url) } catch {
        throw TrackFileError(kind: .io, format: format, fileName: name, reason: L("cannot open %s", url.path))
    }
    defer { try? handle.close() }
    let data: Data
    do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
        throw TrackFileError(kind: .io, format: format, fileName: name, reason: L("cannot read %s: %s", url.path, error.localizedDescription))
    }
    if data.count > limit {
        throw TrackFileError(kind: .io, format: format, fileName: name,
                             reason: L("larger than %s MB; not a track file this reader accepts", limit / (1024 * 1024)))
    }
    return data
}

/// One field of a definition message.
struct FITFieldDefinition {
    var number: UInt8
    var size: Int
    var baseType: UInt8
}

/// What a definition message set for one local message type.
struct FITDefinition {
    var global: UInt16
    var bigEndian: Bool
    var fields: [FITFieldDefinition]
    /// Total bytes of a data message of this type (fields + developer fields).
    var size: Int
}

/// The parse of one FIT byte sequence (possibly several chained files).
struct FITParser {
    let fileName: String
    let strict: Bool

    var document = GPXDocument(version: "FIT")
    var warnings: [GPXWarning] = []
    var omittedWarnings = 0
    /// Points of the file now being read (one chained file = one track).
    var points: [Trackpoint] = []
    var sportName: String?
    var sport: String?
    /// The first record rejected for an out-of-range position, and its number.
    var rejectedPosition: (String, Int)?
    /// Whether an out-of-range position refuses the file (``TrackReadOptions/refusesInvalidPoints``).
    var refusesInvalidPoints = false
    /// Warnings kept (``TrackReadOptions/maximumWarnings``).
    var warningLimit = GPXDocumentBuilder.maximumWarnings
    /// Laps of the file now being read.
    var laps: [TrackLap] = []
    var fileType: UInt8?
    var isCourse = false
    var recordCount = 0
    var relativeTimeRecords = 0
    var anyRecords = false
    /// The decoded fields of the last data message, reused so its buffers are allocated once.
    var scratch = FITValues()

    init(fileName: String, strict: Bool) {
        self.fileName = fileName
        self.strict = strict
    }

    mutating func warn(_ message: String) {
        if warnings.count < warningLimit {
            warnings.append(GPXWarning(line: 0, message: message))
        } else {
            omittedWarnings += 1
        }
    }

    func error(_ kind: TrackFileError.Kind, _ reason: String, place: String? = nil) -> TrackFileError {
        TrackFileError(kind: kind, format: "FIT", fileName: fileName, place: place, reason: reason)
    }

    /// Damage at `offset`: refused when strict or when nothing was kept, else a warning.
    /// Returns normally only in the lenient case (the caller then stops reading).
    mutating func damaged(_ what: String, offset: Int, record: Int) throws {
        let place = L("record %d, byte %d", record, offset)
        let kept = points.count + document.tracks.reduce(0) { $0 + $1.pointCount }
            + document.routes.reduce(0) { $0 + $1.points.count }
        if strict {
            throw error(.malformed, what + " " + L("(refused whole: --strict)"), place: place)
        }
        if kept == 0 {
            throw error(.malformed, what + L("; no complete positioned record before it"), place: place)
        }
        warn(L("%s: %s; reading stopped there, %s", place, what, keptBeforeFault(points: kept, waypoints: 0)))
    }

    mutating func parse(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        var fileIndex = 0
        while offset < bytes.count {
            let remaining = bytes.count - offset
            let head = UnsafeRawBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + 14)])
            guard FITReader.looksLikeFIT(head) else {
                if fileIndex == 0 {
                    throw error(.notRecognised, L("no FIT file header (\".FIT\" at byte 8)"))
                }
                warn(L("%s bytes after the end of the FIT data were ignored (byte %s)", remaining, offset))
                break
            }
            fileIndex += 1
            guard let more = try parseFile(bytes, at: offset, index: fileIndex) else { break }
            offset = more
        }
    }

    /// Reads one FIT file (header, records, CRC) starting at `start`. Returns the offset after
    /// it, or nil when reading must stop (damage, already warned about).
    mutating func parseFile(_ bytes: UnsafeRawBufferPointer, at start: Int, index: Int) throws -> Int? {
        let headerSize = Int(bytes[start])
        guard start + headerSize <= bytes.count else {
            try damaged(L("the file header is cut off"), offset: start, record: 0)
            return nil
        }
        let declared = Int(le32(bytes, start + 4))
        if headerSize >= 14 {
            let stored = le16(bytes, start + 12)
            if stored != 0 && stored != FITCRC.compute(bytes, start, 12) {
                warn(L("byte %s: the header CRC does not match (header read anyway)", start))
            }
        }
        let dataStart = start + headerSize
        var dataEnd = dataStart + declared
        var cut = false
        if declared == 0 || dataEnd > bytes.count {
            // A zero size is written by some loggers that never went back to fill it in.
            cut = declared != 0
            dataEnd = declared == 0 ? max(dataStart, bytes.count - 2) : bytes.count
        }
        var state = FITFileState()
        beginTrack()
        let stoppedAt = try parseRecords(bytes, from: dataStart, to: dataEnd, state: &state)
        let finishedCleanly = stoppedAt == nil
        if finishedCleanly && cut {
            finishTrack(state)
            try damaged(L("the file is cut off: the header declares %d bytes of records, only %d are present", declared,
                          bytes.count - dataStart), offset: bytes.count, record: state.recordNumber)
            return nil
        }
        finishTrack(state)
        guard finishedCleanly else { return nil }
        // File CRC.
        if dataEnd + 2 <= bytes.count {
            let stored = le16(bytes, dataEnd)
            let computed = FITCRC.compute(bytes, start, dataEnd - start)
            if stored != computed {
                if strict {
                    throw error(.malformed, L("the file CRC does not match (stored %s, computed %s)", hex(stored), hex(computed)),
                                place: L("byte %s", dataEnd))
                }
                warn(L("byte %d: the file CRC does not match (stored %s, computed %s); the records were read anyway", dataEnd,
                       hex(stored), hex(computed)))
            }
            return dataEnd + 2
        }
        if declared != 0 {
            try damaged(L("the file ends before its CRC"), offset: dataEnd, record: state.recordNumber)
        }
        return nil
    }

    private func hex(_ v: UInt16) -> String { "0x" + String(v, radix: 16, uppercase: true) }

    mutating func beginTrack() {
        points = []
        laps = []
        sportName = nil
        sport = nil
    }

    mutating func finishTrack(_ state: FITFileState) {
        guard !points.isEmpty else { return }
        let name = sportName.flatMap { $0.isEmpty ? nil : $0 }
        if isCourse {
            document.routes.append(Route(name: name, type: sport, points: points))
        } else {
            document.tracks.append(Track(name: name, type: sport, segments: [TrackSegment(points: points)], laps: laps))
        }
        points = []
        laps = []
    }

    /// Reads records in `[from, to)`. Returns nil when all were read, or the offset of the
    /// damaged record (already reported through `damaged`).
    mutating func parseRecords(_ bytes: UnsafeRawBufferPointer, from: Int, to end: Int,
                               state: inout FITFileState) throws -> Int? {
        var offset = from
        while offset < end {
            state.recordNumber += 1
            let recordStart = offset
            let header = bytes[offset]
            offset += 1
            if header & 0x80 != 0 {
                // Compressed timestamp header.
                let local = Int((header >> 5) & 0x03)
                let timeOffset = UInt32(header & 0x1F)
                guard let def = state.definitions[local] else {
                    try damaged(L("a data message for local type %s comes before its definition", local), offset: recordStart,
                                record: state.recordNumber)
                    return recordStart
                }
                guard offset + def.size <= end else {
                    try damaged(L("the record is cut off (needs %s bytes, %s left)", def.size, end - offset), offset: recordStart,
                                record: state.recordNumber)
                    return recordStart
                }
                var ts: UInt32?
                if let last = state.lastTimestamp {
                    var t = (last & ~UInt32(0x1F)) &+ timeOffset
                    if timeOffset < (last & 0x1F) { t = t &+ 0x20 }
                    ts = t
                    state.lastTimestamp = t
                }
                try dataMessage(bytes, at: offset, def, compressedTimestamp: ts, state: &state)
                offset += def.size
            } else if header & 0x40 != 0 {
                // Definition message.
                let local = Int(header & 0x0F)
                let hasDeveloperFields = header & 0x20 != 0
                guard offset + 5 <= end else {
                    try damaged(L("the definition message is cut off"), offset: recordStart, record: state.recordNumber)
                    return recordStart
                }
                let architecture = bytes[offset + 1]
                guard architecture <= 1 else {
                    try damaged(L("invalid definition message (byte order %s, not 0 or 1)", architecture), offset: recordStart,
                                record: state.recordNumber)
                    return recordStart
                }
                let bigEndian = architecture == 1
                let global = bigEndian ? be16(bytes, offset + 2) : le16(bytes, offset + 2)
                let count = Int(bytes[offset + 4])
                offset += 5
                guard offset + 3 * count <= end else {
                    try damaged(L("the definition message is cut off"), offset: recordStart, record: state.recordNumber)
                    return recordStart
                }
                var fields: [FITFieldDefinition] = []
                fields.reserveCapacity(count)
                var size = 0
                for i in 0..<count {
                    let f = FITFieldDefinition(number: bytes[offset + 3 * i], size: Int(bytes[offset + 3 * i + 1]),
                                               baseType: bytes[offset + 3 * i + 2])
                    size += f.size
                    fields.append(f)
                }
                offset += 3 * count
                if hasDeveloperFields {
                    guard offset + 1 <= end else {
                        try damaged(L("the definition message is cut off"), offset: recordStart, record: state.recordNumber)
                        return recordStart
                    }
                    let devCount = Int(bytes[offset])
                    offset += 1
                    guard offset + 3 * devCount <= end else {
                        try damaged(L("the definition message is cut off"), offset: recordStart, record: state.recordNumber)
                        return recordStart
                    }
                    for i in 0..<devCount { size += Int(bytes[offset + 3 * i + 1]) }
                    offset += 3 * devCount
                }
                state.definitions[local] = FITDefinition(global: global, bigEndian: bigEndian, fields: fields, size: size)
            } else {
                let local = Int(header & 0x0F)
                guard let def = state.definitions[local] else {
                    try damaged(L("a data message for local type %s comes before its definition", local), offset: recordStart,
                                record: state.recordNumber)
                    return recordStart
                }
                guard offset + def.size <= end else {
                    try damaged(L("the record is cut off (needs %s bytes, %s left)", def.size, end - offset), offset: recordStart,
                                record: state.recordNumber)
                    return recordStart
                }
                try dataMessage(bytes, at: offset, def, compressedTimestamp: nil, state: &state)
                offset += def.size
            }
        }
        return nil
    }

    /// Interprets one data message whose `def.size` bytes start at `at` (bounds checked by the caller).
    mutating func dataMessage(_ bytes: UnsafeRawBufferPointer, at start: Int, _ def: FITDefinition,
                              compressedTimestamp: UInt32?, state: inout FITFileState) throws {
        var values = scratch
        scratch = FITValues()  // hand the buffers over: no copy on write
        values.reset()
        defer { scratch = values }
        var offset = start
        for f in def.fields {
            values.read(bytes, at: offset, f, bigEndian: def.bigEndian)
            offset += f.size
        }
        if let t = values.unsigned(253) {
            state.lastTimestamp = UInt32(truncatingIfNeeded: t)
        }
        switch def.global {
        case 0: try fileID(values, state: &state)
        case 20: record(values, timestamp: values.unsigned(253).map { UInt32(truncatingIfNeeded: $0) } ?? compressedTimestamp,
                        number: state.recordNumber)
        case 19: lap(values)
        case 12:
            if let n = values.string(3) { sportName = n }
            if sport == nil, let s = values.unsigned(0) { sport = FITProfile.sportName(Int(s)) }
        case 18:
            if let s = values.unsigned(5) {
                let name = FITProfile.sportName(Int(s))
                if sport == nil || sport == "generic" { sport = name }
            }
        default: break
        }
    }

    mutating func fileID(_ v: FITValues, state: inout FITFileState) throws {
        if let type = v.unsigned(0) {
            fileType = UInt8(truncatingIfNeeded: type)
            switch type {
            case 4: isCourse = false
            case 6: isCourse = true
            default:
                throw error(.notActivity, L("this is a FIT %s, not an activity or course: it holds no track to import",
                                            FITProfile.fileTypeDescription(Int(type))))
            }
        }
        var maker = v.unsigned(1).map { FITProfile.manufacturerName(Int($0)) }
        if let product = v.string(8) {
            maker = (maker.map { $0 + " " } ?? "") + product
        } else if let product = v.unsigned(2), let m = maker {
            maker = m + " (product \(product))"
        }
        if document.creator == nil, let maker { document.creator = maker }
        if document.metadata.time == nil, let created = v.unsigned(4), created >= 0x1000_0000, created != 0xFFFF_FFFF {
            document.metadata.time = Date(timeIntervalSince1970: FITReader.epochOffset + TimeInterval(created))
        }
    }

    mutating func record(_ v: FITValues, timestamp: UInt32?, number recordNumber: Int = 0) {
        anyRecords = true
        guard let latRaw = v.signed(0), let lonRaw = v.signed(1) else { return }
        let lat = Double(latRaw) * (180.0 / 2_147_483_648.0)
        let lon = Double(lonRaw) * (180.0 / 2_147_483_648.0)
        guard Coordinate(latitude: lat, longitude: lon).isValid else {
            // Damage (DECISIONS 1079): --strict refuses the file in result(), else a warning.
            let what = L("record %d: position %s, %s out of range; left out", recordNumber, lat, lon)
            if rejectedPosition == nil { rejectedPosition = (what, recordNumber) }
            if !refusesInvalidPoints { warn(what) }
            return
        }
        var ele: Double?
        if let e = v.unsigned(78) { ele = Double(e) / 5 - 500 } else if let e = v.unsigned(2) { ele = Double(e) / 5 - 500 }
        var time: Date?
        if let t = timestamp {
            if t >= 0x1000_0000 {
                time = Date(timeIntervalSince1970: FITReader.epochOffset + TimeInterval(t))
            } else {
                relativeTimeRecords += 1
            }
        }
        let speed = v.unsigned(73).map { Double($0) / 1000 } ?? v.unsigned(6).map { Double($0) / 1000 }
        let hr = v.unsigned(3).map(Double.init)
        let cadence = v.unsigned(4).map(Double.init)
        let temperature = v.signed(13).map(Double.init)
        let extras: TrackpointExtras? = speed == nil && hr == nil && cadence == nil && temperature == nil ? nil
            : TrackpointExtras(speed: speed, heartRate: hr, cadence: cadence, airTemperature: temperature)
        points.append(Trackpoint(latitude: lat, longitude: lon, elevation: ele, time: time, extras: extras))
    }

    /// A `lap` message (19): `start_time` (2, s since the FIT epoch), `total_elapsed_time` (7)
    /// and `total_timer_time` (8) in ms, `total_distance` (9) in cm, `total_calories` (11) in kcal.
    mutating func lap(_ v: FITValues) {
        let start = v.unsigned(2).flatMap { t -> Date? in
            t >= 0x1000_0000 && t != 0xFFFF_FFFF ? Date(timeIntervalSince1970: FITReader.epochOffset + TimeInterval(t)) : nil
        }
        laps.append(TrackLap(startTime: start, elapsedTime: v.unsigned(7).map { Double($0) / 1000 },
                             timerTime: v.unsigned(8).map { Double($0) / 1000 },
                             distance: v.unsigned(9).map { Double($0) / 100 },
                             calories: v.unsigned(11).map { Double($0) }))
    }

    func result() throws -> GPXReadResult {
        if refusesInvalidPoints, let (what, record) = rejectedPosition {
            throw error(.malformed, what + " " + L("(refused whole: --strict)"), place: L("record %d", record))
        }
        var warnings = self.warnings
        if relativeTimeRecords > 0 {
            warnings.append(GPXWarning(line: 0, message: Ln(
                "%d record carries a time relative to the device's power-on (its clock was not set); that time was left out",
                "%d records carry times relative to the device's power-on (its clock was not set); those times were left out",
                relativeTimeRecords, relativeTimeRecords)))
        }
        if document.tracks.isEmpty && document.routes.isEmpty {
            throw error(.noPositions, anyRecords
                        ? L("no record has a GPS position (an indoor or treadmill activity?); nothing to import")
                        : L("the file holds no records; nothing to import"))
        }
        return GPXReadResult(document: document, warnings: warnings, omittedWarningCount: omittedWarnings)
    }
}

/// Per chained file: definitions and the running timestamp.
struct FITFileState {
    var definitions = [FITDefinition?](repeating: nil, count: 16)
    var lastTimestamp: UInt32?
    var recordNumber = 0
}

/// The fields of one data message that the reader uses, decoded; invalid values are absent.
struct FITValues {
    private var numbers: [UInt8] = []
    private var values: [Int64] = []
    private var strings: [UInt8: String] = [:]

    /// Empties the values, keeping the buffers.
    mutating func reset() {
        numbers.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        if !strings.isEmpty { strings.removeAll(keepingCapacity: true) }
    }

    /// Decodes field `f` at `offset` (its `f.size` bytes are in bounds) when it is a number the
    /// reader uses; arrays keep their first element.
    mutating func read(_ bytes: UnsafeRawBufferPointer, at offset: Int, _ f: FITFieldDefinition, bigEndian: Bool) {
        let base = f.baseType & 0x1F
        if base == 0x07 {
            // String: UTF-8, NUL-terminated within the field.
            let raw = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + f.size])
            let text = raw.prefix { $0 != 0 }
            if !text.isEmpty { strings[f.number] = String(decoding: text, as: UTF8.self) }
            return
        }
        let width: Int
        switch base {
        case 0x00, 0x01, 0x02, 0x0A, 0x0D: width = 1
        case 0x03, 0x04, 0x0B: width = 2
        case 0x05, 0x06, 0x0C: width = 4
        case 0x0E, 0x0F, 0x10: width = 8
        default: return  // floats and unknown types: not used by the reader
        }
        guard f.size >= width else { return }
        var u: UInt64 = 0
        for i in 0..<width {
            let b = UInt64(bytes[offset + (bigEndian ? i : width - 1 - i)])
            u = (u << 8) | b
        }
        let value: Int64
        switch base {
        case 0x00, 0x02, 0x0D: if u == 0xFF { return }; value = Int64(u)
        case 0x0A: if u == 0 { return }; value = Int64(u)
        case 0x01: if u == 0x7F { return }; value = Int64(Int8(truncatingIfNeeded: u))
        case 0x03: if u == 0x7FFF { return }; value = Int64(Int16(truncatingIfNeeded: u))
        case 0x04: if u == 0xFFFF { return }; value = Int64(u)
        case 0x0B: if u == 0 { return }; value = Int64(u)
        case 0x05: if u == 0x7FFF_FFFF { return }; value = Int64(Int32(truncatingIfNeeded: u))
        case 0x06: if u == 0xFFFF_FFFF { return }; value = Int64(u)
        case 0x0C: if u == 0 { return }; value = Int64(u)
        case 0x0E: if u == 0x7FFF_FFFF_FFFF_FFFF { return }; value = Int64(bitPattern: u)
        case 0x0F: if u == UInt64.max { return }; value = Int64(bitPattern: u)
        default: if u == 0 { return }; value = Int64(bitPattern: u)
        }
        numbers.append(f.number)
        values.append(value)
    }

    func signed(_ number: UInt8) -> Int64? {
        guard let i = numbers.firstIndex(of: number) else { return nil }
        return values[i]
    }

    func unsigned(_ number: UInt8) -> Int64? {
        guard let v = signed(number), v >= 0 else { return nil }
        return v
    }

    func string(_ number: UInt8) -> String? { strings[number] }
}

@inline(__always) func le16(_ b: UnsafeRawBufferPointer, _ o: Int) -> UInt16 { UInt16(b[o]) | UInt16(b[o + 1]) << 8 }
@inline(__always) func be16(_ b: UnsafeRawBufferPointer, _ o: Int) -> UInt16 { UInt16(b[o]) << 8 | UInt16(b[o + 1]) }
@inline(__always) func le32(_ b: UnsafeRawBufferPointer, _ o: Int) -> UInt32 {
    UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
}

/// The FIT CRC-16 (reflected polynomial 0xA001, initial value 0: CRC-16/ARC). The FIT protocol
/// document gives it with a 16-entry nibble table (`table`, kept for the tests); it is
/// computed here a byte at a time from the equivalent 256-entry table.
enum FITCRC {
    /// The byte table, from the nibble algorithm applied to each byte value with CRC 0.
    static let byteTable: [UInt16] = (0..<256).map { b in
        var crc: UInt16 = 0
        for nibble in [UInt16(b) & 0xF, UInt16(b) >> 4] {
            let tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int(nibble)]
        }
        return crc
    }

    /// The CRC of `count` bytes of `bytes` from `start` (in bounds), a byte at a time.
    static func compute(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> UInt16 {
        byteTable.withUnsafeBufferPointer { t in
            var crc: UInt16 = 0
            for i in start..<start + count {
                crc = (crc >> 8) ^ t[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[i])]
            }
            return crc
        }
    }

    static let table: [UInt16] = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
                                  0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]

    /// The CRC by the protocol document's nibble algorithm (slower; the reference for tests).
    static func computeByNibbles(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> UInt16 {
        var crc: UInt16 = 0
        for i in start..<start + count {
            let byte = UInt16(bytes[i])
            var tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int(byte & 0xF)]
            tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
        }
        return crc
    }
}
