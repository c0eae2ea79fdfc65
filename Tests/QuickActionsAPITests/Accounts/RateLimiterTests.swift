import HTTPServer
import Sharding
import Synchronization
import Testing

@testable import QuickActionsAPI

/// A clock the test moves by hand.
private final class ManualClock: Sendable {
    private let now = Mutex<UInt64>(1_000_000_000_000)
    var read: @Sendable () -> UInt64 { { self.now.withLock { $0 } } }
    func advance(nanoseconds: UInt64) { now.withLock { $0 += nanoseconds } }
}

@Suite struct RateLimiterTests {
    @Test func aBurstOfTheLimitPassesAndOneMoreIsRefused() {
        let clock = ManualClock()
        let limiter = RateLimiter(limit: 10, clock: clock.read)
        for expected in (0..<10).reversed() {
            let decision = limiter.take(42)
            #expect(decision.allowed)
            #expect(decision.remaining == expected)
            #expect(decision.retryAfterSeconds == nil)
        }
        let refused = limiter.take(42)
        #expect(!refused.allowed)
        #expect(refused.remaining == 0)
        #expect(refused.retryAfterSeconds == 1)
        // Another key has its own bucket.
        #expect(limiter.take(43).allowed)
    }

    @Test func halfASecondRefillsHalfTheBucket() {
        let clock = ManualClock()
        let limiter = RateLimiter(limit: 100, clock: clock.read)
        while limiter.take(7).allowed {}
        clock.advance(nanoseconds: 500_000_000)
        var passed = 0
        while limiter.take(7).allowed { passed += 1 }
        #expect(passed == 50)
        clock.advance(nanoseconds: 2_000_000_000)
        passed = 0
        while limiter.take(7).allowed { passed += 1 }
        #expect(passed == 100)
    }

    @Test func headersFollowTheDraft() throws {
        let clock = ManualClock()
        let limiter = RateLimiter(limit: 10, clock: clock.read)
        let first = limiter.take(1)
        #expect(first.policyHeader == "\"default\";q=10;w=1")
        #expect(first.rateLimitHeader == "\"default\";r=9;t=1")
        var headers = HTTPHeaders()
        first.addHeaders(to: &headers)
        #expect(headers["RateLimit-Policy"] == "\"default\";q=10;w=1")
        #expect(headers["RateLimit"] == "\"default\";r=9;t=1")
        #expect(headers["Retry-After"] == nil)
        #expect(first.problem == nil)

        for _ in 0..<9 { _ = limiter.take(1) }
        let refused = limiter.take(1)
        let problem = try #require(refused.problem)
        #expect(problem.status == 429)
        #expect(problem.type == "https://quickactiond.dev/problems/rate-limited")
        #expect(problem.headers["Retry-After"] == "1")
        #expect(problem.headers["RateLimit"] == "\"default\";r=0;t=1")
        #expect(problem.headers["RateLimit-Policy"] == "\"default\";q=10;w=1")
    }

    @Test func aSlowLimitWaitsWholeSeconds() {
        // One request per second: the refusal's wait is under a second, rounded up to 1.
        let clock = ManualClock()
        let limiter = RateLimiter(limit: 1, clock: clock.read)
        let first = limiter.take(5)
        #expect(first.allowed && first.remaining == 0 && first.resetSeconds == 1)
        clock.advance(nanoseconds: 400_000_000)
        let refused = limiter.take(5)
        #expect(!refused.allowed && refused.retryAfterSeconds == 1 && refused.resetSeconds == 1)
        clock.advance(nanoseconds: 600_000_000)
        #expect(limiter.take(5).allowed)
    }

    @Test func aMillionKeysTouchedOnceKeepTheMapSmall() {
        let clock = ManualClock()
        let limiter = RateLimiter(limit: 5, clock: clock.read)
        // 1 ms apart: about 1,000 keys are active in any second, so every bucket older than
        // a second is full and may go.
        for key in 0..<Int64(1_000_000) {
            #expect(limiter.take(key).allowed)
            clock.advance(nanoseconds: 1_000_000)
        }
        #expect(limiter.entryCount <= Sharded<Int>.standardCount * RateLimiter.pruneThreshold)
        #expect(limiter.entryCount >= 1_000)
    }

    @Test func concurrentTakersNeverOverdraw() async {
        let clock = ManualClock()
        let limiter = RateLimiter(limit: 1_000, clock: clock.read)
        let allowed = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).reduce(0) { count, _ in count + (limiter.take(99).allowed ? 1 : 0) } }
            }
            return await group.reduce(0, +)
        }
        #expect(allowed == 1_000)
    }
}
