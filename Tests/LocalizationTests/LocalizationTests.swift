import Foundation
import Testing
@testable import Localization

/// The message set-up's pure parts. Nothing here calls `Localization.start` (it changes the
/// process locale, which the other suites running in parallel share): the binary's tests in
/// CairnE2ETests/LanguageTests run cairn itself under LANGUAGE, LANG and LC_ALL.
@Suite struct MessageFormatTests {
    @Test func putsValuesInOrderAndByPosition() {
        #expect(MessageFormat.apply("%s of %s", ["3 km", "12 km"]) == "3 km of 12 km")
        #expect(MessageFormat.apply("%2$s / %1$s", ["a", "b"]) == "b / a")
        #expect(MessageFormat.apply("%d hikes", [4]) == "4 hikes")
        #expect(MessageFormat.apply("Covered %s %%", ["46"]) == "Covered 46 %")
    }

    @Test func keepsWhatIsNotADirective() {
        #expect(MessageFormat.apply("100%", []) == "100%")
        #expect(MessageFormat.apply("%s and %s", ["one"]) == "one and %s")
        #expect(MessageFormat.apply("%x %5s", ["a"]) == "%x %5s")
        #expect(MessageFormat.apply("no directives", ["x"]) == "no directives")
    }

    @Test func untranslatedTextIsTheEnglishOne() {
        // No catalogue is bound in the test process: gettext returns the msgid.
        #expect(L("Distance %s", "4.25 km") == "Distance 4.25 km")
        #expect(Ln("%d hike", "%d hikes", 1, 1) == "1 hike")
        #expect(Ln("%d hike", "%d hikes", 2, 2) == "2 hikes")
        #expect(Ln("%d hike", "%d hikes", 0, 0) == "0 hikes")
        #expect(Localization.translate("") == "")
    }
}

@Suite struct CatalogueChoiceTests {
    @Test func namesFromMostToLeastSpecific() {
        #expect(Localization.catalogueNames(for: "de_DE.UTF-8@euro")
                == ["de_DE.UTF-8@euro", "de_DE.UTF-8", "de_DE@euro", "de_DE", "de@euro", "de"])
        #expect(Localization.catalogueNames(for: "fr") == ["fr"])
        #expect(Localization.catalogueNames(for: "es_ES.utf8") == ["es_ES.utf8", "es_ES", "es"])
    }

    /// gettext's precedence (GNU gettext manual, "Specifying a Priority List of Languages"):
    /// LANGUAGE first unless the locale is plain C; then LC_ALL, LC_MESSAGES, LANG.
    @Test func precedenceAsGettextDefinesIt() {
        #expect(Localization.languageList(["LANGUAGE": "de:fr", "LANG": "es_ES.UTF-8"]) == ["de", "fr"])
        #expect(Localization.languageList(["LC_ALL": "C", "LANGUAGE": "de"]) == [])
        #expect(Localization.languageList(["LANG": "POSIX", "LANGUAGE": "de"]) == [])
        #expect(Localization.languageList(["LC_ALL": "C.UTF-8", "LANGUAGE": "de"]) == ["de"])
        #expect(Localization.languageList(["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"]) == ["fr_FR.UTF-8"])
        #expect(Localization.languageList(["LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == ["es_ES.UTF-8"])
        #expect(Localization.languageList([:]) == [])
        #expect(Localization.languageList(["LANGUAGE": "de"]) == ["de"])
    }

    @Test func directoriesEnvironmentThenBesideTheBinaryThenShare() {
        #expect(Localization.catalogueDirectories(environment: ["CAIRN_LOCALEDIR": "/x"], executablePath: "/opt/cairn/bin/cairn")
                == ["/x", "/opt/cairn/bin/locale", "/opt/cairn/bin/../share/locale"])
        #expect(Localization.catalogueDirectories(environment: [:], executablePath: nil) == [])
    }
}

@Suite struct DecimalSeparatorTests {
    static func installed(_ name: String) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/locale")
        p.arguments = ["-a"]
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { return false }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let wanted = name.lowercased().replacingOccurrences(of: "-", with: "")
        return out.split(separator: "\n").contains { $0.lowercased().replacingOccurrences(of: "-", with: "") == wanted }
    }

    @Test func cAndMissingLocalesUseAPeriod() {
        #expect(Localization.decimalSeparator(environment: [:]) == ".")
        #expect(Localization.decimalSeparator(environment: ["LANG": "C.UTF-8"]) == ".")
        #expect(Localization.decimalSeparator(environment: ["LANG": "xx_YY.UTF-8"]) == ".")
    }

    /// The separators glibc's locale data gives (localedata/locales/de_DE, fr_FR: "decimal_point
    /// <U002C>"; en_US: "<U002E>"), when those locales are generated (`make setup` does as root).
    @Test func germanAndFrenchUseAComma() {
        guard Self.installed("de_DE.UTF-8"), Self.installed("fr_FR.UTF-8") else {
            print("skipped: de_DE.UTF-8 / fr_FR.UTF-8 are not installed (make setup generates them as root)")
            return
        }
        #expect(Localization.decimalSeparator(environment: ["LANG": "de_DE.UTF-8"]) == ",")
        #expect(Localization.decimalSeparator(environment: ["LC_NUMERIC": "fr_FR.UTF-8", "LANG": "C"]) == ",")
        #expect(Localization.decimalSeparator(environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == ".")
    }
}

@Suite struct MessageCatalogueTests {
    /// A catalogue compiled by GNU msgfmt (the reference producer of the format).
    static func compiled() throws -> [UInt8]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt") else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-mo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let po = dir.appendingPathComponent("t.po")
        try """
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "Distance"
        msgstr "Strecke"

        msgid "Ascent"
        msgstr "Aufstieg"
        """.write(to: po, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        p.arguments = ["-o", dir.appendingPathComponent("t.mo").path, po.path]
        try p.run()
        p.waitUntilExit()
        return try [UInt8](Data(contentsOf: dir.appendingPathComponent("t.mo")))
    }

    @Test func aCatalogueFromMsgfmtIsSound() throws {
        guard let bytes = try Self.compiled() else { print("skipped: msgfmt (gettext) is not installed"); return }
        #expect(MessageCatalogue.damage(of: bytes) == nil)
    }

    @Test func damagedCataloguesSayWhy() throws {
        guard let bytes = try Self.compiled() else { print("skipped: msgfmt (gettext) is not installed"); return }
        #expect(MessageCatalogue.damage(of: Array(bytes.prefix(20)))?.contains("shorter than") == true)
        #expect(MessageCatalogue.damage(of: Array(bytes.prefix(bytes.count - 10))) != nil)
        #expect(MessageCatalogue.damage(of: [UInt8]("<html>not found</html> padding padding".utf8)) == "not a GNU message catalogue")
        var far = bytes
        far[12] = 0xFF; far[13] = 0xFF  // the originals table's offset beyond the file
        #expect(MessageCatalogue.damage(of: far) == "string table outside the file")
    }
}
