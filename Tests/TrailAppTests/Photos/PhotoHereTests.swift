import Foundation
import Testing
import TermUI
import TrailCore
import TrailStore
@testable import TrailApp

/// "Photo here" (issue 36): `i` on the recording and follow screens notes a mark where the
/// hiker stands (the store work is the runtime's), and the help lists the key; the reply to
/// DA1 (`ESC [ c`) tells whether xterm shows sixels.
@Suite struct PhotoHereTests {
    let app = CairnApp()

    @Test func iWhileFollowingMarksTheLastFixWithItsTimeAndProgress() {
        var s = FollowFixture.following(app)
        _ = app.update(&s, .input(.key(.character("i"))))
        #expect(s.status.text.contains("No position yet"))
        for k in 0..<6 { FollowFixture.send(FollowFixture.fix(Double(k)), app, &s) }
        let effects = app.update(&s, .input(.key(.character("i"))))
        let marks = effects.compactMap { e -> PhotoMark? in if case .follow(.markPhoto(_, let m)) = e { return m }; return nil }
        #expect(marks.count == 1)
        // Fix 5: route point 5, 50 s after t0, 5 spacings along, on the line.
        #expect(marks.first?.coordinate == FollowFixture.fix(5).coordinate)
        #expect(marks.first?.time == FollowFixture.t0.addingTimeInterval(50))
        #expect(abs((marks.first?.distanceAlong ?? 0) - 5 * FollowFixture.spacing) < 0.01)
        #expect(FollowAction.keyMap.bindings.contains { $0.label == "i" })
    }

    @Test func iWhileRecordingAsksTheRecorderOnceSomethingIsRecorded() {
        var d = RecordDriver()
        _ = d.start()
        #expect(!d.key(.character("i")).contains(.record(.markPhoto)))  // nothing recorded yet
        #expect(d.state.status.text.contains("No position recorded yet"))
        for k in 0..<3 { d.send(FollowFixture.fix(Double(k))) }
        #expect(d.key(.character("i")) == [.record(.markPhoto)])
        #expect(RecordAction.keyMap.bindings.contains { $0.label == "i" })
    }

    /// Keys typed while the reply is awaited are kept, in order, around the reply (issue 36);
    /// what is kept is the input minus the reply's own bytes, counted here by hand.
    @Test func deviceAttributesSplitKeepsTheKeysAroundTheReply() {
        func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
        let reply = "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"
        // A key before, the Up arrow and "q" after.
        let both = DeviceAttributes.split(bytes("j" + reply + "\u{1B}[Aq"))
        #expect(both.attributes == [63, 1, 2, 4, 6, 9, 15, 16, 22, 28])
        #expect(both.others == bytes("j\u{1B}[Aq"))
        // An arrow key before (its CSI is not "ESC [ ?"), a UTF-8 letter after.
        let arrow = DeviceAttributes.split(bytes("\u{1B}[B" + "\u{1B}[?62;4c" + "é"))
        #expect(arrow.attributes == [62, 4] && arrow.others == [0x1B, 0x5B, 0x42, 0xC3, 0xA9])
        // The reply alone: nothing else.
        #expect(DeviceAttributes.split(bytes(reply)).others.isEmpty)
        // No reply in time: the keys stay, a reply begun at the end goes.
        let late = DeviceAttributes.split(bytes("ab\u{1B}[?63;1"))
        #expect(late.attributes == nil && late.others == bytes("ab"))
        #expect(DeviceAttributes.split(bytes("ab\u{1B}[")).others == bytes("ab"))
        #expect(DeviceAttributes.split(bytes("x\u{1B}[A")).others == bytes("x\u{1B}[A"))  // a whole arrow key is a key
        #expect(DeviceAttributes.split(bytes("hello")).others == bytes("hello") && DeviceAttributes.split([]).others.isEmpty)
    }

    @Test func deviceAttributesReply() {
        func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
        // xterm -ti vt340: "ESC [ ? 63 ; 1 ; 2 ; 4 ; 6 ; 9 ; 15 ; 16 ; 22 ; 28 c" (xterm's ctlseqs: 4 = sixel graphics).
        let vt340 = DeviceAttributes.parse(bytes("\u{1B}[?63;1;2;4;6;9;15;16;22;28c"))
        #expect(vt340?.attributes == [63, 1, 2, 4, 6, 9, 15, 16, 22, 28] && vt340?.length == bytes("\u{1B}[?63;1;2;4;6;9;15;16;22;28c").count)
        #expect(DeviceAttributes.hasSixels(vt340?.attributes ?? []))
        // xterm's default VT420 answer: no 4.
        let plain = DeviceAttributes.parse(bytes("\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"))
        #expect(plain != nil && !DeviceAttributes.hasSixels(plain!.attributes))
        // The class alone is not an attribute (a VT100 answering "?1;2c" has no sixels, "?4;…" is a class too).
        #expect(!DeviceAttributes.hasSixels([4, 6]))
        // Keys typed before the reply are skipped; the length covers them too.
        #expect(DeviceAttributes.parse(bytes("ab\u{1B}[A\u{1B}[?62;4c"))?.attributes == [62, 4])
        #expect(DeviceAttributes.parse(bytes("ab\u{1B}[A\u{1B}[?62;4c"))?.length == 2 + 3 + 8)
        // Incomplete: wait for more; garbage: none.
        #expect(DeviceAttributes.parse(bytes("\u{1B}[?63;1;4")) == nil)
        #expect(DeviceAttributes.parse(bytes("\u{1B}[?63x")) == nil)
        #expect(DeviceAttributes.parse([]) == nil)
        // Asked only in xterm with nothing set, and not under tmux or screen.
        let ask = DeviceAttributes.worthAsking
        #expect(ask(["TERM": "xterm-256color"], .symbols, nil))
        #expect(!ask(["TERM": "xterm-256color", "TMUX": "/tmp/t"], .symbols, nil))
        #expect(!ask(["TERM": "xterm-256color", "CAIRN_IMAGES": "symbols"], .symbols, nil))
        #expect(!ask(["TERM": "xterm-256color"], .symbols, "symbols"))
        #expect(ask(["TERM": "xterm-256color"], .symbols, "auto"))
        #expect(!ask(["TERM": "linux"], .symbols, nil) && !ask(["TERM": "xterm-kitty"], .kitty, nil))
        // The display takes the asked format only when asking was worth it.
        guard case .terminal(let args, let note) = ChafaCommand.display(path: "/a.jpg", width: 80, height: 24,
                                                                 environment: ["TERM": "xterm"], asked: .sixels),
              case .terminal(let tmuxArgs, _) = ChafaCommand.display(path: "/a.jpg", width: 80, height: 24,
                                                                     environment: ["TERM": "xterm", "TMUX": "x"], asked: .sixels)
        else { Issue.record("not a terminal display"); return }
        #expect(args[2] == "sixels" && tmuxArgs[2] == "symbols")
        #expect(note.contains("The terminal said it shows sixels when asked"))
    }
}
