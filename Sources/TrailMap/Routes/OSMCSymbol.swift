import Foundation

/// A waymark ("blaze") decoded from an OSM `osmc:symbol` tag.
///
/// Form (OSM wiki, Key:osmc:symbol): `waycolor:background[:foreground][:foreground2][:text:textcolor]`,
/// e.g. `red:white:red_bar` (white mark with a red bar across), `yellow::yellow_dot` (a yellow dot
/// on nothing), `blue:white:blue_bar:PR:black`. The background is a colour, optionally with a
/// shape (`white_circle`, `white_round`, `white_frame`); a foreground is `colour_shape` (`red_bar`,
/// `red_stripe`, `white_lower`, `red_dot`, `red_cross`, `red_triangle`…) or a symbol name alone
/// (`hiker`, `shell`). The text has at most four characters in the waymarks' usage; longer text
/// is kept whole and cut by the drawing.
///
/// Decoding never fails: unknown colours decode as ``Colour/other``, unknown shapes as
/// ``Shape/other(_:)``; an empty or missing tag gives nil from ``init(_:)``.
public struct OSMCSymbol: Sendable, Hashable {
    /// The colours waymarks use (the tag's named colours; `grey` and `gray` are one).
    public enum Colour: String, Sendable, Hashable, CaseIterable {
        case black, blue, brown, gray, green, orange, purple, red, white, yellow, other
        init(name: Substring) {
            let n = name.lowercased()
            self = n == "grey" ? .gray : (Colour(rawValue: n) ?? .other)
        }
    }

    /// Shapes of a foreground (and of the background's outline).
    public enum Shape: Sendable, Hashable {
        /// A horizontal bar across the middle (`red_bar`).
        case bar
        /// A vertical stripe (`red_stripe`).
        case stripe
        /// The lower / upper half, the left / right half.
        case lower, upper, left, right
        case dot, circle, cross, x, triangle, diamond, rectangle
        /// Shape of a background: the whole mark, a round mark, a frame, a circle outline.
        case fill, round, frame
        /// A named symbol the drawing shows as a letter (`hiker`, `shell`, `arch`…).
        case other(String)
    }

    /// One drawn layer: a colour and a shape.
    public struct Layer: Sendable, Hashable {
        public var colour: Colour
        public var shape: Shape
    }

    /// The colour of the way on a map (first field).
    public var wayColour: Colour?
    /// The background (nil: transparent, as in `yellow::yellow_dot`).
    public var background: Layer?
    /// Up to two foreground layers, in drawing order.
    public var foregrounds: [Layer]
    /// The text on the mark and its colour (black when not given).
    public var text: String?
    public var textColour: Colour

    /// Decodes a tag value; nil for an empty value.
    public init?(_ tag: String?) {
        guard let tag, !tag.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let f = tag.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
        wayColour = f[0].isEmpty ? nil : Colour(name: f[0])
        background = f.count > 1 && !f[1].isEmpty ? Self.layer(f[1], background: true) : nil
        var fg: [Layer] = []
        var rest = Array(f.dropFirst(2))
        // A text field is the one followed by a colour as the last field: `…:GR:black`.
        var text: String?
        var textColour = Colour.black
        if rest.count >= 2, let last = rest.last, Colour(rawValue: last.lowercased() == "grey" ? "gray" : last.lowercased()) != nil,
           !Self.isShape(rest[rest.count - 2]) {
            text = String(rest[rest.count - 2])
            textColour = Colour(name: last)
            rest.removeLast(2)
        }
        for field in rest.prefix(2) where !field.isEmpty { fg.append(Self.layer(field, background: false)) }
        if text == nil, rest.count > 2, !rest[2].isEmpty { text = String(rest[2]) }
        foregrounds = fg
        self.text = text.flatMap { $0.isEmpty ? nil : $0 }
        self.textColour = textColour
    }

    /// `red_bar` → (red, bar); `white` → (white, fill) as a background; `hiker` → (way colour, other).
    static func layer(_ field: Substring, background: Bool) -> Layer {
        let parts = field.split(separator: "_", maxSplits: 1)
        let colour = Colour(name: parts[0])
        if colour == .other && parts.count == 1 { return Layer(colour: .black, shape: .other(String(field))) }
        guard parts.count == 2 else { return Layer(colour: colour, shape: .fill) }
        return Layer(colour: colour, shape: shape(parts[1], background: background))
    }

    static func shape(_ name: Substring, background: Bool) -> Shape {
        switch name.lowercased() {
        case "bar": return .bar
        case "stripe": return .stripe
        case "lower": return .lower
        case "upper", "top": return .upper
        case "left": return .left
        case "right": return .right
        case "dot": return .dot
        case "circle": return background ? .frame : .circle
        case "round": return .round
        case "frame": return .frame
        case "cross": return .cross
        case "x": return .x
        case "triangle", "triangle_line", "triangle_turned": return .triangle
        case "diamond", "diamond_line": return .diamond
        case "rectangle", "rectangle_line": return .rectangle
        default: return .other(String(name))
        }
    }

    static func isShape(_ field: Substring) -> Bool {
        let parts = field.split(separator: "_", maxSplits: 1)
        return parts.count == 2 && Colour(name: parts[0]) != .other
    }
}
