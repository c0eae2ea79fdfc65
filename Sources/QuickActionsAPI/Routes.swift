import HTTPServer
import QuickActions
import StorageCore

/// The whole API surface in one place. Every route here is documented in `openapi.yaml`
/// under the same path and `operationId`, and a test keeps the two in step. A route that
/// neither reads nor writes the store says so (`store: .never`), and so does one that only
/// queues a write (`.queuesWrite`): on PostgreSQL the others run off the HTTP threads
/// (`StoreUse`). The routes marked `.open` are the paths open without a token
/// (`BearerAuthenticator.openPaths`). A value of `Routes` is the controllers that handle them.
struct Routes {
    let contacts: ContactsController
    let shortcuts: ShortcutsController
    let triggers: TriggerController
    let events: EventsController
    let accounts: AccountsController
    let system: SystemController
    let scheduled: ScheduledItemsController
    let preview: PreviewPageController

    /// Every route of the API.
    static let declared: [Declaration] = [
        Declaration("GET", "/healthz", "getHealth", access: .open, store: .never) { $0.system.getHealth },
        Declaration("GET", "/readyz", "getReadiness", access: .open, store: .never) { $0.system.getReadiness },
        Declaration("GET", "/metrics", "getMetrics", access: .operations, store: .never) { $0.system.getMetrics },
        Declaration("GET", "/openapi.yaml", "getOpenAPIDocument", access: .anyCredential, store: .never) { $0.system.getOpenAPIDocument },

        Declaration("GET", "/contacts", "listContacts") { $0.contacts.listContacts },
        Declaration("POST", "/contacts", "createContact", store: .queuesWrite) { $0.contacts.createContact },
        Declaration("GET", "/contacts/{id}", "getContact") { $0.contacts.getContact },
        Declaration("PATCH", "/contacts/{id}", "updateContact") { $0.contacts.updateContact },
        Declaration("DELETE", "/contacts/{id}", "deleteContact") { $0.contacts.deleteContact },
        Declaration("POST", "/contacts/{id}/favorite", "favoriteContact") { $0.contacts.favoriteContact },
        Declaration("DELETE", "/contacts/{id}/favorite", "unfavoriteContact") { $0.contacts.unfavoriteContact },
        Declaration("GET", "/contacts/{id}/vcard", "getContactVCard") { $0.contacts.getContactVCard },

        Declaration("GET", "/shortcuts", "listShortcuts", store: .whenNotCached) { $0.shortcuts.listShortcuts },
        Declaration("GET", "/shortcuts/preview.svg", "getShortcutsPreview", store: .whenNotCached) { $0.shortcuts.getShortcutsPreview },
        Declaration("GET", "/shortcuts/android/res.zip", "getAndroidResources", store: .never) { $0.shortcuts.getAndroidResources },

        // The preview page's static files hold no data (a browser cannot send a token when it navigates).
        Declaration("GET", "/preview", "getPreviewPage", access: .open, store: .never) { $0.preview.getPreviewPage },
        Declaration("GET", "/preview/app.js", "getPreviewScript", access: .open, store: .never) { $0.preview.getPreviewScript },
        Declaration("GET", "/preview/app.css", "getPreviewStyleSheet", access: .open, store: .never) { $0.preview.getPreviewStyleSheet },

        Declaration("GET", "/scheduled-items", "listScheduledItems", access: .operations) { $0.scheduled.listScheduledItems },
        Declaration("POST", "/scheduled-items", "createScheduledItem", access: .operations) { $0.scheduled.createScheduledItem },
        Declaration("GET", "/scheduled-items/{id}", "getScheduledItem", access: .operations) { $0.scheduled.getScheduledItem },
        Declaration("PATCH", "/scheduled-items/{id}", "updateScheduledItem", access: .operations) { $0.scheduled.updateScheduledItem },
        Declaration("DELETE", "/scheduled-items/{id}", "deleteScheduledItem", access: .operations) { $0.scheduled.deleteScheduledItem },

        Declaration("POST", "/trigger", "postTrigger") { $0.triggers.postTrigger },
        Declaration("GET", "/triggers", "listTriggers") { $0.triggers.listTriggers },
        Declaration("GET", "/triggers/stats", "getTriggerStats") { $0.triggers.getTriggerStats },

        Declaration("GET", "/events", "streamEvents") { $0.events.streamEvents },

        Declaration("POST", "/accounts", "createAccount", access: .admin) { $0.accounts.createAccount },
        Declaration("GET", "/accounts", "listAccounts", access: .admin) { $0.accounts.listAccounts },
        Declaration("GET", "/accounts/{id}", "getAccount", access: .admin) { $0.accounts.getAccount },
        Declaration("DELETE", "/accounts/{id}", "deleteAccount", access: .admin) { $0.accounts.deleteAccount },
        Declaration("POST", "/accounts/{id}/token", "rotateAccountToken", access: .admin) { $0.accounts.rotateAccountToken },
    ]

    /// The routes, handled by these controllers.
    static func all(
        contacts: ContactsController, shortcuts: ShortcutsController, triggers: TriggerController, events: EventsController,
        accounts: AccountsController, system: SystemController, scheduled: ScheduledItemsController
    ) -> [Route] {
        let controllers = Routes(
            contacts: contacts, shortcuts: shortcuts, triggers: triggers, events: events, accounts: accounts, system: system,
            scheduled: scheduled, preview: PreviewPageController(settings: shortcuts.settings))
        return declared.map { $0.route(for: controllers) }
    }
}
