import Dispatch
import Foundation
import Sharding
import Synchronization
import Testing

@Suite struct ThreadNameTests {
    /// The calling thread's name as the system shows it.
    private static func systemName() -> String? {
        let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        return name?.trimmingCharacters(in: .newlines)
    }

    @Test("A thread that names itself is shown by that name, even one of the longest Linux keeps")
    func theSystemShowsTheName() throws {
        for name: StaticString in ["qa-test", "123456789012345"] {
            let seen = Mutex<String?>(nil)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                ThreadName.set(name)
                seen.withLock { $0 = Self.systemName() }
                done.signal()
            }
            thread.start()
            done.wait()
            #expect(seen.withLock { $0 } == name.description)
        }
    }

    @Test("Every thread Sources starts names itself through ThreadName, with a name Linux keeps whole")
    func everyThreadInSourcesHasANameLinuxKeeps() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var names: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            // Foundation's own name: not the system's (see ThreadName).
            #expect(!text.contains("thread.name =") && !text.contains("Thread.current.name ="), "\(file.lastPathComponent)")
            let starts = text.components(separatedBy: "Thread {").count - 1
            let named = text.components(separatedBy: "ThreadName.set(").count - 1
            #expect(named >= starts, "\(file.lastPathComponent) starts \(starts) thread(s) and names \(named)")
            for match in text.matches(of: /\.start\(name: "([^"]*)"|ThreadName\.set\("([^"]*)"\)|threadName: StaticString = "([^"]*)"/) {
                names.append(String(match.output.1 ?? match.output.2 ?? match.output.3 ?? ""))
            }
        }
        #expect(names.count >= 6, "\(names)")
        for name in names {
            #expect(!name.isEmpty && name.utf8.count <= ThreadName.maximumBytes, "\(name)")
        }
    }
}
