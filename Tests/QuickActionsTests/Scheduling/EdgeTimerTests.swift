import QuickActions
import Synchronization
import TestSupport
import Testing

/// The timer wakes at each edge with no request, on a clock the test moves (no sleeping).
@Suite struct EdgeTimerTests {
    typealias F = ScheduledItemFixtures

    /// A timer on a manual clock, recording each edge it reports.
    final class Harness: Sendable {
        /// Holds the timer weakly: the timer's `onEdge` holds the recorder.
        final class Recorder: Sendable {
            struct WeakTimer { weak var timer: EdgeTimer? }
            let edges = Mutex<[EdgeTimer.Edge]>([])
            let timer = Mutex(WeakTimer())
        }

        let clock = ManualEdgeClock(now: F.now)
        let recorder = Recorder()
        let timer: EdgeTimer

        init(onEdge: (@Sendable (EdgeTimer.Edge, EdgeTimer) -> Void)? = nil) {
            let recorder = recorder
            timer = EdgeTimer(clock: clock) { edge in
                recorder.edges.withLock { $0.append(edge) }
                if let onEdge, let timer = recorder.timer.withLock({ $0.timer }) { onEdge(edge, timer) }
            }
            recorder.timer.withLock { $0.timer = timer }
        }

        var edges: [EdgeTimer.Edge] { recorder.edges.withLock { $0 } }
        var reported: [[String]] { edges.map { $0.changed.map(\.id) } }
    }

    static let timeline = ScheduleTimeline([F.item("sale", from: 2, until: 5), F.item("later", from: 8, until: 9)])

    @Test func wakesAtEachEdgeAndReArmsAfterIt() {
        let harness = Harness()
        harness.timer.follow(Self.timeline, listedAt: F.now)
        #expect(harness.timer.deadline == F.at(hours: 2))
        harness.clock.advance(to: F.at(hours: 2).advanced(byMilliseconds: -1))
        #expect(harness.reported.isEmpty)
        harness.clock.advance(to: F.at(hours: 2))
        #expect(harness.reported == [["sale"]])
        #expect(harness.edges.last?.at == F.at(hours: 2))
        #expect(harness.timer.deadline == F.at(hours: 5))
        harness.clock.advance(to: F.at(hours: 5))
        harness.clock.advance(to: F.at(hours: 8))
        harness.clock.advance(to: F.at(hours: 9))
        #expect(harness.reported == [["sale"], ["sale"], ["later"], ["later"]])
        #expect(harness.timer.deadline == nil && harness.clock.pending.isEmpty)
    }

    /// Edges passed during one long wait (a suspended host) are reported together, once.
    @Test func edgesPassedDuringALongWaitComeTogether() {
        let harness = Harness()
        harness.timer.follow(Self.timeline, listedAt: F.now)
        harness.clock.advance(to: F.at(hours: 8))
        #expect(harness.reported == [["sale", "later"]])
        #expect(harness.edges.first?.after == F.now)
        #expect(harness.timer.deadline == F.at(hours: 9))
    }

    @Test func followingNewItemsReplacesTheAlarm() {
        let harness = Harness()
        harness.timer.follow(Self.timeline, listedAt: F.now)
        let sooner = ScheduleTimeline(Self.timeline.items + [F.item("flash", from: 1, until: 3)])
        harness.timer.follow(sooner, listedAt: F.at(hours: 0))
        #expect(harness.timer.deadline == F.at(hours: 1))
        #expect(harness.clock.pending == [F.at(hours: 1)])
        harness.clock.advance(to: F.at(hours: 1))
        #expect(harness.reported == [["flash"]])
        // With no items left to start or end, nothing waits.
        harness.timer.follow(ScheduleTimeline([]), listedAt: F.at(hours: 1))
        #expect(harness.timer.deadline == nil && harness.clock.pending.isEmpty)
    }

    /// The lists were made for an instant an edge has since passed: the timer wakes at once.
    @Test func anEdgeAlreadyPassedWakesAtOnce() {
        let harness = Harness()
        harness.clock.advance(to: F.at(hours: 3))
        harness.timer.follow(Self.timeline, listedAt: F.at(hours: 1))
        #expect(harness.reported.isEmpty)
        harness.clock.advance(to: F.at(hours: 3))
        #expect(harness.reported == [["sale"]])
    }

    /// A wake before the deadline (the wall clock was set back) reports nothing and waits again.
    @Test func anEarlyWakeWaitsAgain() {
        let harness = Harness()
        harness.timer.follow(Self.timeline, listedAt: F.now)
        harness.clock.ringEarly()
        #expect(harness.reported.isEmpty)
        #expect(harness.timer.deadline == F.at(hours: 2) && harness.clock.pending == [F.at(hours: 2)])
        harness.clock.advance(to: F.at(hours: 2))
        #expect(harness.reported == [["sale"]])
    }

    @Test func stopCancelsAndAStaleAlarmDoesNothing() {
        let harness = Harness()
        harness.timer.follow(Self.timeline, listedAt: F.now)
        harness.timer.stop()
        #expect(harness.timer.deadline == nil && harness.clock.pending.isEmpty)
        harness.clock.ringEarly()
        harness.clock.advance(to: F.at(hours: 10))
        #expect(harness.reported.isEmpty)
    }

    /// The edge's handler may follow new items (here: the ended item removed) without a deadlock;
    /// the newer timeline decides the next wake.
    @Test func theHandlerMayFollowNewItems() {
        let harness = Harness { edge, timer in
            let remaining = Self.timeline.items.filter { $0.until > edge.at }
            timer.follow(ScheduleTimeline(remaining + [F.item("next", from: 6, until: 7)]), listedAt: edge.at)
        }
        harness.timer.follow(Self.timeline, listedAt: F.now)
        harness.clock.advance(to: F.at(hours: 2))
        #expect(harness.timer.deadline == F.at(hours: 5))
        harness.clock.advance(to: F.at(hours: 5))
        // At 2 the sale started; at 5 it ended, and the items followed then start next at 6.
        #expect(harness.reported == [["sale"], ["sale"]])
        #expect(harness.timer.deadline == F.at(hours: 6) && harness.clock.pending == [F.at(hours: 6)])
    }

    /// The system clock calls back once its (passed) deadline comes, and not once cancelled.
    @Test func theDispatchClockRingsAPassedDeadline() async {
        let clock = DispatchEdgeClock(label: "test.edges")
        let cancelled = clock.schedule(at: Timestamp(millisecondsSince1970: 0)) { Issue.record("a cancelled alarm rang") }
        cancelled.cancel()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            _ = clock.schedule(at: clock.now().advanced(byMilliseconds: -1000)) { continuation.resume() }
        }
        #expect(clock.now() > F.now)
    }
}
