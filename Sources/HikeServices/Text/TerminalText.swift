import TermUI

/// Text from files (hike names, descriptions, map names) made safe to print on a terminal by
/// the one rule the screen uses too (``TextSanitizer``): control characters, ESC and DEL
/// become U+FFFD, tabs and newlines spaces, bidi overrides are removed. Stored text is never
/// changed.
public enum TerminalText {
    public static func clean(_ s: String) -> String { TextSanitizer.sanitize(s) }
}
