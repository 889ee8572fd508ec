import Foundation
import TrailCore
import Localization
#if canImport(Glibc)
import Glibc
#endif

extension PositionSourceSpec {
    /// Why a parsed `--gps` value cannot be used: the file is missing, unreadable or not what
    /// the source reads.
    public struct CheckError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The source as given.
        public var spec: String
        /// What is wrong, for the user.
        public var reason: String
        public var description: String { L("cannot use --gps %s: %s", spec, reason) }
    }

    /// How many bytes of an NMEA log are read to find one NMEA sentence.
    public static let nmeaProbeBytes = 64 * 1024

    /// Checks, before anything starts, that the source can be read:
    /// - `gpsd://HOST:PORT`: nothing more (the address was checked when parsing; gpsd may come
    ///   up later, the client retries);
    /// - `nmea:PATH`: the path exists; a regular file must be readable and hold at least one
    ///   valid GGA, RMC or GSA sentence (checksum verified) in its first ``nmeaProbeBytes``
    ///   bytes; a character device must be a terminal (a serial port: `/dev/null` is refused);
    /// - `replay:FILE`: the file exists, is readable, reads as GPX (`loadTrack`) and has at
    ///   least one track (or route) point.
    /// - Throws: ``CheckError`` saying what is wrong.
    public func check(loadTrack: (String) throws -> [Trackpoint]) throws(CheckError) {
        switch self {
        case .gpsd:
            return
        case .nmea(let path, _):
            try checkNMEA(path)
        case .replay(let path):
            let full = (path as NSString).expandingTildeInPath
            try checkReadableFile(full)
            let points: [Trackpoint]
            do { points = try loadTrack(path) } catch {
                throw CheckError(spec: description, reason: L("not a readable GPX file (%s)", String(describing: error)))
            }
            guard !points.isEmpty else { throw CheckError(spec: description, reason: L("the GPX file has no track points")) }
        }
    }

    private func checkReadableFile(_ path: String) throws(CheckError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CheckError(spec: description, reason: L("no such file: %s", path))
        }
        guard !isDirectory.boolValue else { throw CheckError(spec: description, reason: L("%s is a directory", path)) }
        guard access(path, R_OK) == 0 else { throw CheckError(spec: description, reason: L("%s is not readable", path)) }
    }

    private func checkNMEA(_ path: String) throws(CheckError) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw CheckError(spec: description, reason: L("no such file or device: %s", path))
        }
        let kind = st.st_mode & S_IFMT
        if kind == S_IFCHR {
            let fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                throw CheckError(spec: description, reason: L("cannot open %s: %s", path, String(cString: strerror(errno))))
            }
            let terminal = isatty(fd) == 1
            close(fd)
            guard terminal else {
                throw CheckError(spec: description, reason: L("%s is neither a serial port nor an NMEA log file", path))
            }
            return
        }
        guard kind == S_IFREG else {
            throw CheckError(spec: description, reason: L("%s is neither a serial port nor an NMEA log file", path))
        }
        try checkReadableFile(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CheckError(spec: description, reason: L("%s is not readable", path))
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.nmeaProbeBytes)) ?? Data()
        var parser = NMEAParser(fallbackDate: Date(timeIntervalSinceReferenceDate: 0))
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            _ = parser.parse(line: String(line))
            if parser.counters.used > 0 { return }
        }
        // A GPX file given without its scheme is read as an NMEA log: say how to replay it.
        let gpx = data.range(of: Data("<gpx".utf8)) != nil
        throw CheckError(spec: description, reason: gpx
            ? L("%s holds no NMEA sentences (GGA, RMC or GSA with a valid checksum); it is a GPX file: replay it with --gps replay:%s", path, path)
            : L("%s holds no NMEA sentences (GGA, RMC or GSA with a valid checksum)", path))
    }
}
