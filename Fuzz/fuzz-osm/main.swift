// An OpenStreetMap extract through `MapStore.importOSM(path:)`, the public entry point
// `cairn map import` calls, into a fresh in-memory map store. Going through the public entry
// point (a file path, the whole transaction) keeps this target valid whatever reader sits
// behind it (OSM XML today, libosmium later): plain, gzip and bzip2 inputs are all reached
// because the importer detects compression from the first bytes.
import Foundation
import FuzzSupport
import TrailMap

FuzzDriver.run { bytes, count in
    let path = FuzzScratch.file(named: "input.osm")
    guard FileManager.default.createFile(atPath: path, contents: FuzzDriver.data(bytes, count)) else {
        fatalError("cannot write \(path)")
    }
    do {
        let store = try MapStore(path: ":memory:")
        _ = try? store.importOSM(path: path, importedAt: Date(timeIntervalSince1970: 1_700_000_000))
    } catch {
        fatalError("cannot open an in-memory map store: \(error)")
    }
    return 0
}
