import Localization
import Foundation
import HikeServices

/// `cairn completion bash|zsh|fish`: prints the shell's completion script, written from the
/// commands' declarations (``CompletionModel``).
public enum CompletionCommand: Command {
    public static let name = "completion"
    public static let summary = N("Print the shell completion script for bash, zsh or fish")
    public static let about = N("Writes a completion script for SHELL to standard output: command words, each command's\noptions, the values of options with a fixed set, file names by extension and the ids\nof stored hikes. 'make install' installs all three; to try one at once:\n  source <(cairn completion bash)")
    static let shells = ["bash", "zsh", "fish"]
    public static let arguments = [ArgumentSpec("SHELL", kind: .choice(shells), help: N("bash, zsh or fish"))]
    public static let options: [OptionSpec] = []

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count == 1, let shell = args.positionals.first else {
            throw CLIError.usage(L("completion needs one SHELL: bash, zsh or fish"))
        }
        let model = CompletionModel()
        switch shell {
        case "bash": context.stdout.write(BashCompletion.script(model))
        case "zsh": context.stdout.write(ZshCompletion.script(model))
        case "fish": context.stdout.write(FishCompletion.script(model))
        default: throw CLIError.usage(L("completion knows bash, zsh and fish, not '%s'", TerminalText.clean(shell)))
        }
        return 0
    }
}
