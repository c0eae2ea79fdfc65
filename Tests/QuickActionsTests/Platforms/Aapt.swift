import Foundation
import TestSupport

@testable import QuickActions

/// Android's resource compiler as Debian packages it (`aapt`, Android 10's, with
/// `android-framework-res`): compiles a `res/` folder and prints what it compiled.
enum Aapt {
    static let executable = "/usr/bin/aapt"
    static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"

    /// Whether both packages are installed.
    static let isInstalled = FileManager.default.isExecutableFile(atPath: executable) && FileManager.default.fileExists(atPath: frameworkResources)
    /// `make test-android` sets `QUICKACTIOND_REQUIRE_AAPT=1`: the checks then run (and fail)
    /// rather than being skipped when aapt is missing.
    static let isRequired = ProcessInfo.processInfo.environment["QUICKACTIOND_REQUIRE_AAPT"] == "1"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs aapt; its standard output and error together.
    static func run(_ arguments: [String], directory: String? = nil) throws -> (status: ChildExit, output: String) {
        let child = try ChildProcess(executable, arguments, directory: directory, output: .pipe, error: .output)
        let output = child.readOutputToEnd()
        let status = child.wait()
        child.closeOutputPipe()
        return (status, String(decoding: output, as: UTF8.self))
    }

    /// Compiles `root/res` with a minimal manifest into `root/out.apk`; throws aapt's output on
    /// any error. Returns what aapt printed (warnings).
    @discardableResult
    static func package(_ root: String) throws -> String {
        let manifest =
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.quickactions"><application/></manifest>"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: root + "/AndroidManifest.xml"))
        let result = try run(
            ["package", "-f", "-M", root + "/AndroidManifest.xml", "-S", root + "/res", "-I", frameworkResources, "-F", root + "/out.apk"])
        guard result.status == .exited(0), !result.output.contains("error") else {
            throw Failure(description: "aapt package \(root) failed (\(result.status)):\n\(result.output)")
        }
        return result.output
    }

    /// The files in the compiled package.
    static func list(_ root: String) throws -> [String] {
        try run(["list", root + "/out.apk"]).output.split(separator: "\n").map(String.init)
    }

    /// Adds `res/values/zz_stub_drawables.xml` declaring every `@drawable/` and `@mipmap/` that
    /// `res/xml*/*.xml` names and the folder does not have (an app's own icons, not exported).
    static func addStubDrawables(_ root: String) throws {
        let res = root + "/res"
        var wanted: [(type: String, name: String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: res).sorted() where folder.hasPrefix("xml") {
            for file in try FileManager.default.contentsOfDirectory(atPath: res + "/" + folder) {
                let text = try String(contentsOfFile: res + "/" + folder + "/" + file, encoding: .utf8)
                for type in ["drawable", "mipmap"] {
                    for part in text.components(separatedBy: "\"@\(type)/").dropFirst() {
                        let name = String(part.prefix { $0 != "\"" })
                        let exists = FileManager.default.fileExists(atPath: "\(res)/\(type)/\(name).xml")
                        if !exists && !wanted.contains(where: { $0 == (type, name) }) { wanted.append((type, name)) }
                    }
                }
            }
        }
        guard !wanted.isEmpty else { return }
        let items = wanted.map { "    <item type=\"\($0.type)\" name=\"\($0.name)\"/>\n" }.joined()
        try FileManager.default.createDirectory(atPath: res + "/values", withIntermediateDirectories: true)
        try Data("<resources>\n\(items)</resources>\n".utf8).write(to: URL(fileURLWithPath: res + "/values/zz_stub_drawables.xml"))
    }

    /// A value as `aapt dump --values resources` prints it.
    enum Value: Equatable {
        case string(String)
        case reference(String)
        case other(String)
    }

    /// Every string resource per configuration (`(default)`, `de`, `pt-rBR`, `v29`…), by name;
    /// references are given by the name of the string they refer to.
    static func strings(_ root: String) throws -> [String: [String: Value]] {
        let dump = try run(["dump", "--values", "resources", root + "/out.apk"]).output
        let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var nameOfID: [String: String] = [:]
        var configs: [String: [String: Value]] = [:]
        var config = ""
        var pending: (id: String, name: String)?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("config "), trimmed.hasSuffix(":") {
                config = String(trimmed.dropFirst(7).dropLast())
            } else if trimmed.hasPrefix("spec resource 0x"), let range = trimmed.range(of: ":string/") {
                let id = String(trimmed.dropFirst(14).prefix(10))
                nameOfID[id] = String(trimmed[range.upperBound...].prefix { $0 != ":" })
            } else if trimmed.hasPrefix("resource 0x"), let range = trimmed.range(of: ":string/") {
                pending = (String(trimmed.dropFirst(9).prefix(10)), String(trimmed[range.upperBound...].prefix { $0 != ":" }))
            } else if let entry = pending {
                pending = nil
                if trimmed.hasPrefix("(string16) \"") || trimmed.hasPrefix("(string8) \"") {
                    let quoted = trimmed.drop { $0 != "\"" }
                    configs[config, default: [:]][entry.name] = .string(unescape(String(quoted.dropFirst().dropLast())))
                } else if trimmed.hasPrefix("(reference) ") {
                    configs[config, default: [:]][entry.name] = .reference(String(trimmed.dropFirst(12)))
                } else {
                    configs[config, default: [:]][entry.name] = .other(trimmed)
                }
            }
        }
        for (config, table) in configs {
            for (name, value) in table {
                if case .reference(let id) = value { configs[config]?[name] = .reference(nameOfID[id] ?? id) }
            }
        }
        return configs
    }

    /// Undoes `ResTable::normalizeForOutput`: `\\`, `\"` and `\n`.
    static func unescape(_ text: String) -> String {
        var output = ""
        var escaped = false
        for character in text {
            if escaped {
                output.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// A `<shortcut>` as `aapt dump xmltree` prints the compiled file.
    struct DumpedShortcut: Equatable {
        var id: String?
        var enabled: Bool?
        /// Resource ids of the labels (`@0x7f…`), by attribute.
        var labels: [String: String] = [:]
        /// Each `<intent>`'s `<extra>`s: name and the printed value (`"text"` or `(type 0x10)0x2a`).
        var extras: [[String: String]] = []
    }

    /// The shortcuts of the compiled `path` (`res/xml-v22/shortcuts.xml` holds the API 25 attributes).
    static func shortcuts(_ root: String, path: String) throws -> [DumpedShortcut] {
        let dump = try run(["dump", "xmltree", root + "/out.apk", path]).output
        var shortcuts: [DumpedShortcut] = []
        var extraName: String?
        for line in dump.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("E: shortcut ") {
                shortcuts.append(DumpedShortcut())
            } else if line.hasPrefix("E: intent ") {
                shortcuts[shortcuts.count - 1].extras.append([:])
            } else if line.hasPrefix("A: android:"), !shortcuts.isEmpty {
                let name = String(line.dropFirst(11).prefix { $0 != "(" })
                let value = String(line[line.index(after: line.firstIndex(of: "=") ?? line.startIndex)...])
                let last = shortcuts.count - 1
                switch name {
                case "shortcutId": shortcuts[last].id = firstQuoted(value)
                case "enabled": shortcuts[last].enabled = value.hasSuffix("0xffffffff")
                case "shortcutShortLabel", "shortcutLongLabel", "shortcutDisabledMessage": shortcuts[last].labels[name] = String(value.dropFirst())
                case "name" where !shortcuts[last].extras.isEmpty: extraName = firstQuoted(value)
                case "value":
                    if let extraName, !shortcuts[last].extras.isEmpty {
                        shortcuts[last].extras[shortcuts[last].extras.count - 1][extraName] =
                            value.hasPrefix("\"") ? "\"" + (firstQuoted(value) ?? "") + "\"" : value
                    }
                default: continue
                }
            }
        }
        return shortcuts
    }

    /// The first `"…"` of `text`, unescaped.
    static func firstQuoted(_ text: String) -> String? {
        guard text.first == "\"" else { return nil }
        var body = ""
        var escaped = false
        for character in text.dropFirst() {
            if escaped {
                body.append("\\")
                body.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return unescape(body)
            } else {
                body.append(character)
            }
        }
        return nil
    }

    /// A label's id (`0x7f…`) to its string name.
    static func stringNames(_ root: String) throws -> [String: String] {
        let dump = try run(["dump", "--values", "resources", root + "/out.apk"]).output
        var names: [String: String] = [:]
        for line in dump.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where line.hasPrefix("spec resource 0x") {
            guard let range = line.range(of: ":string/") else { continue }
            names[String(line.dropFirst(14).prefix(10))] = String(line[range.upperBound...].prefix { $0 != ":" })
        }
        return names
    }
}
