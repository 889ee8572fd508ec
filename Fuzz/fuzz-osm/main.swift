// An OpenStreetMap extract through `MapStore.importOSM(path:)`, the public entry point
// `cairn map import` calls, then `removeExtract(named:)` (`cairn map remove`), so the one
// in-memory map store made at start is empty again for the next input. Creating a store per
// input (its migrations) cost more than the import itself (fuzz-osm ran at ~10 exec/s); one
// store, emptied by the product's own removal, keeps each input independent and fuzzes
// removal too. Going through the public entry point (a file path, the whole transaction)
// keeps the target valid whatever reader sits behind it: plain, gzip and bzip2 XML and PBF
// are all reached because the reader detects the format from the first bytes.
import Foundation
import FuzzSupport
import TrailMap

let store: MapStore = {
    do { return try MapStore(path: ":memory:") } catch { fatalError("cannot open an in-memory map store: \(error)") }
}()
let path = FuzzScratch.file(named: "input.osm")

FuzzDriver.run { bytes, count in
    FuzzScratch.write(bytes, count, to: path)
    if (try? store.importOSM(path: path, importedAt: Date(timeIntervalSince1970: 1_700_000_000))) != nil {
        do { _ = try store.removeExtract(named: path) } catch { fatalError("an import could not be removed: \(error)") }
        if let left = try? store.featureCounts().values.reduce(0, +), left != 0 {
            fatalError("removing the only extract left \(left) features")
        }
    }
    return 0
}
