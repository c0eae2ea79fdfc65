import HTTPServer

extension Problem {
    /// 403: a valid credential that does not open the operation (`detail` says which one would).
    static func wrongCredential(_ detail: String) -> Problem {
        Problem(status: 403, title: "Forbidden", detail: detail, type: "https://quickactiond.dev/problems/wrong-credential")
    }
}
