import Localization
import TermUI
import TrailCore

/// The map moves every map screen shares (hike, follow, route drawing): pan by a share of the
/// view, zoom by steps, centre on a point, fit a box; and the keys for them, declared once.
public enum MapNavigation: Sendable, Equatable {
    /// One step in a direction (`dx`, `dy` each -1, 0 or 1); `big` with Shift.
    case step(dx: Int, dy: Int, big: Bool)
    /// Zoom in (positive) or out by this many levels.
    case zoom(Double)

    /// A pan step as a share of the map's width or height (Shift: a whole view).
    public static let panShare = 0.25
    /// Zoom levels per key press and per mouse-wheel notch.
    public static let keyZoomStep = 1.0
    public static let wheelZoomStep = 0.5

    /// Arrows and `h j k l` step; Shift+arrows take a big step (one help line: `help`, then
    /// "; with Shift " and `big`; the label stays short so the help fits 80 columns).
    public static func stepBinding<A>(_ label: String, _ help: String, big: String, hint: String? = nil,
                                     _ action: (MapNavigation) -> A) -> KeyBinding<A> {
        KeyBinding(label, help, hint: hint, keys: [
            (.left, action(.step(dx: -1, dy: 0, big: false))), (.right, action(.step(dx: 1, dy: 0, big: false))),
            (.up, action(.step(dx: 0, dy: -1, big: false))), (.down, action(.step(dx: 0, dy: 1, big: false))),
            (.character("h"), action(.step(dx: -1, dy: 0, big: false))),
            (.character("l"), action(.step(dx: 1, dy: 0, big: false))),
            (.character("k"), action(.step(dx: 0, dy: -1, big: false))),
            (.character("j"), action(.step(dx: 0, dy: 1, big: false))),
            (.shiftLeft, action(.step(dx: -1, dy: 0, big: true))), (.shiftRight, action(.step(dx: 1, dy: 0, big: true))),
            (.shiftUp, action(.step(dx: 0, dy: -1, big: true))), (.shiftDown, action(.step(dx: 0, dy: 1, big: true))),
        ], shiftHelp: big)
    }

    /// `+ =` zoom in, `- _` zoom out (the mouse wheel too, handled with the mouse).
    public static func zoomBinding<A>(_ help: String = N("zoom the map in / out"), hint: String? = nil,
                                     _ action: (MapNavigation) -> A) -> KeyBinding<A> {
        var b = KeyBinding(N("+  -  mouse wheel"), help, hint: hint, keys: [
            (.character("+"), action(.zoom(keyZoomStep))), (.character("="), action(.zoom(keyZoomStep))),
            (.character("-"), action(.zoom(-keyZoomStep))), (.character("_"), action(.zoom(-keyZoomStep))),
        ])
        b.labelInWords = true
        return b
    }

    /// The zoom of a mouse-wheel action, nil for other mouse actions.
    public static func wheel(_ action: MouseAction) -> MapNavigation? {
        switch action {
        case .scrollUp: return .zoom(wheelZoomStep)
        case .scrollDown: return .zoom(-wheelZoomStep)
        default: return nil
        }
    }

    /// Applies the move to a viewport: a step pans by ``panShare`` of the view (a whole view
    /// when big), a zoom changes the zoom around the centre. Returns true when it panned.
    @discardableResult
    public func apply(to viewport: inout MapViewport) -> Bool {
        switch self {
        case .step(let dx, let dy, let big):
            let share = big ? 1 : MapNavigation.panShare
            viewport.pan(dx: Int((Double(viewport.dotWidth) * share * Double(dx)).rounded()),
                         dy: Int((Double(viewport.dotHeight) * share * Double(dy)).rounded()))
            return true
        case .zoom(let delta):
            viewport.zoom += delta
            return false
        }
    }

    /// Centres the viewport on `c`.
    public static func centre(_ viewport: inout MapViewport, on c: Coordinate) { viewport.center = c }

    /// Centres on `c` only when it lies outside the inner part of the view (a margin of
    /// 1/`marginDivisor` of the size on each side): a moving cursor or position keeps the map
    /// still until it nears an edge.
    public static func keepInView(_ viewport: inout MapViewport, _ c: Coordinate, marginDivisor: Int) {
        let v = viewport
        if let cell = v.cell(c), cell.x >= v.width / marginDivisor, cell.x < v.width - v.width / marginDivisor,
           cell.y >= v.height / marginDivisor, cell.y < v.height - v.height / marginDivisor {
            return
        }
        viewport.center = c
    }

    /// A viewport of the given size fitting `box` (see ``MapViewport/fit(_:width:height:margin:maxZoom:)``).
    public static func fit(_ box: BoundingBox, width: Int, height: Int, margin: Int = 1,
                           maxZoom: Double = 17) -> MapViewport {
        MapViewport.fit(box, width: width, height: height, margin: margin, maxZoom: maxZoom)
    }
}
