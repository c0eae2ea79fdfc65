import Cryptography
import HTTPServer
import QuickActions
import StorageCore

/// POST /trigger: a device reports that a person picked a quick action.
final class TriggerController: Sendable {
    static let listQuery = ["limit", "type", "contactId"]
    static let noQuery: [String] = []
    /// Where the static types are read, per trigger (a reload may change them).
    let settings: CurrentConfiguration
    let events: EventHub
    let metrics: Metrics
    /// How long answers are kept for retries.
    let idempotencyTTLMilliseconds: Int64
    /// The half-life of the favorites' use scores, which each accepted pick of a favorite's item updates.
    let usageHalfLife: UsageHalfLife
    /// The scheduled items, whose triggers are accepted while they show and for the stale window after.
    let schedule: ScheduleBoard?
    /// For storage failures of the append, answered later, which the handler does not see thrown.
    let logger: RequestLogger

    /// Every operation acts on the request's account: its contacts, its triggers, its streams.
    init(
        settings: CurrentConfiguration, events: EventHub, metrics: Metrics, idempotencyTTLMilliseconds: Int64,
        usageHalfLife: UsageHalfLife = .default, schedule: ScheduleBoard? = nil, logger: RequestLogger
    ) {
        self.schedule = schedule
        self.logger = logger
        self.settings = settings
        self.events = events
        self.metrics = metrics
        self.idempotencyTTLMilliseconds = idempotencyTTLMilliseconds
        self.usageHalfLife = usageHalfLife
    }

    /// Longest `deviceId` accepted.
    static let maxDeviceIdLength = 64

    /// POST /trigger: processed exactly once per `Idempotency-Key`.
    func postTrigger(_ request: APIRequest) throws -> HTTPResponse {
        let key = try Self.idempotencyKey(request)
        let body = try request.jsonObject()
        let trigger = try Self.decode(body)
        let scope = try request.account()
        let store = scope.triggers
        let language = request.http.headers["Accept-Language"]
        guard let key else { return try process(trigger, idempotency: nil, in: scope, acceptLanguage: language) }
        // What a replay under the same key must match (a trigger without a key needs none).
        let digest = SHA256.hex(JSONWriter.bytes(.object(body.fields)))

        // No lock: concurrent duplicates may all get past this check and all resolve (which
        // changes nothing), but the store records one; `append` finds the winner's answer in
        // the same write transaction and the others replay it, in this process or another.
        if let stored = try store.answer(forKey: key) {
            if stored.createdAt < Timestamp(millisecondsSince1970: Timestamp.now().millisecondsSince1970 - idempotencyTTLMilliseconds) {
                try store.purgeAnswers(before: stored.createdAt.advanced(byMilliseconds: 1))
            } else {
                return try Self.replay(stored, digest: digest)
            }
        }
        return try process(trigger, idempotency: (key, digest), in: scope, acceptLanguage: language)
    }

    /// GET /triggers
    func listTriggers(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.listQuery)
        let limit = try request.queryInteger("limit", default: 100, range: 1...1000)
        let type = request.http.queryValue("type")
        let contactId = request.http.queryValue("contactId")
        // No stored type or contact id holds a control character (`TriggerValidator`): such a
        // filter matches nothing, on every backend, without asking the store.
        if [type, contactId].contains(where: { $0.map(TriggerValidator.hasControlCharacter) == true }) {
            return .json(["triggers": .array([])])
        }
        let records = try request.account().triggers.triggers(limit: limit, type: type, contactId: contactId)
        return .json(["triggers": .array(records.map(\.json))])
    }

    /// GET /triggers/stats
    func getTriggerStats(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let scope = try request.account()
        let stats = try scope.triggers.stats()
        var contacts: [JSONValue] = []
        for (contactId, count) in stats.byContact.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            let name = try scope.contacts.get(id: contactId)?.name
            contacts.append(["contactId": .string(contactId), "name": name.map(JSONValue.string) ?? .null, "count": .integer(Int64(count))])
        }
        return .json([
            "total": .integer(Int64(stats.total)),
            "byType": .object(stats.byType.mapValues { .integer(Int64($0)) }),
            "byContact": .array(contacts),
        ])
    }

    /// `acceptLanguage`: the request's, for the `disabledMessage` of a gone contact's item.
    /// `idempotency`: the request's Idempotency-Key and its body's digest, when it has a key.
    private func process(
        _ trigger: Trigger, idempotency: (key: String, digest: String)?, in scope: AccountScope, acceptLanguage: String?
    ) throws -> HTTPResponse {
        let outcome: TriggerOutcome
        if let scheduled = try scheduledOutcome(trigger, in: scope, acceptLanguage: acceptLanguage) {
            outcome = scheduled
        } else {
            outcome = try processed(trigger, in: scope, acceptLanguage: acceptLanguage)
        }
        let receivedAt = Timestamp.now()
        let record = TriggerRecord(
            id: ContactID.generate(at: receivedAt), type: trigger.type, userInfo: trigger.userInfo, launch: trigger.launch,
            deviceId: trigger.deviceId, receivedAt: receivedAt, message: outcome.message, contactId: outcome.contact?.id)
        var answer = record.answerJSON
        if let contact = outcome.contact { answer["contact"] = contact.json }
        if let link = outcome.link { answer["link"] = .string(link) }
        let bytes = JSONWriter.bytes(.object(answer))
        let stored = idempotency.map {
            StoredAnswer(key: $0.key, requestDigest: $0.digest, status: 200, body: bytes, createdAt: record.receivedAt)
        }
        // Answered once stored: an accepted trigger survives kill -9. Meanwhile no thread waits
        // for the commit, so triggers arriving together share one (group commit) and reads are
        // not kept waiting behind them. A favorite's pick counts in its use score in the same
        // transaction (the store checks it is still a favorite).
        let pick = outcome.contact.flatMap { contact in
            trigger.type == ShortcutItemBuilder.favoriteActionType ? UsagePick(contactId: contact.id, at: receivedAt, halfLife: usageHalfLife) : nil
        }
        let pending = DeferredResponse()
        let (metrics, events, logger, account) = (metrics, events, logger, scope.key)
        events.announceTrigger(id: record.id, data: bytes)
        scope.triggers.append(record, answer: stored, pick: pick) { result in
            if case .success(.recorded) = result {} else { events.triggerFailed(id: record.id) }
            switch result {
            case .success(.answered(let winner)):
                do throws(Problem) {
                    pending.complete(try Self.replay(winner, digest: idempotency?.digest ?? ""))
                } catch {
                    pending.complete(error.response)
                }
            case .success(.recorded(let eventID)):
                metrics.countTrigger(type: trigger.type)
                events.triggerCommitted(account: account, id: record.id, eventID: eventID, data: bytes)
                var headers = HTTPHeaders()
                headers.add("Content-Type", "application/json")
                pending.complete(HTTPResponse(status: 200, headers: headers, body: .bytes(bytes)))
            case .failure(let error):
                pending.complete(logger.storageFailure(error, route: "/trigger"))
            }
        }
        return .deferred(pending)
    }

    /// What `TriggerProcessor` makes of `trigger`; its errors as problems (a gone contact's 410
    /// with the message to show on the item).
    private func processed(_ trigger: Trigger, in scope: AccountScope, acceptLanguage: String?) throws -> TriggerOutcome {
        do {
            // Contacts are looked up in the account's own: another account's id or name is not there (410).
            return try TriggerProcessor(builder: settings.shortcuts.builder, contacts: RepositoryContactLookup(repository: scope.contacts))
                .process(trigger)
        } catch let error as TriggerError {
            var problem = Problem(error)
            if case .contactGone = error {
                // What the companion shows on the item a device still has (the app's text, else built in).
                let message = DisabledMessages(catalog: settings.shortcuts.catalog).message(for: .deleted, acceptLanguage: acceptLanguage)
                problem.extensions["disabledMessage"] = .string(message.text)
            }
            throw problem
        }
    }

    /// The outcome of a trigger of a scheduled item (its `userInfo` names one, and its type is
    /// neither a static item's nor `FavoriteAction`): accepted while the item shows in the
    /// account's list and for the stale window after it left it; otherwise (before its window,
    /// after the stale window, an item deleted before it showed, another type, an id no item
    /// has) `410` with the message to show on the item. nil for any other trigger.
    private func scheduledOutcome(_ trigger: Trigger, in scope: AccountScope, acceptLanguage: String?) throws -> TriggerOutcome? {
        let builder = settings.shortcuts.builder
        guard let schedule, case .string(let id)? = trigger.userInfo?[ScheduledItem.idKey],
            trigger.type != ShortcutItemBuilder.favoriteActionType, !builder.isStaticType(trigger.type)
        else { return nil }
        if schedule.acceptsTrigger(of: id, type: trigger.type, by: scope.key, at: schedule.now()) {
            return TriggerOutcome(message: "\(trigger.type) triggered (scheduled item \(id))")
        }
        let message = DisabledMessages(catalog: settings.shortcuts.catalog).message(for: .ended, acceptLanguage: acceptLanguage)
        throw Problem(
            .gone,
            detail:
                "The scheduled item \(id) is no longer in the list. The device's quick actions are stale: fetch GET /shortcuts and set them again.",
            extensions: ["refresh": "/shortcuts", "disabledMessage": .string(message.text)])
    }

    /// The stored answer to a retry, or 422 when the retry's body is not the one answered.
    private static func replay(_ stored: StoredAnswer, digest: String) throws(Problem) -> HTTPResponse {
        guard stored.requestDigest == digest else {
            throw Problem.unprocessable("This Idempotency-Key was used with a different request body; use a new key for a new trigger.")
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Idempotent-Replayed", "true")
        return HTTPResponse(status: stored.status, headers: headers, body: .bytes(stored.body))
    }

    /// The `Idempotency-Key` header: 1-255 visible ASCII characters, or 400.
    static func idempotencyKey(_ request: APIRequest) throws -> String? {
        let values = request.http.headers.values(for: "Idempotency-Key")
        guard let key = values.first else { return nil }
        guard values.count == 1, (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw Problem.badRequest("Idempotency-Key must be one header of 1 to 255 visible ASCII characters.")
        }
        return key
    }

    /// The trigger a request body describes, or 400.
    static func decode(_ body: JSONObject) throws -> Trigger {
        try body.requireKnown(["type", "userInfo", "launch", "deviceId"])
        guard let type = try body.string("type") else {
            throw Problem.badRequest("Field 'type' is required.", extensions: ["field": "type"])
        }
        var userInfo: [String: PropertyListValue]?
        if let object = try body.object("userInfo") {
            guard case .dictionary(let converted)? = PropertyListValue(json: .object(object)) else {
                throw Problem.badRequest("Field 'userInfo' must hold property-list values only (no null).", extensions: ["field": "userInfo"])
            }
            userInfo = converted
        }
        let launch = try body.string("launch")
        let deviceId = try body.string("deviceId")
        let trigger = Trigger(type: type, userInfo: userInfo, launch: launch, deviceId: deviceId)
        // Before anything reads or stores them: the same text is refused on every backend.
        do {
            try TriggerValidator.validate(trigger)
        } catch {
            throw Problem.unprocessable(error.message, field: error.field)
        }
        if let launch, launch != "cold" && launch != "warm" {
            throw Problem.badRequest("Field 'launch' must be 'cold' or 'warm'.", extensions: ["field": "launch"])
        }
        if let deviceId, deviceId.unicodeScalars.count > maxDeviceIdLength || deviceId.isEmpty {
            throw Problem.badRequest("Field 'deviceId' must be 1 to \(maxDeviceIdLength) characters.", extensions: ["field": "deviceId"])
        }
        return trigger
    }
}
