/// The translated text of `format` with `args` put in (``MessageFormat/apply(_:_:)``). Every
/// user-visible string goes through here or ``Ln(_:_:_:_:)``. Write the English text as a
/// single string literal (xgettext reads Swift sources as C: no `\(…)` interpolation, no `+`
/// between pieces, no `"""`), with `%s`/`%d` for the values and `%%` for a percent sign.
public func L(_ format: String, _ args: Any...) -> String {
    MessageFormat.apply(Localization.translate(format), args)
}

/// ``L(_:_:)`` with a plural: the catalogue's form for `count` (English: `singular` for 1,
/// `plural` otherwise); `count` is not put in by itself: pass it in `args` for its `%d`.
public func Ln(_ singular: String, _ plural: String, _ count: Int, _ args: Any...) -> String {
    MessageFormat.apply(Localization.translate(singular, plural: plural, count: count), args)
}

/// ``L(_:_:)`` for a word that means different things in different places (gettext's
/// `pgettext`): `context` tells them apart in the catalogue ("line colouring" + "plain", a
/// screen word, is not the typed option value "plain").
/// The separator between clauses of one line of a message ("placed by its time; taken …"):
/// "; " in English, " ; " with a non-breaking space in French.
public var clauseSeparator: String {
    // TRANSLATORS: between two clauses of one line ("placed by its time; taken 10:15"); keep the spaces your language puts around ";".
    Lc("clause separator", "; ")
}

/// The separator between a label and what it says within a message ("FIT not an activity: this
/// is…"): ": " in English, " : " with a non-breaking space in French.
public var colonSeparator: String {
    // TRANSLATORS: between a label and what it says ("FIT not an activity: this is a FIT…"); keep the spaces your language puts around ":".
    Lc("colon separator", ": ")
}

public func Lc(_ context: String, _ format: String, _ args: Any...) -> String {
    MessageFormat.apply(Localization.translate(context: context, format), args)
}

/// Marks a string for the catalogue without translating it (gettext's `gettext_noop`): for
/// texts declared once and shown later, as command summaries and option help, which the code
/// that shows them passes to ``Localization/translate(_:)``. No formatting: `%` is plain.
public func N(_ text: String) -> String { text }

/// Puts values into a message: printf's `%s` and `%d` (the value's description, in order),
/// `%1$s` for a position (translations may reorder), `%%` for "%". Nothing else is a
/// directive; a directive without a value is kept as written. A value is written as string
/// interpolation writes it (`String(describing:)`). Numbers are formatted by the
/// caller (the unit formatter), so a message never carries a locale-dependent `%f`.
public enum MessageFormat {
    public static func apply(_ format: String, _ args: [Any]) -> String {
        guard format.contains("%") else { return format }
        var out = ""
        var next = 0
        var chars = format[...]
        while let i = chars.firstIndex(of: "%") {
            out += chars[..<i]
            var j = chars.index(after: i)
            guard j < chars.endIndex else { out += "%"; chars = chars[j...]; break }
            if chars[j] == "%" { out += "%"; chars = chars[chars.index(after: j)...]; continue }
            // Optional position: digits then "$".
            var position: Int?
            var k = j
            var digits = 0
            while k < chars.endIndex, let d = chars[k].wholeNumberValue, chars[k].isASCII { digits = digits * 10 + d; k = chars.index(after: k) }
            if k > j, k < chars.endIndex, chars[k] == "$" { position = digits; j = chars.index(after: k) }
            guard j < chars.endIndex, chars[j] == "s" || chars[j] == "d" else {
                out += "%"; chars = chars[chars.index(after: i)...]; continue
            }
            let index = position.map { $0 - 1 } ?? next
            if position == nil { next += 1 }
            if index >= 0, index < args.count {
                out += String(describing: args[index])
            } else {
                out += chars[i...j]
            }
            chars = chars[chars.index(after: j)...]
        }
        out += chars
        return out
    }
}
