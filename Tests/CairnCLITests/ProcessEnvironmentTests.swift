import CairnCLI
import Foundation
import Testing

/// The environment and working directory cairn reads at start from the C library (DECISIONS
/// 1071) are what Foundation's ProcessInfo and FileManager give (the reference).
@Suite struct ProcessEnvironmentTests {
    @Test func theEnvironmentIsProcessInfos() {
        let ours = CommandContext.processEnvironment()
        let reference = ProcessInfo.processInfo.environment
        #expect(!ours.isEmpty)
        #expect(ours == reference)
    }

    @Test func theWorkingDirectoryIsFileManagers() {
        #expect(CommandContext.workingDirectory() == FileManager.default.currentDirectoryPath)
    }
}
