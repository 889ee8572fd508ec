import CairnCLI
import Foundation
import Localization

// The user's language and locale first, before any thread starts (Localization.start).
let localization = Localization.start(environment: ProcessInfo.processInfo.environment,
                                      executablePath: Localization.executablePath())
if let problem = localization.problem {
    FileHandle.standardError.write(Data("cairn: \(problem)\n".utf8))
}
exit(CairnCLI.run(Array(CommandLine.arguments.dropFirst())))
