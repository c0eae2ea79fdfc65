import Foundation
import TestSupport
import Testing

@testable import QuickActionsCompanion

/// The `quickactions` executable prints no control character it did not make, whatever a
/// server sends (a title that would set the terminal's title and clear the screen, a problem
/// detail with a bell), never shows the user and password of a URL, and says its version.
@Suite struct CompanionTerminalSafetyEndToEndTests {
    /// A text with what a terminal acts on: OSC 0 (set the title) ended by BEL, CSI 2J (clear
    /// the screen), NUL, DEL and C1's CSI, as JSON escapes.
    static let hostile = #"\u001b]0;pwned\u0007\u001b[2J\u0000\u007f\u009b31mX"#

    /// The control characters in `text` other than the line feeds the companion writes.
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            .map { String(format: "U+%04X", $0.value) }
    }

    @Test("menu: hostile titles, subtitles, types, warnings and version are printed with visible stand-ins, no control character")
    func menuPrintsNoControlCharacter() throws {
        let h = Self.hostile
        let list =
            #"{"items":[{"type":"A\#(h)","localizedTitle":"Title\#(h)","localizedSubtitle":"Sub\#(h)","kind":"static","visible":true},"#
            + #"{"type":"B\#(h)","localizedTitle":"Hidden\#(h)","kind":"dynamic","visible":false}],"#
            + #""version":"v\#(h)","warnings":[{"index":0,"type":"A","rule":"r\#(h)","message":"m\#(h)"}]}"#
        let server = try HostileServer { _, connection in connection.write(HostileServer.answer(200, list)) }
        defer { server.stop() }
        for dark in [false, true] {
            let result = try CompanionProcess.run(["menu", "--url", server.origin] + (dark ? ["--dark"] : []))
            #expect(result.status == 0, "\(result.error)")
            // --dark paints with the companion's own ESC sequences: take them out first.
            let printed = result.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(Self.controls(in: printed).isEmpty, "\(Self.controls(in: printed)) in \(printed.debugDescription)")
            #expect(printed.contains("Title␛]0;pwned␇␛[2J␀␡�31mX"), "\(printed)")
            #expect(printed.contains("Hidden␛") && printed.contains("[B␛") && printed.contains("m␛") && printed.contains("version v␛"), "\(printed)")
        }
    }

    @Test("A problem detail with control characters is printed with stand-ins on stderr")
    func errorsPrintNoControlCharacter() throws {
        let problem = #"{"type":"about:blank","title":"Not Found","status":404,"detail":"gone\#(Self.hostile)"}"#
        let server = try HostileServer { _, connection in
            connection.write(HostileServer.answer(404, problem, type: "application/problem+json"))
        }
        defer { server.stop() }
        for arguments in [["menu"], ["pin", "some-id"]] {
            let result = try CompanionProcess.run(arguments + ["--url", server.origin])
            #expect(result.status != 0)
            #expect(Self.controls(in: result.error).isEmpty, "\(arguments): \(result.error.debugDescription)")
            #expect(result.error.contains("gone␛]0;pwned␇"), "\(arguments): \(result.error)")
        }
    }

    @Test("The user and password of the URL never appear in a message")
    func userinfoIsNeverPrinted() throws {
        let refusing = try HostileServer { _, connection in
            connection.write(HostileServer.answer(401, #"{"status":401,"title":"Unauthorized","detail":"no"}"#, type: "application/problem+json"))
        }
        defer { refusing.stop() }
        let port = refusing.origin.split(separator: ":").last.map(String.init) ?? "1"
        let cases: [[String]] = [
            ["menu", "--url", "http://alice:s3cret@127.0.0.1:\(port)"],  // refused token: the URL is named
            ["menu", "--url", "http://alice:s3cret@127.0.0.1:1"],  // unreachable: the URL is named
            ["menu", "--url", "ftp://alice:s3cret@127.0.0.1"],  // not http: the URL is named
        ]
        for arguments in cases {
            let result = try CompanionProcess.run(arguments)
            #expect(result.status != 0)
            #expect(!result.error.contains("s3cret") && !result.error.contains("alice"), "\(arguments): \(result.error)")
            #expect(result.error.contains("://***@127.0.0.1"), "\(arguments): \(result.error)")
        }
    }

    @Test("--version prints the version quickactiond prints and exits 0")
    func version() throws {
        let result = try CompanionProcess.run(["--version"])
        #expect(result.status == 0 && result.output == "quickactions 0.1.0\n", "\(result)")
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let exit = try ChildProcess.run(try ServerProcess.binary("quickactiond").path, ["--version"], output: .file(outPath), seconds: 30)
        #expect(exit == .exited(0))
        #expect((try? String(contentsOfFile: outPath, encoding: .utf8)) == "quickactiond 0.1.0\n")
    }

    @Test func terminalTextReplacesEveryControlCharacterAndKeepsTheRest() {
        #expect(TerminalText.safe("a\u{1B}[2Jb\u{07}\u{00}\u{7F}\u{9B}\u{85}é★\n") == "a␛[2Jb␇␀␡��é★␊")
        #expect(TerminalText.safe("plain text") == "plain text")
        #expect(
            TerminalText.redactingUserinfo("at http://u:p@h:1/x and https://h2/y?a=b@c, http://[::1]")
                == "at http://***@h:1/x and https://h2/y?a=b@c, http://[::1]")
        #expect(TerminalText.redactingUserinfo("'http://me@host'") == "'http://***@host'")
    }
}
