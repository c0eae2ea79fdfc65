/// Who a server item (or an experiment) is for. Every part given must match; a part left out
/// (nil) matches everyone.
public struct Audience: Sendable, Hashable {
    /// The platforms it shows on.
    public var platforms: [ShortcutPlatform]? {
        didSet { platformSet = platforms.map(Set.init) }
    }
    /// BCP 47 prefixes of the list language: `en` matches `en` and `en-GB`, never `eng`.
    public var languages: [String]? {
        didSet { foldedLanguages = languages?.map(Self.folded) }
    }
    /// The app versions it shows to.
    public var appVersions: AppVersionRange?
    /// The share of accounts (or devices) it shows to.
    public var rollout: Rollout?

    private var platformSet: Set<ShortcutPlatform>?
    /// `languages` lower-cased, with `_` read as `-` (as `.lproj` folders write `pt_BR`).
    private var foldedLanguages: [String]?

    /// An audience; nil parts match everyone.
    public init(
        platforms: [ShortcutPlatform]? = nil, languages: [String]? = nil, appVersions: AppVersionRange? = nil, rollout: Rollout? = nil
    ) {
        self.platforms = platforms
        self.languages = languages
        self.appVersions = appVersions
        self.rollout = rollout
        platformSet = platforms.map(Set.init)
        foldedLanguages = languages?.map(Self.folded)
    }

    /// Which parts of the audience `context` fails, and its rollout bucket. `defaultGroup` is the
    /// rollout's group when it names none: the item's type.
    public func evaluate(_ context: AudienceContext, defaultGroup: String) -> AudienceDecision {
        var failed: AudienceParts = []
        if let platformSet, !platformSet.contains(context.platform) { failed.insert(.platforms) }
        if let foldedLanguages, !Self.matches(foldedLanguages, context.foldedLanguage) { failed.insert(.languages) }
        if let appVersions, !(context.appVersion.map(appVersions.matches) ?? false) { failed.insert(.appVersions) }
        var bucket: Int?
        if let rollout {
            bucket = rollout.bucket(context, defaultGroup: defaultGroup)
            if !(bucket.map { UnleashBucketing.isInRollout(bucket: $0, percent: rollout.percent) } ?? false) { failed.insert(.rollout) }
        }
        return AudienceDecision(failed: failed, bucket: bucket, rollout: rollout, group: rollout?.group ?? defaultGroup)
    }

    /// Whether `context` is in the audience (`evaluate(…).matches`).
    public func matches(_ context: AudienceContext, defaultGroup: String) -> Bool {
        evaluate(context, defaultGroup: defaultGroup).matches
    }

    /// Whether a prefix in `prefixes` matches `language` on a subtag boundary; both folded.
    static func matches(_ prefixes: [String], _ language: String?) -> Bool {
        guard let language else { return false }
        return prefixes.contains { prefix in
            language.hasPrefix(prefix)
                && (language.utf8.count == prefix.utf8.count || language.utf8.dropFirst(prefix.utf8.count).first == UInt8(ascii: "-"))
        }
    }

    static func folded(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// Equal when the parts given are equal.
    public static func == (lhs: Audience, rhs: Audience) -> Bool {
        lhs.platforms == rhs.platforms && lhs.languages == rhs.languages && lhs.appVersions == rhs.appVersions && lhs.rollout == rhs.rollout
    }

    /// Hashes the parts given.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(platforms)
        hasher.combine(languages)
        hasher.combine(appVersions)
        hasher.combine(rollout)
    }
}

/// A share of accounts or devices, bucketed as Unleash's gradual rollout.
public struct Rollout: Sendable, Hashable {
    /// Whose id a bucket is drawn from.
    public enum Stickiness: String, Sendable, Hashable, CaseIterable {
        /// The account id: the same on every device of the account.
        case account
        /// The device id (`X-Device-Id`).
        case device
    }

    /// The share, 0...100: the buckets 1...percent are in.
    public var percent: Int
    /// The hash's group; nil for the item's type. Items that share a group reach the same people.
    public var group: String?
    /// Whose id is bucketed.
    public var stickiness: Stickiness

    /// A rollout to `percent` of the accounts (or devices).
    public init(percent: Int, group: String? = nil, stickiness: Stickiness = .account) {
        self.percent = percent
        self.group = group
        self.stickiness = stickiness
    }

    /// The bucket (1...100) of the context's stickiness id, or nil when the request has none.
    public func bucket(_ context: AudienceContext, defaultGroup: String) -> Int? {
        let id = stickiness == .account ? context.accountID : context.deviceID
        guard let id, !id.isEmpty else { return nil }
        return UnleashBucketing.rolloutBucket(id: id, group: group ?? defaultGroup)
    }
}

/// What a request tells about who asks: what an audience is matched against.
public struct AudienceContext: Sendable, Hashable {
    /// The request's platform (`?platform`, else iOS).
    public var platform: ShortcutPlatform
    /// The list's language (its `Content-Language`), or nil when unknown.
    public var language: String? {
        didSet { foldedLanguage = language.map(Audience.folded) }
    }
    /// The app's version (`X-App-Version`), or nil when missing or malformed.
    public var appVersion: SemanticVersion?
    /// The account (multi-account mode), or nil.
    public var accountID: String?
    /// The device (`X-Device-Id`), or nil.
    public var deviceID: String?

    private(set) var foldedLanguage: String?

    /// A context; `appVersion` is the header as sent, read once with `SemanticVersion(appVersion:)`.
    public init(platform: ShortcutPlatform, language: String?, appVersion: String?, accountID: String?, deviceID: String?) {
        self.platform = platform
        self.language = language
        self.appVersion = SemanticVersion(appVersion: appVersion)
        self.accountID = accountID
        self.deviceID = deviceID
        foldedLanguage = language.map(Audience.folded)
    }
}

/// The parts of an audience, for saying which failed.
public struct AudienceParts: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `platforms`.
    public static let platforms = AudienceParts(rawValue: 1 << 0)
    /// `languages`.
    public static let languages = AudienceParts(rawValue: 1 << 1)
    /// `appVersions`.
    public static let appVersions = AudienceParts(rawValue: 1 << 2)
    /// `rollout`.
    public static let rollout = AudienceParts(rawValue: 1 << 3)

    /// The parts with their JSON names, in the order an audience lists them.
    public static let named: [(part: AudienceParts, name: String)] = [
        (.platforms, "platforms"), (.languages, "languages"), (.appVersions, "appVersions"), (.rollout, "rollout"),
    ]

    /// The JSON names of the parts in the set, in `named` order.
    public var names: [String] { Self.named.filter { contains($0.part) }.map(\.name) }
}
