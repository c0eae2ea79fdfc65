import Foundation
import TestSupport
import Testing

/// `quickactiond export android|web` and `GET /shortcuts/android/res.zip`, run on the real binary.
@Suite struct PlatformExportEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("QuickActionsTests/Fixtures").path

    /// Runs `quickactiond ARGUMENTS` in `directory` to its end: its exit, stdout and stderr.
    static func quickactiond(_ arguments: [String], in directory: TemporaryDirectory) throws -> (exit: ChildExit?, output: String, error: String) {
        let output = directory.path("out-\(UUID().uuidString).log")
        let error = directory.path("err-\(UUID().uuidString).log")
        let exit = try ChildProcess.run(
            try ServerProcess.binary().path, arguments, directory: directory.url.path, output: .file(output), error: .file(error), seconds: 30)
        return (
            exit, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "", (try? String(contentsOfFile: error, encoding: .utf8)) ?? ""
        )
    }

    /// Every file under `root`, by path relative to it.
    static func files(under root: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            }
        }
        return files
    }

    @Test("export android writes res/ from the Info.plist and its translations; aapt compiles it; res.zip holds the same files")
    func exportAndroidAndTheZipAgree() throws {
        let directory = try TemporaryDirectory()
        let source = ["--shortcuts", Self.fixtures + "/Info.plist", "--localizations", Self.fixtures + "/Localizations"]
        let run = try Self.quickactiond(["export", "android", "--out", directory.path("app")] + source, in: directory)
        #expect(run.exit == .exited(0), "\(run.error)")
        #expect(run.output.contains("wrote"), "\(run.output)")
        let written = try Self.files(under: directory.path("app"))
        #expect(written["res/xml/shortcuts.xml"] != nil && written["res/values/quickactions_strings.xml"] != nil, "\(written.keys.sorted())")
        #expect(
            written["res/values-de/quickactions_strings.xml"] != nil && written["res/values-pt-rBR/quickactions_strings.xml"] != nil,
            "\(written.keys.sorted())")

        if FileManager.default.isExecutableFile(atPath: "/usr/bin/aapt")
            && FileManager.default.fileExists(atPath: "/usr/share/android-framework-res/framework-res.apk")
        {
            try #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.x"><application/></manifest>"#
                .write(toFile: directory.path("AndroidManifest.xml"), atomically: true, encoding: .utf8)
            let aapt = try ChildProcess.run(
                "/usr/bin/aapt",
                [
                    "package", "-f", "-M", directory.path("AndroidManifest.xml"), "-S", directory.path("app/res"), "-I",
                    "/usr/share/android-framework-res/framework-res.apk", "-F", directory.path("out.apk"),
                ], error: .file(directory.path("aapt.log")), seconds: 60)
            #expect(aapt == .exited(0), "\((try? String(contentsOfFile: directory.path("aapt.log"), encoding: .utf8)) ?? "")")
        }

        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"] + source)
        defer { server.stop() }
        let zip = try server.request("GET", "/shortcuts/android/res.zip")
        try #require(zip.status == 200, "\(zip.status) \(zip.text)")
        #expect(zip.header("Content-Type") == "application/zip")
        try Data(zip.body).write(to: URL(fileURLWithPath: directory.path("res.zip")))
        let unzip = try ChildProcess.run(
            "/usr/bin/env",
            [
                "python3", "-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2])",
                directory.path("res.zip"), directory.path("unzipped"),
            ], error: .file(directory.path("unzip.log")), seconds: 30)
        #expect(unzip == .exited(0), "\((try? String(contentsOfFile: directory.path("unzip.log"), encoding: .utf8)) ?? "")")
        #expect(try Self.files(under: directory.path("unzipped")) == written, "the archive holds exactly what export android writes")
        let etag = try #require(zip.header("ETag"))
        #expect(try server.request("GET", "/shortcuts/android/res.zip", headers: [("If-None-Match", etag)]).status == 304)
    }

    @Test("export web replaces only the shortcuts member, in place; a URL outside the scope is refused naming the item, the file untouched")
    func exportWebEditsInPlaceOrNotAtAll() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.path("manifest.json")
        let original = #"{"name": "Demo", "start_url": "/app/", "scope": "/app/", "shortcuts": [], "display": "standalone"}"#
        try original.write(toFile: manifest, atomically: true, encoding: .utf8)
        let mapping = directory.path("platforms.json")
        try #"{"web": {"items": {"SearchAction": {"url": "/app/search"}, "ShareAction": {"url": "/app/share"}}}}"#
            .write(toFile: mapping, atomically: true, encoding: .utf8)
        let run = try Self.quickactiond(
            ["export", "web", "--manifest", manifest, "--manifest-url", "https://example.com/manifest.json", "--platforms", mapping], in: directory)
        #expect(run.exit == .exited(0), "\(run.error)")
        let edited = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(edited.hasPrefix(#"{"name": "Demo", "start_url": "/app/", "scope": "/app/", "shortcuts": ["#), "\(edited)")
        #expect(edited.hasSuffix(#"], "display": "standalone"}"#), "\(edited)")
        #expect(edited.contains(#""url":"/app/search""#) || edited.contains(#""url": "/app/search""#), "\(edited)")

        try #"{"web": {"items": {"SearchAction": {"url": "/app/search"}, "ShareAction": {"url": "/elsewhere"}}}}"#.write(
            toFile: mapping, atomically: true, encoding: .utf8)
        let refused = try Self.quickactiond(
            ["export", "web", "--manifest", manifest, "--manifest-url", "https://example.com/manifest.json", "--platforms", mapping], in: directory)
        #expect(refused.exit == .exited(1))
        #expect(refused.error.contains("ShareAction") && refused.error.contains("scope"), "\(refused.error)")
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == edited, "a refused export changes nothing")
    }

    @Test("export web writes the names in the manifest's own lang, matched like an Accept-Language; without one, the development language")
    func exportWebSpeaksTheManifestsLanguage() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.path("manifest.json")
        let source = ["--shortcuts", Self.fixtures + "/Info.plist", "--localizations", Self.fixtures + "/Localizations"]
        try #"{"name": "Demo", "lang": "de-AT", "start_url": "/"}"#.write(toFile: manifest, atomically: true, encoding: .utf8)
        let german = try Self.quickactiond(["export", "web", "--manifest", manifest] + source, in: directory)
        #expect(german.exit == .exited(0) && german.output.contains("(de)"), "\(german.output) \(german.error)")
        let edited = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(edited.contains(#""name":"Suchen""#) && edited.contains(#""name":"Teilen""#), "\(edited)")
        #expect(edited.hasPrefix(#"{"name": "Demo", "lang": "de-AT", "start_url": "/""#), "\(edited)")

        try #"{"name": "Demo", "start_url": "/"}"#.write(toFile: manifest, atomically: true, encoding: .utf8)
        let plain = try Self.quickactiond(["export", "web", "--manifest", manifest] + source, in: directory)
        #expect(plain.exit == .exited(0), "\(plain.error)")
        let english = try String(contentsOfFile: manifest, encoding: .utf8)
        // The fixture's development region is an unset build setting: iOS then reads Base.lproj.
        #expect(english.contains(#""name":"Base search""#) && !english.contains("Suchen"), "\(english)")
    }

    @Test("export without its destination is a usage error")
    func exportNeedsADestination() throws {
        let directory = try TemporaryDirectory()
        let android = try Self.quickactiond(["export", "android"], in: directory)
        #expect(android.exit == .exited(2) && android.error.contains("--out DIR"), "\(android.error)")
        let web = try Self.quickactiond(["export", "web", "--out", "x"], in: directory)
        #expect(web.exit == .exited(2) && web.error.contains("'--out'"), "\(web.error)")
        let other = try Self.quickactiond(["export", "windows"], in: directory)
        #expect(other.exit == .exited(2), "\(other.error)")
    }

    @Test("Static items Android cannot hold: export android fails naming the item, res.zip is a 409 problem, the other lists still serve")
    func itemsAndroidCannotHold() throws {
        let directory = try TemporaryDirectory()
        // shortcuts.xml's extras are 32-bit: a userInfo integer past that has no static form.
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>SearchAction</string>
        <key>UIApplicationShortcutItemTitle</key><string>Search</string>
        <key>UIApplicationShortcutItemUserInfo</key><dict><key>count</key><integer>9999999999</integer></dict>
        </dict></array></dict></plist>
        """.write(toFile: directory.path("Info.plist"), atomically: true, encoding: .utf8)
        let source = ["--shortcuts", directory.path("Info.plist")]
        let run = try Self.quickactiond(["export", "android", "--out", directory.path("app")] + source, in: directory)
        #expect(run.exit == .exited(1), "\(run.error)")
        #expect(run.error.contains("item 0 (SearchAction)") && run.error.contains("\"count\""), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("app/res/xml/shortcuts.xml")), "nothing half-written")

        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"] + source)
        defer { server.stop() }
        let zip = try server.request("GET", "/shortcuts/android/res.zip")
        #expect(zip.status == 409, "\(zip.status) \(zip.text)")
        #expect(zip.header("Content-Type") == "application/problem+json")
        #expect(zip.text.contains("item 0 (SearchAction)") && zip.text.contains("\\\"count\\\""), "\(zip.text)")
        // The dynamic Android list has a typed long extra for it, and iOS has no limit there.
        let android = try server.request("GET", "/shortcuts?platform=android")
        #expect(android.status == 200 && android.text.contains(#""type":"long""#), "\(android.text)")
        #expect(try server.request("GET", "/shortcuts").status == 200)
    }
}
