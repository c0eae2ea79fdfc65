import QuickActions

extension Problem {
    /// The problem a `TriggerError` is at the HTTP edge: 410 with a `refresh` link for a gone
    /// contact (the device's items are stale), 409 for an ambiguous name, 422 otherwise.
    init(_ error: TriggerError) {
        switch error {
        case .contactGone:
            self.init(
                .gone, detail: error.description + " The device's quick actions are stale: fetch GET /shortcuts and set them again.",
                extensions: ["refresh": "/shortcuts"])
        case .ambiguousName:
            self.init(.conflict, detail: error.description)
        case .unknownType:
            self = .unprocessable(error.description, field: "type")
        case .missingContact:
            self = .unprocessable(error.description, field: "userInfo")
        }
    }
}
