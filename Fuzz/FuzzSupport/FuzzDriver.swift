import Foundation

/// Hands control to libFuzzer's driver (`LLVMFuzzerRunDriver`, part of the libFuzzer runtime
/// linked by `-sanitize=fuzzer`).
///
/// SwiftPM gives every executable target its own `main`, which hides the `main` libFuzzer
/// brings; so each fuzz target's `main.swift` calls ``run(_:)`` with its one-input callback
/// instead of defining `LLVMFuzzerTestOneInput` (DECISIONS.md 130). Command-line options are
/// libFuzzer's own (`-max_total_time=`, `-runs=`, corpus directories, `-dict=`…).
public enum FuzzDriver {
    /// The callback libFuzzer calls once per input: bytes and count; returns 0.
    public typealias OneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer with this process's arguments and exits with its status.
    public static func run(_ oneInput: OneInput) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(llvmFuzzerRunDriver(&argc, &argv, oneInput))
    }

    /// The input as `Data` (an empty input gives empty `Data`).
    public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                 _ oneInput: FuzzDriver.OneInput) -> CInt
