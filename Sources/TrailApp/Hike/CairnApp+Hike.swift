import Foundation
import TermUI
import TrailCore

extension CairnApp {
    /// Chart columns moved by one scrub step; a big step (Shift, PageUp/PageDown) is ten.
    static let bigStepFactor = 10
    /// Map pan per key, as a share of the map's width or height (Shift: a whole view).
    static let panShare = 0.25

    /// Keys and mouse of the hike screen (see ``HelpText/hike``).
    func updateHike(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var hike = state.hike else { state.screen = .library; return [] }
        let layout = AppLayout(width: state.width, height: state.height).hike
        var effects: [AppEffect] = []

        func scrub(steps: Int) {
            let screen = hike.screen
            let prepared = screen.hike
            guard prepared.pointCount > 1 else { return }
            let columns = max(10, layout.chart.width - 8)
            let length = prepared.profile.length
            let current = prepared.profile.distances[screen.scrubIndex]
            let target = current + Double(steps) * length / Double(columns)
            var index = prepared.index(atFraction: length > 0 ? target / length : 0)
            if index == screen.scrubIndex { index += steps > 0 ? 1 : -1 }
            hike.screen.scrub(to: index)
            followCursor()
        }
        func followCursor() {
            guard !hike.mapDetached else { return }
            let c = hike.screen.hike.coordinates[hike.screen.scrubIndex]
            let v = hike.screen.viewport
            if let cell = v.cell(c), cell.x >= v.width / 8, cell.x < v.width - v.width / 8,
               cell.y >= v.height / 8, cell.y < v.height - v.height / 8 {
                return
            }
            hike.screen.viewport.center = c
        }
        func pan(_ dx: Double, _ dy: Double) {
            let v = hike.screen.viewport
            hike.screen.viewport.pan(dx: Int((Double(v.dotWidth) * dx).rounded()),
                                     dy: Int((Double(v.dotHeight) * dy).rounded()))
            hike.mapDetached = true
        }
        func zoom(_ delta: Double) { hike.screen.viewport.zoom += delta }
        func mark(start: Bool) {
            let i = hike.screen.scrubIndex
            if start {
                hike.screen.setRange(start: i, end: hike.screen.rangeEnd)
            } else {
                hike.screen.setRange(start: hike.screen.rangeStart ?? 0, end: i)
            }
        }

        switch event {
        case .mouse(let action, let x, let y):
            if layout.map.contains(x: x, y: y) {
                switch action {
                case .scrollUp: zoom(0.5)
                case .scrollDown: zoom(-0.5)
                case .click: hike.screen.focus = .map
                default: break
                }
            } else if layout.chart.contains(x: x, y: y), action == .click {
                hike.screen.focus = .chart
                let f = Double(x - layout.chart.x) / Double(max(1, layout.chart.width - 1))
                hike.screen.scrub(toFraction: f)
                followCursor()
            }
        case .key(let key):
            let onMap = hike.screen.focus == .map
            switch key {
            case .escape, .character("q"):
                state.screen = .library
                state.hike = nil
                state.hikeBasemapRequest = nil
                return []
            case .tab:
                hike.screen.focus = hike.screen.focus == .map ? .chart : .map
            case .backTab:
                hike.screen.focus = hike.screen.focus == .chart ? .map : .chart
            case .left where onMap, .character("h") where onMap: pan(-CairnApp.panShare, 0)
            case .right where onMap, .character("l") where onMap: pan(CairnApp.panShare, 0)
            case .up where onMap, .character("k") where onMap: pan(0, -CairnApp.panShare)
            case .down where onMap, .character("j") where onMap: pan(0, CairnApp.panShare)
            case .shiftLeft where onMap: pan(-1, 0)
            case .shiftRight where onMap: pan(1, 0)
            case .shiftUp where onMap: pan(0, -1)
            case .shiftDown where onMap: pan(0, 1)
            case .left, .character("h"): scrub(steps: -1)
            case .right, .character("l"): scrub(steps: 1)
            case .shiftLeft, .pageUp: scrub(steps: -CairnApp.bigStepFactor)
            case .shiftRight, .pageDown: scrub(steps: CairnApp.bigStepFactor)
            case .home:
                hike.screen.scrub(to: 0)
                followCursor()
            case .end:
                hike.screen.scrub(to: hike.screen.hike.pointCount - 1)
                followCursor()
            case .character("["): mark(start: true)
            case .character("]"): mark(start: false)
            case .character("u"): hike.screen.setRange(start: nil, end: nil)
            case .character("+"), .character("="): zoom(1)
            case .character("-"), .character("_"): zoom(-1)
            case .character("f"):
                state.hike = hike
                askForSource(&state)
                return basemapEffects(&state)
            case .character("0"):
                hike.screen.fitMap(width: max(1, layout.map.width), height: max(1, layout.map.height))
                hike.mapDetached = false
            case .character("c"):
                hike.screen.viewport.center = hike.screen.hike.coordinates.isEmpty
                    ? hike.screen.viewport.center : hike.screen.hike.coordinates[hike.screen.scrubIndex]
                hike.mapDetached = false
            case .character("L"): hike.screen.showsLabels.toggle()
            case .character("e"):
                return editDrawnHike(&state)
            case .character("?"), .function(1):
                state.modal = .help
            default:
                return []
            }
        case .resize:
            return []
        }
        state.hike = hike
        effects += basemapEffects(&state)
        return effects
    }
}
