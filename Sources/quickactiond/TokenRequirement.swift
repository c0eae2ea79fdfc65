/// What every bearer token quickactiond is given must be (`--token`, `--admin-token`, their
/// files and environment variables): not empty, and at least `minimumLength` characters.
///
/// An empty token is a mistake (a variable set from a secret that was not there, an empty
/// file), never a way to turn authentication off: that is leaving the token out. A short one
/// can be guessed by anyone who can reach the port.
enum TokenRequirement {
    /// The fewest characters a token may have.
    static let minimumLength = 16

    /// Why `token`, given as `source` (`--token`, `QUICKACTIOND_TOKEN`, "the token file 'F'"),
    /// is refused, or nil when it is not. `withoutToken` says how to run without one. The
    /// message never holds the token.
    static func problem(with token: String, from source: String, withoutToken: String) -> String? {
        if token.isEmpty {
            return "\(source) is empty: an empty token does not turn authentication off (to run without a token, \(withoutToken))"
        }
        guard token.count >= minimumLength else {
            return "\(source) is \(token.count) character(s) long: a token must be at least \(minimumLength) characters "
                + "(for example: openssl rand -hex 32)"
        }
        return nil
    }
}
