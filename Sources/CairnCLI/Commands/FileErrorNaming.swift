import Foundation
import TrailFormats

/// Names a file in a reading error as the user gave it, like the warnings do: the readers name
/// files by their base name, so two files of one name in different folders could not be told
/// apart (newcomer 7). DECISIONS 1080.
enum FileErrorNaming {
    /// The text of `error` (a ``TrackFileError`` or ``GPXError`` naming `file`'s base name, or a
    /// file inside it as `base (inner.gpx)`) with the base name replaced by `file` as given;
    /// any other error as it describes itself.
    static func text(_ error: Error, file: String) -> String {
        let base = (file as NSString).lastPathComponent
        func renamed(_ name: String) -> String? {
            guard base != file else { return nil }
            if name == base { return file }
            if name.hasPrefix(base + " (") { return file + name.dropFirst(base.count) }
            return nil
        }
        if var e = error as? TrackFileError, let name = renamed(e.fileName) {
            e.fileName = name
            return e.description
        }
        if var e = error as? GPXError, let name = renamed(e.fileName) {
            e.fileName = name
            return e.description
        }
        return String(describing: error)
    }
}
