import Foundation

/// Writes a file in chunks to `PATH.partial` and renames it over `PATH` only when complete,
/// so an export that fails half-way never leaves a truncated file behind.
enum AtomicFileWriter {
    /// Calls `produce` with a sink that appends bytes to the file; renames on success and
    /// removes the partial file on failure.
    /// - Throws: ``GPXWriteError/io(path:reason:)``, or whatever `produce` throws.
    static func write(to url: URL, _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let path = url.path
        let partial = path + ".partial"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw GPXWriteError.io(path: path, reason: String(cString: strerror(errno))) }
        var closed = false
        do {
            try produce { chunk in
                var offset = 0
                while offset < chunk.count {
                    let n = Foundation.write(fd, chunk.baseAddress! + offset, chunk.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw GPXWriteError.io(path: path, reason: String(cString: strerror(errno)))
                    }
                    offset += n
                }
            }
            closed = true
            guard close(fd) == 0 else { throw GPXWriteError.io(path: path, reason: String(cString: strerror(errno))) }
            guard rename(partial, path) == 0 else {
                throw GPXWriteError.io(path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            if !closed { close(fd) }
            unlink(partial)
            throw error
        }
    }
}
