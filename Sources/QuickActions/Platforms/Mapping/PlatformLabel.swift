/// How a label of a `PlatformMapping` (or of an Android shortcut) becomes text in a language.
enum PlatformLabel {
    /// `label`'s text in `table`: `@string/name` is the string `name` (nil when the table lacks
    /// it); any other text is a key of the table, or the text itself when the table lacks it.
    static func text(_ label: String, table: [String: String]?) -> String? {
        if let name = stringName(label) { return table?[name] }
        return table?[label] ?? label
    }

    /// `name` for `@string/name`, or nil.
    static func stringName(_ label: String) -> String? {
        guard let reference = AndroidResourceReference(label), reference.type == "string", reference.package == nil, !reference.isAttribute
        else { return nil }
        return reference.name
    }
}
