import Foundation

/// Expands build settings in the strings of Info.plist values, and remembers each reference
/// it could not expand, with the key and item it was found in.
struct InfoPlistExpander {
    struct Finding {
        var index: Int?
        var key: String
        var text: String
        var reference: UnexpandedBuildSetting
    }

    let settings: BuildSettings
    var findings: [Finding] = []

    init(settings: BuildSettings) {
        self.settings = settings
    }

    /// `value` with its strings expanded: dictionaries and arrays walked, other values as they are.
    mutating func expand(_ value: Any, key: String, index: Int?) -> Any {
        if let dictionary = value as? [String: Any] {
            var expanded: [String: Any] = [:]
            // In key order: the findings (and so the list's version) are the same on every run.
            for (name, element) in dictionary.sorted(by: { $0.key < $1.key }) {
                // Item keys are named alone; userInfo keys as a path under their key.
                let path = key == ShortcutInfoPlistKey.items ? name : "\(key).\(name)"
                expanded[name] = expand(element, key: path, index: index)
            }
            return expanded
        }
        if let array = value as? [Any], !(value is String) {
            return array.enumerated().map { expand($1, key: "\(key)[\($0)]", index: index) }
        }
        if type(of: value) != Bool.self, let string = value as? String {
            return expandString(string, key: key, index: index)
        }
        return value
    }

    mutating func expandString(_ string: String, key: String, index: Int?) -> String {
        let (text, unexpanded) = settings.expand(string)
        findings += unexpanded.map { Finding(index: index, key: key, text: string, reference: $0) }
        return text
    }
}
