import Foundation

extension OSMImportSession {
    /// The import reads no tag but the ones it keeps (``FeatureClassifier/keptKeys``: every key
    /// its classifying, minimum zooms, names and routes look at is one), so the reader leaves
    /// the others out before making Strings of them (DECISIONS 1102).
    var tagKeys: OSMTagKeys? { FeatureClassifier.keptTagKeys }
}
