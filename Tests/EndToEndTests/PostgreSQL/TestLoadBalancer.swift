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
        port = try LoopbackSocket.unusedPort()
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
}
