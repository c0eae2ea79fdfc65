import StorageCore

/// The trigger events of a hub with a log: read from the log in id order, and sent as read.
extension EventHub {
    /// How many of the log's triggers one read takes.
    static let logPage = 256

    /// Says that this process is about to commit the trigger `id`: its event is sent with `data`
    /// (the POST answer, with the contact and link the log does not keep) if it is sent from this
    /// process's log read before `triggerCommitted` or `triggerFailed` is called.
    public func announceTrigger(id: String, data: [UInt8]) {
        guard log != nil else { return }
        answers.withLock { $0[id] = data }
    }

    /// This process committed the trigger `id` of `account` at `eventID`: its event and every
    /// earlier one not yet sent go to the streams, in id order, before this returns (so before
    /// the POST is answered).
    public func triggerCommitted(account: AccountKey, id: String, eventID: Int64, data: [UInt8]) {
        if log == nil {
            publishTrigger(account: account, eventID: eventID, data: data)
        } else if hasStreams(of: account) {
            deliverTriggers()
        }
        triggerFailed(id: id)
    }

    /// The trigger `id` announced was not stored (or was sent): forgets its data.
    public func triggerFailed(id: String) {
        _ = answers.withLock { $0.removeValue(forKey: id) }
    }

    /// Sends the log's triggers not sent yet, in id order, to the streams of their accounts.
    /// A read that fails leaves them for the next call (each heartbeat makes one).
    public func deliverTriggers() {
        guard log != nil else { return }
        state.withLock { state in
            try? catchUp(&state, before: nil)
            settle(&state)
        }
    }

    /// `deliverTriggers()` on the hub's own queue, for a caller that must not wait (the store's
    /// listener, on another process's trigger); calls meanwhile join the one queued.
    public func deliverTriggersLater() {
        guard log != nil, !feedQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        feed.async { [weak self] in
            self?.feedQueued.store(false, ordering: .releasing)
            self?.deliverTriggers()
        }
    }

    /// Sends the log's triggers after `state.delivered` (and before `end`, when given) to the
    /// streams that have not had them, in id order; `delivered` follows. With no stream open
    /// it reads nothing: a stream that opens later starts at its own place in the log.
    func catchUp(_ state: inout State, before end: Int64?) throws(StorageError) {
        guard let log, state.streams.contains(where: { !$0.stream.isClosed }) else { return }
        while true {
            let page = try log.loggedTriggers(after: state.delivered, before: end, limit: Self.logPage)
            let own = answers.withLock { answers in page.map { answers[$0.trigger.record.id] } }
            for (index, logged) in page.enumerated() {
                let data = own[index] ?? EventsController.replayData(logged.trigger.record)
                send(eventID: logged.trigger.eventID, data: data, to: logged.account, &state)
            }
            if let last = page.last { state.delivered = last.trigger.eventID }
            if page.count < Self.logPage { return }
        }
    }

    /// A new event id for an event other than a trigger, the log's triggers before it sent
    /// first (so no stream gets a lower id after it). nil when the store could give no id or
    /// the log could not be read: the event then goes without an id, which leaves a client's
    /// `Last-Event-ID` where it was (still correct). Under the hub's lock.
    func placeInLog(_ state: inout State) -> Int64? {
        guard let id = try? nextID(&state) else { return nil }
        guard log != nil else { return id }
        do {
            try catchUp(&state, before: id)
        } catch {
            return nil
        }
        state.delivered = max(state.delivered, id)
        return id
    }
}
