import ArgumentParsing
import QuickActions

extension CommandLineParser {
    /// What `lint` reads: the file, the platforms whose rules apply, and the service's flags that
    /// shape the reading.
    struct LintArguments {
        var file = ""
        var configuration = ServiceConfiguration()
        var platforms: [ShortcutPlatform]?
    }

    /// What `export` reads: where to write, and the service's flags that name the files to read.
    struct ExportArguments {
        var configuration = ServiceConfiguration()
        var out: String?
        var manifest: String?
        var manifestURL: String?
    }

    /// The service's options named `names`, reading into the configuration at `path`.
    static func serviceOptions<Target>(
        _ names: Set<String>, at path: WritableKeyPath<Target, ServiceConfiguration> & Sendable
    ) -> [Option<Target>] {
        options.filter { names.contains($0.name) }.map { $0.scoped(to: path) }
    }

    static let lintParser = CommandParser<LintArguments>(
        command: "lint",
        options: serviceOptions(["--localizations", "--app-name", "--build-setting", "--platforms"], at: \.configuration) + [
            .value("--platform", "ios|android|web|all", help: "check this platform's rules too; repeatable (default: iOS and those --platforms maps)")
            {
                (value: OptionValue, lint: inout LintArguments) throws(UsageError) in
                let chosen = try value.choice(["ios": [ShortcutPlatform.ios], "android": [.android], "web": [.web], "all": ShortcutPlatform.allCases])
                // `all` is every platform, whatever came before it.
                lint.platforms = value.text == "all" ? chosen : (lint.platforms ?? []) + chosen
            },
            .help(),
        ],
        positionals: [Positional("FILE", missing: "lint needs the Info.plist or shortcuts.xml to check") { $0.file = $1 }])

    static let exportSources = serviceOptions(
        ["--shortcuts", "--localizations", "--platforms", "--build-setting", "--app-name"], at: \ExportArguments.configuration)
    static let exportAndroidOptions: [Option<ExportArguments>] = [
        .text("--out", "DIR", help: "the folder to write res/ into (an app's src/main)") { $0.out = $1 }
    ]
    static let exportWebOptions: [Option<ExportArguments>] = [
        .text("--manifest", "FILE", help: "the web app manifest whose shortcuts member to replace") { $0.manifest = $1 },
        .text("--manifest-url", "URL", help: "the manifest's own URL, against which relative URLs resolve") { $0.manifestURL = $1 },
    ]

    /// `lint --help`.
    static var lintUsage: String {
        let lines =
            ["usage: quickactiond lint Info.plist|shortcuts.xml [options]", "", "options:"]
            + UsageText.optionLines(lintParser.options, minimumWidth: 28)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `export --help`.
    static var exportUsage: String {
        let width = (exportAndroidOptions + exportWebOptions + exportSources).map(\.synopsis.count).max() ?? 0
        var lines = [
            "usage: quickactiond export android --out DIR [options]", "       quickactiond export web --manifest FILE [--manifest-url URL] [options]",
            "", "android:",
        ]
        lines += UsageText.optionLines(exportAndroidOptions, minimumWidth: width + 2) + ["", "web:"]
        lines += UsageText.optionLines(exportWebOptions, minimumWidth: width + 2) + ["", "options of both:"]
        lines += UsageText.optionLines(exportSources + [.help()], minimumWidth: width + 2)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses `lint`'s arguments: the Info.plist, and the options that shape its reading.
    static func parseLint(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var lint = LintArguments()
        if try lintParser.parse(arguments, into: &lint) == .help { return .help }
        let configuration = lint.configuration
        return .lint(
            infoPlist: lint.file, localizations: configuration.localizationsPath, appName: configuration.appName,
            buildSettings: configuration.buildSettings, platformsFile: configuration.platformsPath, platforms: lint.platforms)
    }

    /// Parses `export`'s arguments: the platform, where to write, and the source flags.
    static func parseExport(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        let platform = arguments.first ?? ""
        let parser: CommandParser<ExportArguments>
        switch platform {
        case "android": parser = CommandParser(command: "export android", options: exportAndroidOptions + exportSources)
        case "web": parser = CommandParser(command: "export web", options: exportWebOptions + exportSources)
        case "--help", "-h": return .help
        default: throw UsageError("export needs the platform, android or web" + (platform.isEmpty ? "" : ", not '\(platform)'"))
        }
        var export = ExportArguments()
        if try parser.parse(arguments.dropFirst(), into: &export) == .help { return .help }
        if platform == "android" {
            guard let out = export.out else { throw UsageError("export android needs --out DIR, the folder to write res/ into") }
            return .export(ExportCommand(target: .android(outDirectory: out), configuration: export.configuration))
        }
        guard let manifest = export.manifest else { throw UsageError("export web needs --manifest FILE, the manifest to edit") }
        return .export(ExportCommand(target: .web(manifest: manifest, manifestURL: export.manifestURL), configuration: export.configuration))
    }
}
