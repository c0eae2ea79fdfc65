import Foundation
import QuickActions
import QuickActionsAPI

/// Runs `quickactiond export`: reads the files as the service does, then writes the Android
/// `res/` folder or edits the web manifest. Every file is written whole or not at all
/// (`FileReplacement`: a temporary file renamed over it, through symbolic links, keeping its mode
/// and owner), and nothing is written when anything fails.
enum PlatformExporter {
    /// Runs `command`, prints what it did or why it failed, and returns the exit status: 0 when
    /// written, 1 when a file cannot be read or the items cannot be written as asked.
    static func run(_ command: ExportCommand) -> Int32 {
        do {
            let files = try OperatorFiles.load(command.configuration)
            let setup = Service.setup(files, command.configuration)
            switch command.target {
            case .android(let directory): try writeAndroid(setup, to: directory)
            case .web(let manifest, let manifestURL): try editWeb(setup, manifest: manifest, manifestURL: manifestURL)
            }
            return 0
        } catch {
            Console.error("quickactiond export: \(error)\n")
            return 1
        }
    }

    /// Writes `res/…` under `directory` (created when missing), all or nothing, replacing and
    /// removing only the export's own files (`AndroidResourceInstall`).
    static func writeAndroid(_ setup: ShortcutListConfiguration, to directory: String) throws {
        let files = try StaticPlatformExport.androidResources(setup)
        let install = try AndroidResourceInstall(files: files, under: directory)
        let removed = try install.perform()
        var report = "wrote \(files.count) file(s) under \(install.path("res"))\n"
        for path in removed { report += "removed \(install.path(path)) (no longer exported)\n" }
        Console.out(report)
    }

    /// Replaces the `shortcuts` member of the manifest at `path`, keeping the rest of it as it was.
    static func editWeb(_ setup: ShortcutListConfiguration, manifest path: String, manifestURL: String?) throws {
        let original: [UInt8]
        do {
            original = try FileContents.read(path: path)
        } catch {
            throw WebManifestError(path: path, reason: error.reason)
        }
        // The member is written in the manifest's own `lang` (negotiated as a request's
        // Accept-Language is), else in the development language.
        let language = WebManifestEdit.language(of: original).flatMap { setup.catalog?.negotiate(acceptLanguage: $0) }
        let (shortcuts, warnings) = StaticPlatformExport.webShortcuts(setup, language: language)
        let edited = try WebManifestEdit.replacingShortcuts(in: original, with: shortcuts, source: path, manifestURL: manifestURL)
        try FileReplacement.prepare(edited, at: path).commit()
        var report = "wrote \(shortcuts.count) shortcut(s) into \(path)\(language.map { " (\($0))" } ?? "")\n"
        for warning in warnings where warning.rule != "web-url-out-of-scope" { report += "\(path): \(warning)\n" }
        Console.out(report)
    }
}
