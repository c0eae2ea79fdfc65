extension OpenAPIDocument {
    /// The document's top-level security requirement: every operation needs the bearer token
    /// unless it says otherwise (the probes do).
    static let securedRequirement = "\nsecurity:\n  - bearerAuth: []\n"

    /// The contract as this server serves it at `GET /openapi.yaml`: `openapi.yaml` itself when
    /// a token is required, and without the top-level security requirement when none is (the
    /// default on loopback), so that a client or a contract test reading the served document is
    /// told the truth about the running server. The repository's file stays in the secured form.
    static func served(requiresToken: Bool) -> String {
        guard !requiresToken, let range = yaml.range(of: securedRequirement) else { return yaml }
        return yaml.replacingCharacters(
            in: range,
            with: "\n# This server was started without --token: no operation needs a bearer token.\nsecurity: []\n")
    }
}
