import TermUI

/// The one-line text field every prompt uses (the library filter, rename, the import path,
/// a drawing's name, the place search, the position source…): the text, the cursor and
/// whether a prefilled value is still selected.
///
/// Editing follows readline where it has a key: ← → Home End Ctrl-A Ctrl-E move, Backspace and
/// Delete remove one character, Ctrl-U removes everything before the cursor (all of it with the
/// cursor at the end), Ctrl-K everything after it, Ctrl-W the word before it. A prefilled value
/// starts selected: the first typed character replaces it, Backspace/Delete/Ctrl-U clear it, an
/// arrow or Home/End keeps it and moves the cursor. Positions count extended grapheme clusters
/// (what the user sees as one character); widths on screen are display columns
/// (``DisplayWidth``: a CJK character or emoji takes two). Typed or pasted control characters
/// never enter the text: TAB, CR, LF and the other line breaks become one space, every other C0/C1
/// control, DEL and bidi override is dropped (the rule of ``TextSanitizer``), so the text can be
/// drawn and stored as it is. Enter and Esc are the caller's (``Outcome``).
public struct TextField: Sendable, Equatable {
    /// The text typed so far.
    public private(set) var text: String
    /// The cursor, in characters from the start (0…count).
    public private(set) var cursor: Int
    /// True while a prefilled value is selected (the next typed character replaces it).
    public private(set) var isSelected: Bool
    /// The most characters the field takes (a paste beyond it is cut).
    public static let maximumLength = 4096

    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        /// The text changed.
        case edited
        /// The cursor moved or the selection went, the text is the same.
        case moved
        /// Enter: the caller takes the text.
        case accepted
        /// Esc: the caller leaves everything as it was before the field opened.
        case cancelled
        /// The field does not use this key (↑ ↓ PgUp PgDn, function keys…): the caller may.
        case ignored
    }

    /// A field holding `text` (sanitised), the cursor at its end; `selected` marks a prefilled
    /// value to be replaced by typing (ignored for an empty text).
    public init(_ text: String = "", selected: Bool = false) {
        self.text = String(TextField.clean(text).prefix(TextField.maximumLength))
        self.cursor = self.text.count
        self.isSelected = selected && !self.text.isEmpty
    }

    /// Applies one key (see the type's rules).
    public mutating func handle(_ key: Key) -> Outcome {
        var chars = Array(text)
        cursor = min(max(0, cursor), chars.count)
        let wasSelected = isSelected
        switch key {
        case .enter: return .accepted
        case .escape: return .cancelled
        case .character(let c):
            let typed = Array(TextField.clean(String(c)))
            guard !typed.isEmpty else { return .ignored }
            if isSelected { chars = []; cursor = 0; isSelected = false }
            let room = TextField.maximumLength - chars.count
            guard room > 0 else { return wasSelected ? .edited : .ignored }
            chars.insert(contentsOf: typed.prefix(room), at: cursor)
            cursor += min(room, typed.count)
        case .backspace where isSelected, .delete where isSelected, .control("d") where isSelected,
             .control("u") where isSelected:
            chars = []
            cursor = 0
            isSelected = false
        case .backspace:
            guard cursor > 0 else { return .ignored }
            chars.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < chars.count else { return .ignored }
            chars.remove(at: cursor)
        case .left, .right, .home, .end, .control("a"), .control("e"), .control("b"), .control("f"):
            isSelected = false
            switch key {
            case .left, .control("b"): cursor = wasSelected ? 0 : max(0, cursor - 1)
            case .right, .control("f"): cursor = wasSelected ? chars.count : min(chars.count, cursor + 1)
            case .home, .control("a"): cursor = 0
            default: cursor = chars.count
            }
            return .moved
        case .control("u"):
            guard cursor > 0 else { return .ignored }
            chars.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            isSelected = false
            guard cursor < chars.count else { return wasSelected ? .moved : .ignored }
            chars.removeSubrange(cursor...)
        case .control("w"):
            isSelected = false
            var i = cursor
            while i > 0 && chars[i - 1] == " " { i -= 1 }
            while i > 0 && chars[i - 1] != " " { i -= 1 }
            guard i < cursor else { return wasSelected ? .moved : .ignored }
            chars.removeSubrange(i..<cursor)
            cursor = i
        default:
            return .ignored
        }
        // Joined, characters may merge: a variation selector or a combining mark typed (or
        // sent by the terminal) on its own becomes part of the character before it, so the
        // cursor is counted again in the text's own grapheme clusters.
        let joinedCursor = String(chars[..<min(cursor, chars.count)]).count
        text = String(chars)
        cursor = min(joinedCursor, text.count)
        return .edited
    }

    /// `string` with line breaks and tabs as spaces and every other control or bidi override
    /// removed (``TextSanitizer``'s classes; U+FFFD is not put in for what was typed).
    static func clean(_ string: String) -> String {
        var out = String.UnicodeScalarView()
        for s in string.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch TextSanitizer.action(for: s) {
            case .keep: out.append(s)
            case .space: out.append(" ")
            case .replace, .remove: break
            }
        }
        return String(out)
    }
}
