/// The version of quickactiond and of the `quickactions` companion, which ship together: both
/// print it for `--version`.
public enum QuickActionsVersion {
    /// The version, as `quickactiond --version` and `quickactions --version` print it.
    public static let current = "0.1.0"
}
