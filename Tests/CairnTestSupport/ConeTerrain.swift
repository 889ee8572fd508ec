import Foundation
import TrailApp
import TrailMap
import ViewerRuntime

/// A terrain folder whose one tile is a cone, and the basemap the viewer's performer loads over
/// it: for the contour tests of the runtime (ViewerRuntimeTests) and of the screens drawn by
/// `cairn render` (CairnCLITests).
public enum ConeTerrain {
    /// A new folder with one SRTM3 tile N42E001 whose samples form a cone: 3000 m at the
    /// tile's centre (row 600, column 600), 20 m lower per sample of distance, never below 0.
    public static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-cone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let side = 1201
        var data = Data(count: side * side * 2)
        data.withUnsafeMutableBytes { buf in
            for r in 0..<side {
                for c in 0..<side {
                    let d = Double((r - 600) * (r - 600) + (c - 600) * (c - 600)).squareRoot()
                    let h = Int16(max(0, 3000 - 20 * d).rounded())
                    buf.storeBytes(of: h.bigEndian, toByteOffset: (r * side + c) * 2, as: Int16.self)
                }
            }
        }
        try data.write(to: dir.appendingPathComponent("N42E001.hgt"))
        return dir
    }

    /// The basemap for `viewport` as the viewer's ``EffectPerformer`` loads it, with the terrain
    /// folder `terrain` (nil: none) and no map store in `dir`; nil when it answers otherwise
    /// within 10 s.
    public static func basemap(_ viewport: MapViewport, terrain: String?, in dir: URL) -> MapBasemap? {
        let performer = EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path,
                                        mapPath: dir.appendingPathComponent("none.sqlite").path,
                                        terrainPath: terrain, now: { Date(timeIntervalSince1970: 0) },
                                        speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
        let messages = AnswerRecorder<AppMessage>()
        performer.perform(.loadBasemap(request: 1, viewport)) { messages.append($0) }
        let answers = messages.wait(until: { !$0.isEmpty })
        guard case .basemapLoaded(1, let basemap) = answers.first else { return nil }
        return basemap
    }
}
