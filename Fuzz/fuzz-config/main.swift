// The config file (`$XDG_CONFIG_HOME/cairn/config`), the only settings file Cairn reads,
// through what every command does before it runs (`CairnCLI.configuredValues`):
// `ConfigFile.load(environment:known:)` with every option that has a config key
// (`ConfigSettings.options()`), then `ConfigSettings.values(for:config:environment:)`.
import CairnCLI
import Foundation
import FuzzSupport

let home = FuzzScratch.file(named: "home")
let environment = ["XDG_CONFIG_HOME": home, "HOME": home]
let path = ConfigFile.path(environment: environment)!
try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                         withIntermediateDirectories: true)
let known = ConfigSettings.options()

FuzzDriver.run { bytes, count in
    FuzzScratch.write(bytes, count, to: path)
    let config = ConfigFile.load(environment: environment, known: known)
    _ = ConfigSettings.values(for: known, config: config, environment: environment)
    return 0
}
