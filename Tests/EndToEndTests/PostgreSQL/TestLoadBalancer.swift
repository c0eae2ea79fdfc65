import Foundation
import Glibc
import TestSupport

/// nginx (Debian nginx-light) as a load balancer on 127.0.0.1 at an ephemeral port in front of
/// quickactiond instances, through scripts/nginx-lb.sh (deploy/nginx-lb.conf.template), as CI and
/// `make run-postgres` run it. Tests use it when `QUICKACTIOND_TEST_NGINX=1`. Always stop it
/// (`defer { balancer.stop() }`); `deinit` stops it as a last resort.
final class TestLoadBalancer {
    /// Whether tests run through nginx: `QUICKACTIOND_TEST_NGINX=1` and a PostgreSQL server to share.
    static var enabled: Bool { ProcessInfo.processInfo.environment["QUICKACTIOND_TEST_NGINX"] == "1" && TestPostgreSQLServer.enabled }

    /// The port nginx listens on (127.0.0.1).
    let port: Int
    private let directory: TemporaryDirectory
    private var stopped = false

    /// Starts nginx in front of `ports` and waits until `GET /readyz` through it answers 200.
    init(balancing ports: [Int]) throws {
        directory = try TemporaryDirectory()
        port = try Self.freePort()
        try RepositoryScript.run("scripts/nginx-lb.sh", ["start", directory.path("lb"), "127.0.0.1:\(port)"] + ports.map(String.init))
        let deadline = Date().addingTimeInterval(10)
        while true {
            if let client = try? RawHTTPConnection(port: port), let answer = try? client.send("GET", "/readyz"), answer.status == 200 { break }
            guard Date() < deadline else {
                stop()
                throw EndToEndError("nginx on 127.0.0.1:\(port) did not answer /readyz with 200 within 10 s")
            }
            usleep(50_000)
        }
    }

    deinit {
        stop()
    }

    /// Stops nginx and waits (5 s at most) until its master has exited, so no nginx outlives the test.
    func stop() {
        guard !stopped else { return }
        stopped = true
        let master = (try? String(contentsOfFile: directory.path("lb/nginx.pid"), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try? RepositoryScript.run("scripts/nginx-lb.sh", ["stop", directory.path("lb")])
        guard let master else { return }
        let deadline = Date().addingTimeInterval(5)
        while kill(master, 0) == 0 && Date() < deadline { usleep(20_000) }
    }

    /// A port nothing listens on now: bound to 0 on 127.0.0.1, read back, closed. nginx takes it a
    /// moment later; another process taking it meanwhile makes the start fail loudly, not wrongly.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw EndToEndError("socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw EndToEndError("bind 127.0.0.1:0: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
