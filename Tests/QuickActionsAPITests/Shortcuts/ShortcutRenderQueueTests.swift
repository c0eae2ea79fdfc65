import Dispatch
import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import QuickActionsAPI

/// The slow renders' queue: requests that wait together share one render, which begins after
/// each of them asked, so none gets a list older than the one current when it asked.
@Suite struct ShortcutRenderQueueTests {
    /// A list whose version the test moves, counting renders; a render can be held until released.
    final class HeldList: RenderedShortcutList {
        let version = Mutex(1)
        let renders = Mutex<[Int]>([])
        let hold = DispatchSemaphore(value: 0)
        let holding = Mutex(true)
        let started = DispatchSemaphore(value: 0)

        func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation) {
            let version = version.withLock { $0 }
            renders.withLock { $0.append(version) }
            started.signal()
            if holding.withLock({ $0 }) { hold.wait() }
            let body = Array("{\"version\":\(version)}".utf8)
            return (
                version,
                ShortcutRepresentation(
                    body: SharedBytes(body), etag: "\"v\(version)\"", version: "v\(version)", contentType: "application/json", language: nil)
            )
        }

        func rendered(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation? { nil }
        func rendersSlowly(_ key: ShortcutRepresentationKey) -> Bool { true }
    }

    @Test func requestsWaitingTogetherShareOneRenderThatBeganAfterThem() throws {
        let queue = ShortcutRenderQueue()
        let list = HeldList()
        let key = ShortcutRepresentationKey(format: .json, language: "en", visibleOnly: false)
        let answers = Mutex<[String: String]>([:])
        let done = DispatchSemaphore(value: 0)
        func ask(_ name: String) {
            queue.render(list, key) { representation in
                answers.withLock { $0[name] = representation.etag }
                done.signal()
            }
        }
        ask("first")
        list.started.wait()  // the first render has read version 1 and is held
        list.version.withLock { $0 = 2 }  // a change while it renders
        ask("second")
        ask("third")
        list.holding.withLock { $0 = false }
        list.hold.signal()
        for _ in 0..<3 { done.wait() }
        // The first got the list it asked for; the two that came during its render, one render
        // of the list current when they asked.
        #expect(answers.withLock { $0 } == ["first": "\"v1\"", "second": "\"v2\"", "third": "\"v2\""])
        #expect(list.renders.withLock { $0 } == [1, 2])
    }

    @Test func anotherRepresentationIsAnotherRender() throws {
        let queue = ShortcutRenderQueue()
        let list = HeldList()
        list.holding.withLock { $0 = false }
        let done = DispatchSemaphore(value: 0)
        for language in ["en", "fr"] {
            queue.render(list, ShortcutRepresentationKey(format: .json, language: language, visibleOnly: false)) { _ in done.signal() }
        }
        for _ in 0..<2 { done.wait() }
        #expect(list.renders.withLock { $0.count } == 2)
    }

    #if canImport(Glibc)
        @Test("Renders run at a lower priority than the threads that asked, on a thread that ends with its queue")
        func rendersRunBelowTheirCallersPriority() throws {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            let list = HeldList()
            list.holding.withLock { $0 = false }
            let seen = Mutex<(nice: Int32, name: String?, task: String?)?>(nil)
            let done = DispatchSemaphore(value: 0)
            var queue: ShortcutRenderQueue? = ShortcutRenderQueue()
            queue?.render(list, ShortcutRepresentationKey(format: .json, language: "en", visibleOnly: false)) { _ in
                let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
                // "<pid>/task/<tid>": the thread's own directory.
                let task = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
                seen.withLock { $0 = (getpriority(which, 0), name?.trimmingCharacters(in: .whitespacesAndNewlines), task) }
                done.signal()
            }
            done.wait()
            let render = try #require(seen.withLock { $0 })
            #expect(render.nice == getpriority(which, 0) + ShortcutRenderQueue.niceness)
            #expect(render.name == ShortcutRenderQueue.threadName.description)
            let task = "/proc/" + (try #require(render.task))
            #expect(FileManager.default.fileExists(atPath: task))
            queue = nil
            // Its queue gone, the thread ends.
            var alive = true
            for _ in 0..<500 where alive {
                alive = FileManager.default.fileExists(atPath: task)
                if alive { usleep(10_000) }
            }
            #expect(!alive, "\(task) is still there")
        }
    #endif
}
