import CairnCLI
import Foundation

exit(CairnCLI.run(Array(CommandLine.arguments.dropFirst())))
