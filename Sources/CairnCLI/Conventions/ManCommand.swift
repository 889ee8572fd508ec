import Localization
import Foundation

/// `cairn man`: prints the manual page cairn(1) in roff (``ManPage``), for `make install` and
/// for `cairn man | man -l -`.
public enum ManCommand: Command {
    public static let name = "man"
    public static let summary = N("Print the manual page cairn(1) in roff")
    public static let about = N("Writes the manual page, made from the same declarations as every command's --help, to\nstandard output. Read it with 'cairn man | man -l -'; 'make install' installs it.")
    public static let options: [OptionSpec] = []

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        context.stdout.write(ManPage.text())
        return 0
    }
}
