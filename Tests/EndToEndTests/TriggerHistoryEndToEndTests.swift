import Foundation
import TestSupport
import Testing

/// `GET /triggers` and `GET /triggers/stats`: what people picked, newest first, and counts.
@Suite struct TriggerHistoryEndToEndTests {
    @Test("GET /triggers lists accepted triggers newest first with every field; type, contactId and limit filter")
    func history() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let ada = try server.createContact(name: "Ada Picked", email: "ada@example.com", favorite: true)
        let bob = try server.createContact(name: "Bob Picked", favorite: true)

        let bodies = [
            #"{"type":"SearchAction","launch":"cold","deviceId":"iphone-1"}"#,
            #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(ada.id)"},"launch":"warm","deviceId":"iphone-1"}"#,
            #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(bob.id)"},"launch":"cold"}"#,
            #"{"type":"ShareAction"}"#,
            #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(ada.id)","Name":"Ada Picked"},"deviceId":"ipad-2"}"#,
        ]
        var posted: [TriggerResultBody] = []
        for body in bodies {
            let response = try server.request("POST", "/trigger", json: body)
            try #require(response.status == 200, "\(body): \(response.status) \(response.text)")
            posted.append(try response.decode(TriggerResultBody.self))
        }
        // A refused trigger is not history.
        #expect(try server.request("POST", "/trigger", json: #"{"type":"NoSuchAction"}"#).status == 422)

        let response = try server.request("GET", "/triggers")
        #expect(response.status == 200)
        #expect(response.mediaType == "application/json")
        let records = try response.decode(TriggerListBody.self).triggers
        #expect(records.map(\.id) == posted.reversed().map(\.id), "not newest first")
        let instants = records.compactMap { Expect.date($0.receivedAt) }
        #expect(instants.count == records.count)
        #expect(zip(instants, instants.dropFirst()).allSatisfy { $0 >= $1 }, "receivedAt not descending: \(records.map(\.receivedAt))")

        // Every record carries every field, null when the trigger had none.
        let raw = try #require(try response.jsonObject()["triggers"] as? [[String: Any]])
        for record in raw {
            for field in ["id", "type", "userInfo", "launch", "deviceId", "receivedAt", "message"] {
                #expect(record.keys.contains(field), "record lacks '\(field)': \(record)")
            }
        }
        let share = try #require(records.first { $0.type == "ShareAction" })
        #expect(share.userInfo == nil && share.launch == nil && share.deviceId == nil)
        #expect(share.message == "ShareAction triggered")
        let search = try #require(records.last)
        #expect(
            search
                == TriggerRecordBody(
                    id: posted[0].id, type: "SearchAction", userInfo: nil, launch: "cold", deviceId: "iphone-1", receivedAt: posted[0].receivedAt,
                    message: "SearchAction triggered", contactId: nil))
        let adaFirst = try #require(records.first { $0.id == posted[1].id })
        #expect(adaFirst.userInfo == ["contactId": ada.id])
        #expect(adaFirst.launch == "warm" && adaFirst.deviceId == "iphone-1")
        #expect(adaFirst.message == "FavoriteAction triggered for Ada Picked")
        #expect(records.allSatisfy { Expect.isRFC3339UTC($0.receivedAt) })

        func ids(_ query: String) throws -> [String] {
            let filtered = try server.request("GET", "/triggers" + query)
            try #require(filtered.status == 200, "\(query): \(filtered.status) \(filtered.text)")
            return try filtered.decode(TriggerListBody.self).triggers.map(\.id)
        }
        #expect(try ids("?type=FavoriteAction") == [posted[4].id, posted[2].id, posted[1].id])
        #expect(try ids("?contactId=\(ada.id)") == [posted[4].id, posted[1].id])
        #expect(try ids("?limit=2") == [posted[4].id, posted[3].id])
        #expect(try ids("?type=FavoriteAction&contactId=\(bob.id)&limit=5") == [posted[2].id])
        #expect(try ids("?type=FavoriteAction&limit=1") == [posted[4].id])
        #expect(try ids("?type=NoSuchAction").isEmpty)

        for bad in ["?limit=0", "?limit=1001", "?limit=ten", "?sort=newest"] {
            try Expect.problem(try server.request("GET", "/triggers" + bad), 400)
        }
    }

    @Test("GET /triggers/stats counts per type and per contact")
    func stats() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let empty = try server.request("GET", "/triggers/stats")
        #expect(empty.status == 200)
        #expect(try empty.decode(TriggerStatsBody.self) == TriggerStatsBody(total: 0, byType: [:], byContact: []))

        let ada = try server.createContact(name: "Ada Counted", favorite: true)
        let bob = try server.createContact(name: "Bob Counted", favorite: true)
        let bodies = [
            #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(ada.id)"}}"#,
            #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(bob.id)"}}"#,
            #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(ada.id)"}}"#,
            #"{"type":"FavoriteAction","userInfo":{"Name":"Ada Counted"}}"#,
            #"{"type":"SearchAction"}"#,
            #"{"type":"SearchAction"}"#,
            #"{"type":"ShareAction"}"#,
        ]
        for body in bodies {
            let response = try server.request("POST", "/trigger", json: body)
            try #require(response.status == 200, "\(body): \(response.status) \(response.text)")
        }
        let response = try server.request("GET", "/triggers/stats")
        #expect(response.status == 200)
        #expect(response.mediaType == "application/json")
        let stats = try response.decode(TriggerStatsBody.self)
        #expect(stats.total == 7)
        #expect(stats.byType == ["FavoriteAction": 4, "SearchAction": 2, "ShareAction": 1])
        #expect(
            stats.byContact == [
                .init(contactId: ada.id, name: "Ada Counted", count: 3),
                .init(contactId: bob.id, name: "Bob Counted", count: 1),
            ], "most used first")
        try Expect.problem(try server.request("GET", "/triggers/stats?type=SearchAction"), 400)
    }
}
