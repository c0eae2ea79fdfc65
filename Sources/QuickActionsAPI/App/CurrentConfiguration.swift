import Cryptography
import Foundation
import QuickActions
import Sharding
import Synchronization

/// The one holder of the settings in force (`ReloadableConfiguration`): every part of the API that
/// depends on the operator's files reads them here, and a reload replaces them here, whole.
///
/// Two readers, two paths:
/// - Renders, list rebuilds, triggers and the observers read the settings themselves
///   (`current`, `shortcuts`), under a lock: a few times per change, or per write.
/// - Every request reads what it needs of them (the token digests, the languages to negotiate)
///   through `withRequestView`, with one atomic load and no lock, no allocation and no
///   reference count changed: a `RequestView` is read without being retained.
///
/// That is safe because a request view, once current, lives as long as this object: no reader
/// says when it is done with one, so a view replaced by a reload is kept (`ReplaceableReference`),
/// not freed. A view is a few hundred bytes (two digests and the language tags), and a reload that leaves
/// them as they were keeps the current view, so only a reload that changes a token or the set
/// of languages keeps one more.
public final class CurrentConfiguration: Sendable {
    /// What a request reads of the settings.
    final class RequestView: Sendable {
        /// The SHA-256 digest of the service token, if any.
        let serviceTokenDigest: SHA256.Digest?
        /// The SHA-256 digest of the admin token, if any.
        let adminTokenDigest: SHA256.Digest?
        /// The languages of the catalog, if any.
        let languages: LanguageNegotiator?

        init(_ settings: ReloadableConfiguration) {
            serviceTokenDigest = settings.serviceToken.map { SHA256.Digest(hashing: Array($0.utf8)) }
            adminTokenDigest = settings.adminToken.map { SHA256.Digest(hashing: Array($0.utf8)) }
            languages = settings.shortcuts.catalog?.negotiator
        }

        func hasSameContent(as other: RequestView) -> Bool {
            serviceTokenDigest == other.serviceTokenDigest && adminTokenDigest == other.adminTokenDigest && languages == other.languages
        }
    }

    /// An observer of replacements: told the settings before and after.
    public typealias Observer = @Sendable (_ old: ReloadableConfiguration, _ new: ReloadableConfiguration) -> Void

    private let settings: Mutex<ReloadableConfiguration>
    /// The current request view, and every one that was ever current (see the type's comment).
    private let views: ReplaceableReference<RequestView>
    private let observers = Mutex<[Observer]>([])
    /// Held through a whole replacement, observers included: replacements are told in order.
    private let replacing = Mutex(())
    /// Held while a type is checked and taken (see `claimingTypes`).
    private let typeClaims = NSLock()

    /// Holds `settings`.
    public init(_ settings: ReloadableConfiguration) {
        self.settings = Mutex(settings)
        views = ReplaceableReference(RequestView(settings))
    }

    /// The settings in force.
    public var current: ReloadableConfiguration {
        settings.withLock { $0 }
    }

    /// The shortcut setup in force.
    public var shortcuts: ShortcutListConfiguration {
        settings.withLock { $0.shortcuts }
    }

    /// Runs `body` on the current request view, borrowed: no lock, no retain.
    func withRequestView<Result>(_ body: (RequestView) -> Result) -> Result {
        views.withCurrent(body)
    }

    /// The catalog language to answer an `Accept-Language` field with (see
    /// `LanguageNegotiator.negotiate`); nil without a field or a catalog.
    public func negotiate(acceptLanguage: String?) -> String? {
        guard let acceptLanguage else { return nil }
        return withRequestView { $0.languages?.negotiate(acceptLanguage: acceptLanguage) }
    }

    /// Request views kept so far (for tests).
    var viewCount: Int {
        views.keptCount
    }

    /// Calls `observer` after each replacement, in order, on the replacing thread.
    public func onReplace(_ observer: @escaping Observer) {
        observers.withLock { $0.append(observer) }
    }

    /// Runs `body` while no other `claimingTypes` runs. A reload checks its new static types
    /// against the scheduled items and puts them in force in one such call; a scheduled item's
    /// write checks its type against the static types and stores it in another: so neither takes
    /// a type the other has just taken (within this process).
    public func claimingTypes<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        typeClaims.lock()
        defer { typeClaims.unlock() }
        return try body()
    }

    /// Puts `new` in force: requests that begin after this returns see it (the new tokens, not
    /// the old ones), then the observers are told, before this returns.
    public func replace(with new: ReloadableConfiguration) {
        replacing.withLock { _ in
            let old = settings.withLock { settings in
                defer { settings = new }
                return settings
            }
            let candidate = RequestView(new)
            if !views.withCurrent({ $0.hasSameContent(as: candidate) }) { views.replace(with: candidate) }
            observers.withLock { $0 }.forEach { $0(old, new) }
        }
    }
}
