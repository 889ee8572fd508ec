import Testing
import TermUI

/// ``LocaleCharset``: POSIX precedence LC_ALL > LC_CTYPE > LANG, the codeset after the dot.
@Suite struct LocaleCharsetTests {
    @Test func codesetNames() {
        for name in ["en_US.UTF-8", "C.UTF-8", "C.utf8", "de_DE.utf-8@euro", "fr_FR.Utf8"] {
            #expect(LocaleCharset.namesUTF8(name), "\(name)")
        }
        for name in ["C", "POSIX", "en_US", "de_DE.ISO-8859-1", "ja_JP.eucJP", "", "en_US.UTF-16", "utf8"] {
            #expect(!LocaleCharset.namesUTF8(name), "\(name)")
        }
    }

    @Test func precedence() {
        #expect(LocaleCharset.isUTF8(environment: ["LANG": "en_US.UTF-8"]))
        #expect(!LocaleCharset.isUTF8(environment: [:]))
        #expect(!LocaleCharset.isUTF8(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(LocaleCharset.isUTF8(environment: ["LC_ALL": "", "LC_CTYPE": "C.UTF-8", "LANG": "C"]))
        #expect(!LocaleCharset.isUTF8(environment: ["LC_CTYPE": "POSIX", "LANG": "C.UTF-8"]))
        // LC_MESSAGES and LC_NUMERIC do not choose the characters.
        #expect(!LocaleCharset.isUTF8(environment: ["LC_MESSAGES": "C.UTF-8", "LANG": "C"]))
    }

    @Test func notesNameTheVariableAndTheFix() {
        #expect(LocaleCharset.asciiNote(environment: ["LANG": "C"])
                == "Drawing in ASCII: the locale (LANG=C) is not UTF-8; set LANG=C.UTF-8 for braille maps")
        #expect(LocaleCharset.asciiNote(environment: [:]).contains("no LANG set"))
        #expect(LocaleCharset.missingLocaleNote(environment: ["LC_ALL": "en_US.UTF-8"])
                == "Locale LC_ALL=en_US.UTF-8 is not installed; using C.UTF-8 (install it with locale-gen)")
    }
}
