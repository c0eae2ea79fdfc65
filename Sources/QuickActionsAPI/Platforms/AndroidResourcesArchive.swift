import Cryptography
import HTTPServer
import QuickActions
import Synchronization

/// `GET /shortcuts/android/res.zip`'s archive for one `ShortcutListConfiguration`, built on first use and
/// kept with the setup: it holds the static items only, which change only when a reload
/// replaces the setup (and with it this archive), as the lists' other representations do.
/// Building it takes over a second with thousands of items; a request then costs a lookup.
final class AndroidResourcesArchive: Sendable {
    /// The archive and its strong ETag (a hash of its bytes), or why it cannot be built.
    typealias Built = Result<(bytes: SharedBytes, etag: String), PlatformExportError>

    private let built = Mutex<Built?>(nil)

    /// The archive of `setup`, built by the first caller while the others wait for it.
    func archive(of setup: ShortcutListConfiguration) -> Built {
        built.withLock { built in
            if let built { return built }
            let result: Built
            do throws(PlatformExportError) {
                let bytes = try StaticPlatformExport.androidResourcesZip(setup)
                result = .success((SharedBytes(bytes), "\"" + SHA256.hex(bytes, digits: ShortcutListRenderer.versionDigits) + "\""))
            } catch {
                result = .failure(error)
            }
            built = result
            return result
        }
    }
}
