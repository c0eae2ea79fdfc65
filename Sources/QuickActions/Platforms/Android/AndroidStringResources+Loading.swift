import Foundation

extension AndroidStringResources {
    /// A string as a file gives it, before references are resolved.
    struct RawEntry {
        var value: AndroidText.StringValue
        var file: String
        var line: Int
    }

    // Measured without it: 41 folders of 8 MiB files took 102 s and 3.3 GB to read; with it,
    // they are refused from their sizes in 0.01 s. Three such folders, under it, still took
    // 15 s and 255 MB in a debug build. The real apps in the tests' fixtures read 13-85 KB.
    /// The most bytes read from all `values*/` folders of one `res/` folder together (each file
    /// also at most `FileContents.maximumBytes`): 32 MiB.
    public static let maximumTotalBytes = 32 << 20

    /// Reads every `values*/*.xml` under `resDirectory`. Throws when the folder cannot be
    /// listed, a values file cannot be read or is not well-formed XML (every such file is
    /// named), or the files together pass `totalLimit` (the folder where they do is named,
    /// from their sizes before any is read, and again as they are read); a string that cannot
    /// be read is recorded in `problems` instead.
    public static func load(resDirectory: String, totalLimit: Int = maximumTotalBytes) throws(AndroidSourceError) -> AndroidStringResources {
        let folders: [String]
        do {
            folders = try FileContents.list(directory: resDirectory).filter { $0 == "values" || $0.hasPrefix("values-") }.sorted()
        } catch {
            throw AndroidSourceError(AndroidSourceProblem(kind: .unreadable, file: resDirectory, reason: error.reason))
        }
        try checkTotalSize(folders: folders, resDirectory: resDirectory, totalLimit: totalLimit)
        var fatal: [AndroidSourceProblem] = []
        var problems: [AndroidSourceProblem] = []
        var skipped: [SkippedLocalizationFile] = []
        // Per language ("" for the default): the plain folders' strings, then the qualified ones'.
        var plain: [String: [String: RawEntry]] = [:]
        var qualified: [String: [String: RawEntry]] = [:]
        // Strings that could not be read, by `language|name`, for the messages of labels using them.
        var unreadable: [String: AndroidSourceProblem] = [:]
        var totalBytes = 0
        for folder in folders {
            let folderPath = (resDirectory as NSString).appendingPathComponent(folder)
            guard let (language, hasOtherQualifiers) = AndroidResourceQualifier.parse(folder: folder) else {
                skipped.append(SkippedLocalizationFile(path: folderPath, reason: "is not a folder name Android reads"))
                continue
            }
            guard let files = try? FileContents.list(directory: folderPath) else { continue }
            for name in files.sorted() where name.hasSuffix(".xml") && !name.hasPrefix(".") {
                let file = (folderPath as NSString).appendingPathComponent(name)
                let strings: [String: RawEntry]
                var fileProblems: [AndroidSourceProblem] = []
                do {
                    strings = try read(file: file, problems: &fileProblems, totalBytes: &totalBytes, totalLimit: totalLimit)
                } catch {
                    fatal += error.problems
                    continue
                }
                guard totalBytes <= totalLimit else { throw tooLarge(folder: folderPath, resDirectory: resDirectory, totalLimit: totalLimit) }
                let key = language ?? ""
                problems += fileProblems
                for problem in fileProblems {
                    if let name = problem.stringName { unreadable["\(key)|\(name)"] = problem }
                }
                if hasOtherQualifiers {
                    qualified[key, default: [:]].merge(strings) { earlier, _ in earlier }
                } else {
                    plain[key, default: [:]].merge(strings) { _, later in later }
                }
            }
        }
        guard fatal.isEmpty else { throw AndroidSourceError(problems: fatal) }
        var raw = plain
        for (language, strings) in qualified { raw[language, default: [:]].merge(strings) { own, _ in own } }

        var resources = AndroidStringResources(
            defaultStrings: [:], languageStrings: [:], problems: problems, skippedFolders: skipped, unresolved: unreadable)
        resources.resolve(raw)
        return resources
    }

    /// Refuses `folders` (of `resDirectory`, in reading order) when the sizes of the values
    /// files Android reads in them pass `totalLimit`, before any is read: a folder of many
    /// large files costs seconds to parse even below the cap.
    private static func checkTotalSize(folders: [String], resDirectory: String, totalLimit: Int) throws(AndroidSourceError) {
        var total = 0
        for folder in folders where AndroidResourceQualifier.parse(folder: folder) != nil {
            let folderPath = (resDirectory as NSString).appendingPathComponent(folder)
            guard let files = try? FileContents.list(directory: folderPath) else { continue }
            for name in files where name.hasSuffix(".xml") && !name.hasPrefix(".") {
                total += FileContents.size(path: (folderPath as NSString).appendingPathComponent(name)) ?? 0
            }
            guard total <= totalLimit else { throw tooLarge(folder: folderPath, resDirectory: resDirectory, totalLimit: totalLimit) }
        }
    }

    private static func tooLarge(folder: String, resDirectory: String, totalLimit: Int) -> AndroidSourceError {
        let limit = totalLimit % (1 << 20) == 0 ? "\(totalLimit >> 20) MiB" : "\(totalLimit) bytes"
        let reason = "brings the values*/ files read under \(resDirectory) past \(limit), the most they may hold together"
        return AndroidSourceError(AndroidSourceProblem(kind: .unreadable, file: folder, reason: reason))
    }

    /// The strings of one values file, its size added to `totalBytes`. A file whose root is
    /// not `<resources>` has none.
    static func read(
        file: String, problems: inout [AndroidSourceProblem], totalBytes: inout Int, totalLimit: Int = maximumTotalBytes
    ) throws(AndroidSourceError) -> [String: RawEntry] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: file)
        } catch {
            throw AndroidSourceError(AndroidSourceProblem(kind: .unreadable, file: file, reason: error.reason))
        }
        totalBytes += bytes.count
        guard totalBytes <= totalLimit else { return [:] }
        return try parse(bytes, file: file, problems: &problems)
    }

    /// The strings of the values file `bytes`, named `file` in problems. A string holding a
    /// control character other than tab, line feed and carriage return (written as `\u001b`,
    /// `&#127;` or raw) is not one Android would skip: it refuses the file (`OperatorText`).
    static func parse(_ bytes: [UInt8], file: String, problems: inout [AndroidSourceProblem]) throws(AndroidSourceError) -> [String: RawEntry] {
        let root: XMLElement
        do {
            root = try XMLReader.parse(bytes)
        } catch {
            throw AndroidSourceError(AndroidSourceProblem(kind: .malformed, file: file, line: error.line, reason: error.reason))
        }
        guard root.name.localName == "resources", root.name.namespaceURI == nil else { return [:] }
        var strings: [String: RawEntry] = [:]
        var refused: [AndroidSourceProblem] = []
        for element in root.elements {
            let isString =
                element.name.namespaceURI == nil
                && (element.name.localName == "string" || (element.name.localName == "item" && element.attribute("type")?.value == "string"))
            guard isString, let name = element.attribute("name")?.value, !name.isEmpty else { continue }
            // `product` variants: the one for no product in particular is what a phone shows.
            if let product = element.attribute("product")?.value, product != "default" { continue }
            do {
                let value = try AndroidText.stringValue(of: element)
                if case .text(let text) = value, let problem = OperatorText.problem(in: text) {
                    refused.append(AndroidSourceProblem(kind: .invalidValue, file: file, line: element.line, stringName: name, reason: problem))
                    continue
                }
                strings[name] = RawEntry(value: value, file: file, line: element.line)
            } catch {
                problems.append(
                    AndroidSourceProblem(kind: .invalidValue, file: file, line: element.line, stringName: name, reason: error.reason))
            }
        }
        guard refused.isEmpty else { throw AndroidSourceError(problems: refused) }
        return strings
    }

    /// Fills the tables from `raw` ("" for the default language), following references.
    private mutating func resolve(_ raw: [String: [String: RawEntry]]) {
        func rawEntry(_ name: String, language: String?) -> RawEntry? {
            for tag in Self.fallbackChain(language) {
                if let entry = raw[tag ?? ""]?[name] { return entry }
            }
            return nil
        }
        for (key, strings) in raw {
            let language: String? = key.isEmpty ? nil : key
            var table: [String: Entry] = [:]
            for (name, entry) in strings {
                var current = entry
                var seen: [String] = [name]
                var failure: String?
                while case .reference(let reference) = current.value {
                    guard reference.type == "string", reference.package == nil, !reference.isAttribute else {
                        failure = "refers to \(reference), which is not one of the app's strings"
                        break
                    }
                    guard !seen.contains(reference.name), seen.count < 32 else {
                        failure = "refers to itself through \((seen + [reference.name]).map { "@string/\($0)" }.joined(separator: " → "))"
                        break
                    }
                    guard let target = rawEntry(reference.name, language: language) else {
                        failure = "refers to \(reference), which no values*/ file defines"
                        break
                    }
                    seen.append(reference.name)
                    current = target
                }
                guard failure == nil, case .text(let text) = current.value else {
                    let problem = AndroidSourceProblem(
                        kind: .undefinedString, file: entry.file, line: entry.line, stringName: name, reason: failure ?? "")
                    problems.append(problem)
                    unresolved["\(key)|\(name)"] = problem
                    continue
                }
                table[name] = Entry(text: text, file: entry.file, line: entry.line)
            }
            if let language {
                // An empty folder gives no configuration at all (aapt writes none for it).
                if !table.isEmpty { languageStrings[language] = table }
            } else {
                defaultStrings = table
            }
        }
        problems.sort { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
    }
}
