/// The parts of a usage text the options give.
public enum UsageText {
    /// One line per option, `  --port PORT  help`, the help lines aligned at least two columns
    /// after the longest synopsis and at column `minimumWidth + 2` or later.
    public static func optionLines<Target>(_ options: [Option<Target>], minimumWidth: Int = 0) -> [String] {
        let width = max(minimumWidth, (options.map(\.synopsis.count).max() ?? 0) + 2)
        return options.map { option in
            "  " + option.synopsis + String(repeating: " ", count: max(width - option.synopsis.count, 0)) + option.help
        }
    }
}
