import HTTPServer

extension Routes {
    /// A route as `Routes` declares it, before there are controllers to handle it: what the
    /// access check and `openapi.yaml` know of it (method, pattern, operationId, access), and
    /// how its handler and store use are taken from the controllers (`route(for:)`).
    struct Declaration: Sendable {
        let method: String
        let pattern: String
        let operationId: String
        let access: RouteAccess
        let store: StoreUse
        let handler: @Sendable (Routes) -> RouteHandler

        /// A route whose handler needs the store as `store` says (`.always` unless told).
        init(
            _ method: String, _ pattern: String, _ operationId: String, access: RouteAccess = .account, store: StoreUse = .always,
            _ handler: @escaping @Sendable (Routes) -> RouteHandler
        ) {
            self.method = method
            self.pattern = pattern
            self.operationId = operationId
            self.access = access
            self.store = store
            self.handler = handler
        }

        /// The route, handled by `controllers`.
        func route(for controllers: Routes) -> Route {
            Route(method, pattern, operationId, access: access, store: store, handler(controllers))
        }
    }
}
