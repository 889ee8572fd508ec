import CairnCLI
import Foundation
import Localization

// The user's language and locale first, before any thread starts (Localization.start). The
// environment is read from `environ`, not through ProcessInfo (start-up cost, DECISIONS 1071).
let localization = Localization.start(environment: CommandContext.processEnvironment(),
                                      executablePath: Localization.executablePath())
if let problem = localization.problem {
    FileHandle.standardError.write(Data("cairn: \(problem)\n".utf8))
}
exit(CairnCLI.run(Array(CommandLine.arguments.dropFirst())))
