import Foundation
import Localization

/// Where the hike store lives and how its directory is made.
public enum StoreLocation {
    /// The store path from, in order: an explicit `--store` value, `CAIRN_STORE`,
    /// `$XDG_DATA_HOME/cairn/hikes.sqlite`, `$HOME/.local/share/cairn/hikes.sqlite`
    /// (XDG Base Directory Specification 0.8: an unset or relative `XDG_DATA_HOME` is ignored).
    /// - Parameters:
    ///   - explicit: the `--store` option, already resolved against the working directory.
    ///   - environment: the process environment (injected).
    public static func path(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let s = environment["CAIRN_STORE"], !s.isEmpty { return s }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("cairn/hikes.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/cairn/hikes.sqlite")
    }

    /// Creates the directory holding `storePath` (and missing parents) with mode 0700 when it
    /// does not exist. An existing directory keeps its permissions.
    /// - Throws: ``HikeStoreError/cannotCreateDirectory(path:reason:)``.
    public static func createDirectory(for storePath: String) throws {
        let dir = (storePath as NSString).deletingLastPathComponent
        guard !dir.isEmpty else { return }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            if isDir.boolValue { return }
            throw HikeStoreError.cannotCreateDirectory(path: dir, reason: L("a file of that name exists"))
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            // The nearest existing ancestor says why in words Foundation does not give.
            var existing = (dir as NSString).deletingLastPathComponent
            while !existing.isEmpty && existing != "/" && !FileManager.default.fileExists(atPath: existing) {
                existing = (existing as NSString).deletingLastPathComponent
            }
            let reason = !existing.isEmpty && access(existing, W_OK | X_OK) != 0
                ? L("no permission to create directories in %s", existing) : error.localizedDescription
            throw HikeStoreError.cannotCreateDirectory(path: dir, reason: reason)
        }
    }
}
