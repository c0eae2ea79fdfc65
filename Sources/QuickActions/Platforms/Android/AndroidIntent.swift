/// One `<intent>` of a shortcut: what Android starts when the shortcut is picked. Several form
/// a back stack, the last being what the user sees.
public struct AndroidIntent: Sendable, Hashable {
    /// `android:action`, e.g. `android.intent.action.VIEW`.
    public var action: String?
    /// `android:data`, a URI.
    public var data: String?
    /// `android:mimeType`.
    public var mimeType: String?
    /// `android:targetPackage`.
    public var targetPackage: String?
    /// `android:targetClass`.
    public var targetClass: String?
    /// The `<extra>` children, in order.
    public var extras: [AndroidExtra]
    /// Other `android:` attributes of the `<intent>` element (`android:name`, `android:flags`…),
    /// as written, kept so that an export writes them back.
    public var otherAttributes: [AndroidRawAttribute]

    /// Creates an intent.
    public init(
        action: String?, data: String? = nil, mimeType: String? = nil, targetPackage: String? = nil, targetClass: String? = nil,
        extras: [AndroidExtra] = [], otherAttributes: [AndroidRawAttribute] = []
    ) {
        self.action = action
        self.data = data
        self.mimeType = mimeType
        self.targetPackage = targetPackage
        self.targetClass = targetClass
        self.extras = extras
        self.otherAttributes = otherAttributes
    }
}

/// A named, typed intent extra (`<extra android:name=… android:value=…/>`).
public struct AndroidExtra: Sendable, Hashable {
    /// The key.
    public var name: String
    /// The typed value.
    public var value: AndroidExtraValue

    /// Creates an extra.
    public init(name: String, value: AndroidExtraValue) {
        self.name = name
        self.value = value
    }
}

/// An `android:` attribute kept as written (after XML's own decoding), for writing back.
public struct AndroidRawAttribute: Sendable, Hashable {
    /// The local name, without `android:`.
    public var name: String
    /// The value as the XML file gives it (`aapt`'s escapes not applied).
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// `<capability-binding android:key="actions.intent.…">` with its `<parameter-binding>`s: links
/// the shortcut to an App Actions capability. Kept for the Android output only.
public struct AndroidCapabilityBinding: Sendable, Hashable {
    /// The capability, e.g. `actions.intent.CREATE_MESSAGE`.
    public var key: String
    /// Each `<parameter-binding>`'s `android:` attributes, in order.
    public var parameterBindings: [[AndroidRawAttribute]]

    /// Creates a binding.
    public init(key: String, parameterBindings: [[AndroidRawAttribute]] = []) {
        self.key = key
        self.parameterBindings = parameterBindings
    }
}
