/// How many terminal columns text occupies: 0, 1 or 2 per grapheme cluster.
///
/// Our own table (Swift's standard library does not expose East Asian Width), following
/// Markus Kuhn's `wcwidth` and Unicode's EastAsianWidth.txt for the common ranges:
/// - **0 columns:** general categories Mn, Me (combining marks, variation selectors) and
///   Cf (format characters: zero-width space/joiner/non-joiner, soft hyphen, bidi marks), and
///   Hangul medial vowels and final consonants (U+1160–U+11FF, U+D7B0–U+D7FF).
/// - **2 columns:** every scalar with the `Emoji_Presentation` property, and the East Asian
///   Wide/Fullwidth ranges in ``wideRanges`` (Hangul initial consonants, CJK radicals and
///   punctuation, kana, CJK ideographs and their extensions, Yi, Hangul syllables, CJK
///   compatibility forms, fullwidth forms).
/// - **1 column:** everything else. U+0020–U+02FF are 1 without a lookup (fast path).
///
/// A grapheme cluster is as wide as its first scalar, except that an emoji variation selector
/// (U+FE0F) or a leading regional indicator (flags) makes it 2. So `"e\u{301}"` is 1,
/// `"日"` is 2, and a zero-width-joiner family emoji is one 2-column grapheme.
/// Control characters count 0 here; ``TextSanitizer`` removes them before anything is drawn.
/// Terminals disagree about some emoji and ambiguous-width characters; ambiguous ones count 1.
public enum DisplayWidth {
    /// Closed ranges of scalar values that are East Asian Wide (W) or Fullwidth (F).
    public static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2329...0x232A,   // angle brackets
        0x2E80...0x303E,   // CJK radicals, Kangxi radicals, CJK symbols and punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,   // CJK Unified Ideographs Extension A
        0x4E00...0x9FFF,   // CJK Unified Ideographs
        0xA000...0xA4CF,   // Yi syllables and radicals
        0xA960...0xA97F,   // Hangul Jamo Extended-A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK Compatibility Ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth ASCII variants
        0xFFE0...0xFFE6,   // fullwidth signs
        0x1B000...0x1B2FF, // Kana supplement and extensions
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        0x20000...0x2FFFD, // CJK Extensions B-F, compatibility supplement
        0x30000...0x3FFFD, // CJK Extension G and later
    ]

    /// Columns taken by one scalar on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x300 { return v == 0x7F || (v >= 0x80 && v < 0xA0) ? 0 : 1 }
        if v < 0x20 { return 0 }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if v < 0x1100 { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        // Binary search in the sorted, disjoint table.
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = wideRanges[mid]
            if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else { return 2 }
        }
        return 1
    }

    /// Columns taken by one grapheme cluster: 0, 1 or 2 (rules above).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value >= 0x20 && first.value < 0x300 && scalars.count == 1 { return first.value == 0x7F || (first.value >= 0x80 && first.value < 0xA0) ? 0 : 1 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        let w = of(first)
        if w == 1 && scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return w
    }

    /// What to hand a terminal library that counts columns with C `wcwidth` (ncurses:
    /// first scalar's width, U+FE0F counted 0) for a cluster counted 2 here but 1 there: an
    /// emoji presentation sequence on a text-default base (`"🏔\u{FE0F}"`, keycaps, `"❤\u{FE0F}"`).
    /// Returns the cluster without its U+FE0F, which glibc, ncurses, tmux and xterm all draw
    /// one column wide (text presentation); the caller fills the second column with a space,
    /// so what the terminal shows matches the 2 columns laid out here and nothing of an
    /// earlier frame stays beside it. Nil for every other cluster (no change needed).
    public static func narrowTerminalForm(_ symbol: String) -> String? {
        let scalars = symbol.unicodeScalars
        guard let first = scalars.first, scalars.contains(where: { $0.value == 0xFE0F }),
              !(0x1F1E6...0x1F1FF).contains(first.value), of(first) == 1 else { return nil }
        var v = String.UnicodeScalarView()
        v.append(contentsOf: scalars.filter { $0.value != 0xFE0F })
        return String(v)
    }

    /// Columns taken by a string: the sum over its grapheme clusters.
    public static func of(_ string: String) -> Int {
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return string.utf8.count }
        return string.reduce(0) { $0 + of($1) }
    }
}
