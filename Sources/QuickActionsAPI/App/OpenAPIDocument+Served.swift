extension OpenAPIDocument {
    /// The document's top-level security requirement: every operation needs the bearer token
    /// unless it says otherwise (the probes do).
    static let securedRequirement = "\nsecurity:\n  - bearerAuth: []\n"

    /// The requirement of the operations that take either scheme (`/metrics`, `/openapi.yaml`):
    /// the service token in single-account mode, the admin token (or, for `/openapi.yaml`, an
    /// account token too) in multi-account mode. An operation's own requirement overrides the
    /// top-level one, so the open document must clear these as well.
    static let eitherTokenRequirement = "\n      security:\n        - bearerAuth: []\n        - adminToken: []\n"

    /// The contract as this server serves it at `GET /openapi.yaml`: `openapi.yaml` itself when
    /// a token is required, and without the top-level security requirement when none is (the
    /// default on loopback), so that a client or a contract test reading the served document is
    /// told the truth about the running server. The repository's file stays in the secured form.
    /// (The `/accounts` operations keep their `adminToken` requirement: without a token there is
    /// no multi-account mode, so no admin token either.)
    static func served(requiresToken: Bool) -> String {
        guard !requiresToken, let range = yaml.range(of: securedRequirement) else { return yaml }
        return yaml.replacingCharacters(
            in: range,
            with: "\n# This server was started without --token: no operation needs a bearer token.\nsecurity: []\n"
        ).replacing(eitherTokenRequirement, with: "\n      security: []\n")
    }
}
