import HTTPServer
import QuickActions

extension ShortcutsController {
    /// GET /shortcuts/android/res.zip: the static items as an Android `res/` folder
    /// (`StaticPlatformExport.androidResources`), the same files `quickactiond export android`
    /// writes, in one ZIP archive. The same for every account (the favorites are not in it); its
    /// ETag hashes the bytes, so a reload that changes the items changes it. Built once per
    /// setup and kept with it (`AndroidResourcesArchive`).
    func getAndroidResources(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery([])
        let archive: SharedBytes
        let etag: String
        switch settings.current.shortcuts.androidResourcesArchive() {
        case .success(let built): (archive, etag) = built
        case .failure(let error):
            throw Problem(
                .conflict,
                detail:
                    "The static items cannot be written as Android resources: \(error.description). Fix --shortcuts, --localizations or --platforms.")
        }
        var headers = HTTPHeaders(capacity: 5)
        headers.add("ETag", etag)
        headers.add("Cache-Control", "no-cache")
        if request.http.headers.ifNoneMatch(matches: etag) { return HTTPResponse(status: 304, headers: headers) }
        headers.add("Content-Type", "application/zip")
        headers.add("Content-Disposition", #"attachment; filename="res.zip""#)
        return HTTPResponse(status: 200, headers: headers, body: .shared(archive))
    }
}
