import HTTPServer
import Sharding
import Storage

extension Router {
    /// The whole API over `dependencies` (the routes are listed in `Routes`); also wires the
    /// shortcut list's changes to the `/events` streams.
    public static func api(_ dependencies: Dependencies) -> Router {
        let cache = dependencies.cache
        let events = dependencies.events
        let triggers = dependencies.triggers
        cache.onChange { cache in
            // Rendering a long list costs milliseconds: not for nobody. (A stream that subscribes
            // after this check reads the list as it is then: see `EventHub.subscribe`.)
            guard events.hasStreams else { return }
            let current = cache.versioned(ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false))
            events.publishShortcuts(version: current.version, data: current.representation.body.array)
        }
        return Router(
            routes: Routes.all(
                contacts: ContactsController(repository: dependencies.repository, logger: dependencies.logger),
                shortcuts: ShortcutsController(cache: cache, catalog: dependencies.catalog),
                triggers: TriggerController(
                    repository: dependencies.repository, builder: dependencies.builder, store: dependencies.triggers,
                    events: events, metrics: dependencies.metrics, idempotencyTTLMilliseconds: dependencies.idempotencyTTLSeconds * 1000),
                events: EventsController(hub: events, cache: cache),
                system: SystemController(
                    openAPIDocument: SharedBytes(Array(OpenAPIDocument.served(requiresToken: dependencies.requiresToken).utf8)),
                    repository: dependencies.repository, shortcuts: cache,
                    metrics: dependencies.metrics,
                    extraGauges: { [("event_streams", "Open /events streams.", Double(events.openStreams))] + retentionGauges(triggers) })
            ).map { $0.counted(in: dependencies.metrics.threadRows) })
    }

    /// The stored answers and triggers, which the retention purge keeps in bounds; none when
    /// the store cannot count (the scrape still answers).
    private static func retentionGauges(_ triggers: any TriggerStore) -> [(name: String, help: String, value: Double)] {
        guard let stored = try? triggers.storedCounts() else { return [] }
        return [
            ("quickactiond_idempotency_keys", "Idempotency-Key answers stored (expired ones until the next purge).", Double(stored.answers)),
            ("quickactiond_triggers_stored", "Triggers stored (those past --trigger-retention until the next purge).", Double(stored.triggers)),
        ]
    }
}
