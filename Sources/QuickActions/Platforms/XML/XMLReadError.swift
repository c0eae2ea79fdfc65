/// Why an XML document was refused: not well-formed, not UTF-8, or beyond what `XMLReader`
/// reads (external entities, entity expansion or nesting past its limits).
struct XMLReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line where the problem was found.
    var line: Int
    /// What is wrong.
    var reason: String

    /// `line N: REASON`.
    var description: String { "line \(line): \(reason)" }
}
