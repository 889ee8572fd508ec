// A theme file through `ThemeLoader.parse`, which `ThemeLoader.load(named:)` (and so
// `ThemeSelection` in the viewer) calls on the bytes of `Themes/NAME.json`.
import FuzzSupport
import TermUI

FuzzDriver.run { bytes, count in
    _ = try? ThemeLoader.parse(FuzzDriver.data(bytes, count), name: "fuzz", file: "fuzz.json")
    return 0
}
