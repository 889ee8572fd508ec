import CairnTestSupport
import Foundation
import TermUI
import Testing

/// ``ProgramRuntime`` driven through the ``RecordingTerminal`` fake: input becomes messages,
/// effects are performed and their answers (from another thread) applied, frames are
/// presented after changes, and the loop ends when the program is finished.
@Suite struct ProgramRuntimeTests {
    /// A counter: `+` adds one, `a` asks for an effect whose answer adds ten (sent from a
    /// background queue), `q` quits. It draws "count N WxH".
    struct Counter: Program {
        struct State { var count = 0; var width: Int; var quit = false }
        enum Message: Sendable { case key(Key), resized(Int, Int), added(Int) }
        enum Effect: Equatable { case addLater(Int) }

        func message(for input: InputEvent) -> Message? {
            switch input {
            case .key(let k): return .key(k)
            case .resize(let w, let h): return .resized(w, h)
            case .mouse: return nil
            }
        }
        func tick(at date: Date) -> Message? { nil }
        func update(_ state: inout State, _ message: Message) -> [Effect] {
            switch message {
            case .key(.character("+")): state.count += 1
            case .key(.character("a")): return [.addLater(10)]
            case .key(.character("q")): state.quit = true
            case .key: break
            case .resized(let w, _): state.width = w
            case .added(let n): state.count += n
            }
            return []
        }
        func view(_ state: State, width: Int, height: Int) -> Buffer {
            var b = Buffer(width: width, height: height)
            b.setString(x: 0, y: 0, "count \(state.count) \(width)x\(height)")
            return b
        }
        func isFinished(_ state: State) -> Bool { state.quit }
    }

    static func firstLine(_ b: Buffer) -> String { b.textLines().first ?? "" }

    @Test func keysUpdateTheStateAndEachChangeIsPresented() {
        let terminal = RecordingTerminal(width: 20, height: 2, script: [.key(.character("+")), .key(.character("q"))])
        let runtime = ProgramRuntime(program: Counter(), terminal: terminal) { _, _ in }
        var state = Counter.State(width: 20)
        runtime.run(&state)
        #expect(state.count == 1 && state.quit)
        // The first frame before any input, then one after "+" and "q" were read together
        // (waiting input is drained before drawing); no frame once finished.
        #expect(terminal.frames.map(Self.firstLine) == ["count 0 20x2"])
    }

    @Test func effectsRunAndTheirAnswersFromAnotherThreadAreApplied() {
        let terminal = RecordingTerminal(width: 20, height: 2, script: [.key(.character("a"))])
        let performed = AnswerRecorder<Counter.Effect>()
        let runtime = ProgramRuntime(program: Counter(), terminal: terminal) { effect, send in
            performed.append(effect)
            if case .addLater(let n) = effect {
                DispatchQueue.global().async { send(.added(n)) }
            }
        }
        runtime.pollInterval = 1
        var state = Counter.State(width: 20)
        let deadline = Date().addingTimeInterval(120)
        runtime.shouldStop = { terminal.frames.last.map(Self.firstLine) == "count 10 20x2" || Date() > deadline }
        runtime.run(&state)
        #expect(performed.items == [.addLater(10)])
        #expect(state.count == 10)
        #expect(terminal.frames.map(Self.firstLine).last == "count 10 20x2")
    }

    @Test func aResizeRedrawsAtTheNewSize() {
        let terminal = RecordingTerminal(width: 20, height: 2, script: [.resize(width: 30, height: 3)])
        let runtime = ProgramRuntime(program: Counter(), terminal: terminal) { _, _ in }
        runtime.shouldStop = { terminal.frames.count >= 2 }
        var state = Counter.State(width: 20)
        runtime.run(&state)
        #expect(state.width == 30)
        #expect(terminal.frames.map { "\($0.width)x\($0.height)" } == ["20x2", "30x3"])
        #expect(Self.firstLine(terminal.frames[1]) == "count 0 30x3")
    }

    @Test func initialMessagesApplyBeforeTheFirstFrameAndStopAfterFrameEndsTheLoop() {
        let terminal = RecordingTerminal(width: 20, height: 2)
        let runtime = ProgramRuntime(program: Counter(), terminal: terminal) { _, _ in }
        runtime.stopAfterFrame = { $0.count == 2 }
        var state = Counter.State(width: 20)
        runtime.run(&state, initial: [.key(.character("+")), .key(.character("+"))])
        #expect(terminal.frames.map(Self.firstLine) == ["count 2 20x2"])
        #expect(terminal.polls == 0)
    }
}
