import Testing

@testable import HTTPServer

/// The RFC 9112 checks made on a request head before the application sees it.
@Suite struct RequestHeadCheckTests {
    static func check(_ change: (inout RequestHeadCheck) -> Void) -> RequestHeadCheck {
        var check = RequestHeadCheck()
        check.version = "HTTP/1.1"
        check.hosts = 1
        change(&check)
        return check
    }

    @Test func aSoundHeadPasses() {
        #expect(Self.check { _ in }.failure(method: "GET") == nil)
        #expect(
            Self.check {
                $0.firstTransferEncoding = " Chunked "; $0.transferEncodings = 1
            }.failure(method: "POST") == nil)
        #expect(
            Self.check {
                $0.version = "HTTP/1.0"; $0.hosts = 0
            }.failure(method: "GET") == nil)
        #expect(Self.check { $0.authorizations = 1 }.failure(method: "BREW") == nil)
    }

    @Test(arguments: ["", "G(T", "GE T", "GET\u{7F}", "\"GET\"", "GÉT", "GET/"])
    func aMethodThatIsNotATokenIsRefused(method: String) {
        guard case .malformedHead = Self.check({ _ in }).failure(method: method) else {
            Issue.record("\(method.debugDescription) was not refused")
            return
        }
    }

    @Test func headFieldsThatMakeTheRequestAmbiguousAreRefused() {
        let refused: [(String, RequestHeadCheck)] = [
            ("bad name", Self.check { $0.badNames = 1 }),
            ("obs-fold", Self.check { $0.folded = 1 }),
            ("no Host", Self.check { $0.hosts = 0 }),
            ("two Hosts", Self.check { $0.hosts = 2 }),
            ("two Authorizations", Self.check { $0.authorizations = 2 }),
            ("two Content-Lengths", Self.check { $0.contentLengths = 2 }),
            ("two Transfer-Encodings", Self.check { $0.transferEncodings = 2 }),
            (
                "both",
                Self.check {
                    $0.contentLengths = 1; $0.firstContentLength = "2"; $0.transferEncodings = 1; $0.firstTransferEncoding = "chunked"
                }
            ),
            (
                "signed length",
                Self.check {
                    $0.contentLengths = 1; $0.firstContentLength = "+2"
                }
            ),
        ]
        for (label, check) in refused {
            #expect(check.failure(method: "POST") != nil, "\(label)")
        }
    }

    @Test(
        arguments: [
            ("chunked", nil), ("CHUNKED", nil), ("  chunked\t", nil),
            ("chunked, identity", 400), ("chunked, chunked", 400), ("chunked,", 400), (",chunked", 400), ("chu nked", 400), ("", 400),
            ("xchunked", 501), ("gzip", 501), ("gzip, chunked", 501), ("identity", 501), ("deflate,chunked", 501),
        ] as [(String, Int?)])
    func transferCodings(field: String, status: Int?) {
        let failure = RequestHeadCheck.transferCodingFailure(field)
        switch failure {
        case nil: #expect(status == nil, "\(field.debugDescription) passed")
        case .ambiguousFraming: #expect(status == 400, "\(field.debugDescription) was 400")
        case .unsupportedTransferCoding: #expect(status == 501, "\(field.debugDescription) was 501")
        default: Issue.record("\(field.debugDescription): \(String(describing: failure))")
        }
    }
}
