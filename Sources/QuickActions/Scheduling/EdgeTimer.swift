import Synchronization

/// Wakes at each edge of a `ScheduleTimeline` (an item's `from` or `until`), with no request
/// needed, and says what changed, so that the lists can be made again.
///
/// Contract:
/// - After `follow(_:listedAt:)`, the timer waits for the timeline's first edge after the
///   instant the current lists were made for, and re-arms after each edge; `follow` again
///   whenever the items change (the earlier alarm is cancelled).
/// - At a wake it calls `onEdge` once, off its lock, with the items whose edges fell since the
///   last instant covered, through the clock's `now` (several edges passed during one long
///   wait come together). A wake before the deadline (the wall clock was set back) calls
///   nothing and waits again. `onEdge` may call `follow` or `stop`.
/// - A wake of an alarm replaced meanwhile does nothing.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
public final class EdgeTimer: Sendable {
    /// What changed at a wake.
    public struct Edge: Sendable, Equatable {
        /// The last instant the lists were made for before this wake (excluded).
        public let after: Timestamp
        /// The wake's time: the lists are now to be made for this instant.
        public let at: Timestamp
        /// The items that started or ended in between (`ScheduleTimeline.items(changingAfter:through:)`).
        public let changed: [ScheduledItem]
    }

    private struct State {
        var timeline = ScheduleTimeline([])
        /// The instant the current lists were made for.
        var listedAt = Timestamp(millisecondsSince1970: 0)
        /// Counts `follow`, `stop` and wakes: an alarm only acts for the generation that set it.
        var generation = 0
        var deadline: Timestamp?
        var alarm: (any EdgeAlarm)?
    }

    private let clock: any EdgeClock
    private let onEdge: @Sendable (Edge) -> Void
    private let state = Mutex(State())

    /// A timer on `clock` calling `onEdge` at each edge; idle until `follow`.
    public init(clock: any EdgeClock, onEdge: @escaping @Sendable (Edge) -> Void) {
        self.clock = clock
        self.onEdge = onEdge
    }

    /// The edge the timer waits for; nil when idle.
    public var deadline: Timestamp? {
        state.withLock { $0.deadline }
    }

    /// Follows `timeline`, whose lists were made for `instant` (items showing at `instant` are
    /// in them): waits for its first edge after `instant`, at once when that has passed.
    public func follow(_ timeline: ScheduleTimeline, listedAt instant: Timestamp) {
        let (generation, deadline, replaced) = state.withLock { state in
            state.timeline = timeline
            state.listedAt = instant
            return Self.nextGeneration(&state, deadline: timeline.nextEdge(after: instant))
        }
        replaced?.cancel()
        arm(generation: generation, at: deadline)
    }

    /// Stops waiting; `follow` starts again.
    public func stop() {
        let (_, _, replaced) = state.withLock { Self.nextGeneration(&$0, deadline: nil) }
        replaced?.cancel()
    }

    /// Starts a generation waiting for `deadline`; returns it and the alarm it replaces.
    private static func nextGeneration(_ state: inout State, deadline: Timestamp?) -> (Int, Timestamp?, (any EdgeAlarm)?) {
        let replaced = state.alarm
        state.generation += 1
        state.deadline = deadline
        state.alarm = nil
        return (state.generation, deadline, replaced)
    }

    /// Sets the clock's alarm for `generation`, outside the lock (a clock may call back on
    /// another thread at once), and keeps it unless a newer generation began meanwhile.
    private func arm(generation: Int, at deadline: Timestamp?) {
        guard let deadline else { return }
        let alarm = clock.schedule(at: deadline) { [weak self] in self?.wake(generation: generation) }
        let current = state.withLock { state in
            guard state.generation == generation else { return false }
            state.alarm = alarm
            return true
        }
        if !current { alarm.cancel() }
    }

    private func wake(generation: Int) {
        let now = clock.now()
        enum Next {
            case ignore
            case waitAgain(Int, Timestamp)
            case edge(Edge, Int, Timestamp?)
        }
        let next = state.withLock { state -> Next in
            guard state.generation == generation, let deadline = state.deadline else { return .ignore }
            if now < deadline {
                let (again, _, _) = Self.nextGeneration(&state, deadline: deadline)
                return .waitAgain(again, deadline)
            }
            let edge = Edge(after: state.listedAt, at: now, changed: state.timeline.items(changingAfter: state.listedAt, through: now))
            state.listedAt = now
            let (nextGeneration, nextDeadline, _) = Self.nextGeneration(&state, deadline: state.timeline.nextEdge(after: now))
            return .edge(edge, nextGeneration, nextDeadline)
        }
        switch next {
        case .ignore:
            return
        case .waitAgain(let again, let deadline):
            arm(generation: again, at: deadline)
        case .edge(let edge, let nextGeneration, let nextDeadline):
            onEdge(edge)
            arm(generation: nextGeneration, at: nextDeadline)
        }
    }
}
