import QuickActions
import Testing

@Suite struct TriggerAPITests {
    @Test func favoriteActionResolvesByContactId() throws {
        let api = try APITestHarness(seed: true)
        let ada = try #require(try api.repository.contacts(named: "Ada Lovelace").first)
        let response = try api.send("POST", "/trigger", json: "{\"type\":\"FavoriteAction\",\"userInfo\":{\"contactId\":\"\(ada.id)\"}}")
        #expect(response.status == 200)
        let answer = try response.object()
        #expect(answer["message"] == "FavoriteAction triggered for Ada Lovelace")
        #expect(answer["type"] == "FavoriteAction")
        #expect(answer["contact"]?.objectValue?["id"] == .string(ada.id))
        #expect(answer["id"]?.stringValue?.isEmpty == false)
        #expect(answer["receivedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:)) != nil)
    }

    @Test func favoriteActionResolvesByUniqueName() throws {
        let api = try APITestHarness(seed: true)
        let response = try api.send("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"Name":"Grace Hopper"}}"#)
        #expect(try response.object()["message"] == "FavoriteAction triggered for Grace Hopper")
        _ = try api.send("POST", "/contacts", json: #"{"name":"Grace Hopper"}"#)
        try api.send("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"Name":"Grace Hopper"}}"#).expectProblem(409)
    }

    @Test func staleFavoriteStillOpensAndDeletedIsGone() throws {
        let api = try APITestHarness(seed: true)
        let ada = try #require(try api.repository.contacts(named: "Ada Lovelace").first)
        _ = try api.send("DELETE", "/contacts/\(ada.id)/favorite")
        let body = "{\"type\":\"FavoriteAction\",\"userInfo\":{\"contactId\":\"\(ada.id)\"}}"
        #expect(try api.send("POST", "/trigger", json: body).status == 200)
        _ = try api.send("DELETE", "/contacts/\(ada.id)")
        let gone = try api.send("POST", "/trigger", json: body)
        try gone.expectProblem(410)
        #expect(gone.text.contains("/shortcuts"))
        try api.send("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"Name":"Nobody"}}"#).expectProblem(410)
        try api.send("POST", "/trigger", json: #"{"type":"FavoriteAction"}"#).expectProblem(422)
    }

    @Test func staticTypesAnswerAndUnknownTypesAre422() throws {
        let api = try APITestHarness(seed: true)
        #expect(try api.send("POST", "/trigger", json: #"{"type":"SearchAction"}"#).object()["message"] == "SearchAction triggered")
        #expect(try api.send("POST", "/trigger", json: #"{"type":"ShareAction","launch":"cold"}"#).object()["launch"] == "cold")
        try api.send("POST", "/trigger", json: #"{"type":"LaunchRocket"}"#).expectProblem(422)
        try api.send("POST", "/trigger", json: #"{"type":"SearchAction","extra":1}"#).expectProblem(400)
        try api.send("POST", "/trigger", json: #"{"type":"SearchAction","launch":"hot"}"#).expectProblem(400)
        try api.send("POST", "/trigger", json: #"{"type":"SearchAction","userInfo":{"a":null}}"#).expectProblem(400)
    }
}
