import HTTPServer
import QuickActions
import StorageCore

/// The whole API surface in one place. Every route here is documented in `openapi.yaml`
/// under the same path and `operationId`, and a test keeps the two in step. A route that
/// neither reads nor writes the store says so (`store: .never`), and so does one that only
/// queues a write (`.queuesWrite`): on PostgreSQL the others run off the HTTP threads
/// (`StoreUse`).
enum Routes {
    static func all(
        contacts: ContactsController, shortcuts: ShortcutsController, triggers: TriggerController, events: EventsController,
        accounts: AccountsController, system: SystemController, scheduled: ScheduledItemsController
    ) -> [Route] {
        let preview = PreviewPageController(settings: shortcuts.settings)
        return [
            Route("GET", "/healthz", "getHealth", access: .open, store: .never, system.getHealth),
            Route("GET", "/readyz", "getReadiness", access: .open, store: .never, system.getReadiness),
            Route("GET", "/metrics", "getMetrics", access: .operations, store: .never, system.getMetrics),
            Route("GET", "/openapi.yaml", "getOpenAPIDocument", access: .anyCredential, store: .never, system.getOpenAPIDocument),

            Route("GET", "/contacts", "listContacts", contacts.listContacts),
            Route("POST", "/contacts", "createContact", store: .queuesWrite, contacts.createContact),
            Route("GET", "/contacts/{id}", "getContact", contacts.getContact),
            Route("PATCH", "/contacts/{id}", "updateContact", contacts.updateContact),
            Route("DELETE", "/contacts/{id}", "deleteContact", contacts.deleteContact),
            Route("POST", "/contacts/{id}/favorite", "favoriteContact", contacts.favoriteContact),
            Route("DELETE", "/contacts/{id}/favorite", "unfavoriteContact", contacts.unfavoriteContact),
            Route("GET", "/contacts/{id}/vcard", "getContactVCard", contacts.getContactVCard),

            Route("GET", "/shortcuts", "listShortcuts", store: .whenNotCached, shortcuts.listShortcuts),
            Route(
                "GET", "/shortcuts/preview.svg", "getShortcutsPreview", store: .whenNotCached,
                shortcuts.getShortcutsPreview),
            Route("GET", "/shortcuts/android/res.zip", "getAndroidResources", store: .never, shortcuts.getAndroidResources),

            Route("GET", "/preview", "getPreviewPage", access: .open, store: .never, preview.getPreviewPage),
            Route("GET", "/preview/app.js", "getPreviewScript", access: .open, store: .never, preview.getPreviewScript),
            Route("GET", "/preview/app.css", "getPreviewStyleSheet", access: .open, store: .never, preview.getPreviewStyleSheet),

            Route("GET", "/scheduled-items", "listScheduledItems", access: .operations, scheduled.listScheduledItems),
            Route("POST", "/scheduled-items", "createScheduledItem", access: .operations, scheduled.createScheduledItem),
            Route("GET", "/scheduled-items/{id}", "getScheduledItem", access: .operations, scheduled.getScheduledItem),
            Route("PATCH", "/scheduled-items/{id}", "updateScheduledItem", access: .operations, scheduled.updateScheduledItem),
            Route("DELETE", "/scheduled-items/{id}", "deleteScheduledItem", access: .operations, scheduled.deleteScheduledItem),

            Route("POST", "/trigger", "postTrigger", triggers.postTrigger),
            Route("GET", "/triggers", "listTriggers", triggers.listTriggers),
            Route("GET", "/triggers/stats", "getTriggerStats", triggers.getTriggerStats),

            Route("GET", "/events", "streamEvents", events.streamEvents),

            Route("POST", "/accounts", "createAccount", access: .admin, accounts.createAccount),
            Route("GET", "/accounts", "listAccounts", access: .admin, accounts.listAccounts),
            Route("GET", "/accounts/{id}", "getAccount", access: .admin, accounts.getAccount),
            Route("DELETE", "/accounts/{id}", "deleteAccount", access: .admin, accounts.deleteAccount),
            Route("POST", "/accounts/{id}/token", "rotateAccountToken", access: .admin, accounts.rotateAccountToken),
        ]
    }
}
