import Foundation
import Testing
@testable import TrailStore

/// Vectors from FIPS 180-4's companion examples (NIST CSRC "SHA256.pdf", "SHA2 additional
/// examples"): "abc", the 448-bit two-block message, the empty string and one million "a".
@Suite struct SHA256Tests {
    @Test func fipsOneBlockMessage() {
        #expect(SHA256.hash(Array("abc".utf8)).hexString
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func fipsTwoBlockMessage() {
        #expect(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hexString
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func emptyMessage() {
        #expect(SHA256.hash([UInt8]()).hexString
            == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func oneMillionAFedInUnevenPieces() {
        var s = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
        var left = 1_000_000
        while left > 0 {
            let n = min(left, piece.count)
            s.update(Array(piece[0..<n]))
            left -= n
        }
        #expect(s.finalize().hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func everyLengthAroundThePaddingBoundaryMatchesPython() throws {
        // Lengths 54...66 cross the 56-byte padding boundary; digests from Python's hashlib,
        // computed at run time, an independent implementation.
        let script = "import hashlib\nfor n in range(54, 67): print(hashlib.sha256(bytes(range(n))).hexdigest())"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script]
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { print("skipped: python3 not found"); return }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let expected = out.split(separator: "\n").map(String.init)
        #expect(expected.count == 13)
        for (i, n) in (54...66).enumerated() where i < expected.count {
            #expect(SHA256.hash((0..<n).map { UInt8($0) }).hexString == expected[i], "length \(n)")
        }
    }
}
