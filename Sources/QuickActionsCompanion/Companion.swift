import Foundation
import QuickActions
import QuickActionsClient

/// `quickactions`: the device companion on a terminal. Exit statuses follow sysexits(3).
///
/// Whatever it prints that it did not write itself (the service's texts, an error's
/// description, a URL) goes through `TerminalText.safe`, and every error line through
/// `TerminalText.redactingUserinfo`.
enum Companion {
    static let usageStatus: Int32 = 64  // EX_USAGE
    static let rejectedStatus: Int32 = 65  // EX_DATAERR: a stale item, or a trigger refused for good
    static let unavailableStatus: Int32 = 69  // EX_UNAVAILABLE: the service is unreachable or too slow (pending triggers kept)
    static let ioStatus: Int32 = 74  // EX_IOERR: the outbox cannot be written
    static let protocolStatus: Int32 = 76  // EX_PROTOCOL: an answer past a size limit, or a redirect to another origin
    static let tokenStatus: Int32 = 77  // EX_NOPERM: the token was refused

    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let options: CompanionOptions
        let url: URL
        do {
            options = try CompanionOptions.parse(arguments, environment: environment)
            if options.command == .help {
                say(CompanionOptions.usage + "\n")
                return 0
            }
            if options.command == .version {
                say("quickactions \(QuickActionsVersion.current)\n")
                return 0
            }
            url = try options.serviceURL()
        } catch {
            say(error: "quickactions: \(TerminalText.safe(error.description))\n\(CompanionOptions.usage)")
            return usageStatus
        }
        let client = QuickActionsClient(baseURL: url, token: options.token)
        switch options.command {
        case .menu: return await menu(options, client)
        case .watch: return await watch(options, client)
        case .trigger, .flush: return await trigger(options, client)
        case .pin, .unpin: return await pin(options, client)
        case .help, .version: return 0
        }
    }

    static func menu(_ options: CompanionOptions, _ client: QuickActionsClient) async -> Int32 {
        do {
            let list = try await client.shortcuts(language: options.language)
            say(MenuRenderer(dark: options.dark).render(list))
            return 0
        } catch {
            return fail(error, options)
        }
    }

    static func watch(_ options: CompanionOptions, _ client: QuickActionsClient) async -> Int32 {
        // Fail fast and clearly when the service is down or the token wrong; after that the
        // stream reconnects by itself.
        let initial = await menu(options, client)
        guard initial == 0 else { return initial }
        do {
            for try await event in client.events() {
                switch event {
                case .shortcuts:
                    // The event's list is untranslated: fetch the language's (a 304 when unchanged).
                    let list = try await client.shortcuts(language: options.language)
                    say("\u{1B}[2J\u{1B}[H" + MenuRenderer(dark: options.dark).render(list))
                case .trigger(let trigger):
                    let safe = TerminalText.safe
                    say("→ \(safe(trigger.message)) (\(trigger.launch.map(safe) ?? "launch not said"), event \(trigger.eventID.map(safe) ?? "-"))\n")
                }
            }
            return 0
        } catch {
            return fail(error, options)
        }
    }

    static func trigger(_ options: CompanionOptions, _ client: QuickActionsClient) async -> Int32 {
        let outbox = TriggerOutbox(directory: URL(fileURLWithPath: options.outbox), client: client)
        await outbox.setPolicy(RetryPolicy(initialDelay: 0.2, maximumDelay: 2, attemptsPerFlush: options.attempts))
        await outbox.onStale { _ in
            await client.forgetLists()
            if let list = try? await client.shortcuts() { say("the list was fetched again (version \(TerminalText.safe(list.version)))\n") }
        }
        if let type = options.type {
            var userInfo: [String: PropertyListValue] = [:]
            if let contactId = options.contactId { userInfo["contactId"] = .string(contactId) }
            if let name = options.name { userInfo["Name"] = .string(name) }
            do {
                let pending = try await outbox.enqueue(
                    type: type, userInfo: userInfo.isEmpty ? nil : userInfo, launch: options.cold ? .cold : .warm, deviceId: options.deviceId)
                say("queued \(TerminalText.safe(type)) (Idempotency-Key \(pending.key)) in \(TerminalText.safe(options.outbox))\n")
            } catch {
                say(error: "quickactions: \(TerminalText.safe("\(error)"))")
                return ioStatus
            }
        }
        let outcomes: [DeliveryOutcome]
        do {
            outcomes = try await outbox.flush()
        } catch {
            say(error: "quickactions: \(TerminalText.safe("\(error)"))")
            return ioStatus
        }
        var status: Int32 = 0
        let safe = TerminalText.safe
        for outcome in outcomes {
            let trigger = outcome.trigger
            let type = safe(trigger.type)
            switch outcome {
            case .delivered(_, let replayed):
                say("delivered \(type)\(replayed ? " (the service had it already: recorded once)" : "")\n")
            case .stale(_, let detail, let disabledMessage):
                say(error: "quickactions: stale item \(type): \(safe(disabledMessage.map { "\($0) (\(detail))" } ?? detail))")
                status = max(status, rejectedStatus)
            case .rejected(_, let code, let detail):
                say(error: "quickactions: the service refused \(type) (\(code)): \(safe(detail))")
                status = max(status, rejectedStatus)
            case .expired:
                say(error: "quickactions: gave up \(type): older than the service's idempotency window, so never sent")
                status = max(status, rejectedStatus)
            case .pending(_, let reason):
                say(error: "quickactions: \(type) not delivered yet (\(safe(reason))); it stays in the outbox: run again to deliver it")
                let refused = reason == QuickActionsClientError.unauthorized.description
                status = max(status, refused ? tokenStatus : unavailableStatus)
            }
        }
        return status
    }

    /// `pin ID` / `unpin ID`: the contact's `pinned`, changed conditionally on the contact as read.
    static func pin(_ options: CompanionOptions, _ client: QuickActionsClient) async -> Int32 {
        guard let id = options.contactId else { return usageStatus }
        let pinning = options.command == .pin
        do {
            let contact = try await pinning ? client.pin(id) : client.unpin(id)
            say("\(pinning ? "pinned" : "unpinned") \(TerminalText.safe(contact.name)) (\(TerminalText.safe(contact.id)))\n")
            return 0
        } catch QuickActionsClientError.status(let status, let detail) where (400..<500).contains(status) {
            let detail = TerminalText.safe(detail)
            say(
                error:
                    "quickactions: the service refused to \(options.command.rawValue) \(TerminalText.safe(id)) (\(status))\(detail.isEmpty ? "" : ": \(detail)")"
            )
            return rejectedStatus
        } catch {
            return fail(error, options)
        }
    }

    /// The message and exit status for a failed call.
    static func fail(_ error: Error, _ options: CompanionOptions) -> Int32 {
        let url = TerminalText.safe(options.url)
        let description = TerminalText.safe("\(error)")
        switch error {
        case QuickActionsClientError.unreachable(let reason):
            say(error: "quickactions: cannot reach the service at \(url) (\(TerminalText.safe(reason)))")
            return unavailableStatus
        case QuickActionsClientError.unauthorized:
            say(error: "quickactions: the service at \(url) refused the token (401): check --token or QUICKACTIONS_TOKEN")
            return tokenStatus
        case QuickActionsClientError.bodyTooLarge, QuickActionsClientError.eventTooLarge, QuickActionsClientError.eventBufferFull,
            QuickActionsClientError.redirectRefused:
            say(error: "quickactions: \(url): \(description)")
            return protocolStatus
        default:
            say(error: "quickactions: \(description)")
            return unavailableStatus
        }
    }

    static func say(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes an error line; the user and password of any URL in it are left out.
    static func say(error text: String) {
        FileHandle.standardError.write(Data((TerminalText.redactingUserinfo(text) + "\n").utf8))
    }
}
