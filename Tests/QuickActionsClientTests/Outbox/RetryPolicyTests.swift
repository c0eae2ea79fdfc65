import QuickActionsClient
import Testing

@Suite struct RetryPolicyTests {
    @Test func backoffDoublesUpToTheCapWithFullJitter() {
        let policy = RetryPolicy(initialDelay: 0.5, maximumDelay: 4)
        #expect(policy.delay(afterAttempt: 0, random: 1) == 0.5)
        #expect(policy.delay(afterAttempt: 1, random: 1) == 1)
        #expect(policy.delay(afterAttempt: 2, random: 1) == 2)
        #expect(policy.delay(afterAttempt: 3, random: 1) == 4)
        #expect(policy.delay(afterAttempt: 60, random: 1) == 4)
        #expect(policy.delay(afterAttempt: 3, random: 0.25) == 1)
        #expect(policy.delay(afterAttempt: 3, random: 0) == 0)
    }

    @Test func randomDelaysStayInRange() {
        let policy = RetryPolicy(initialDelay: 0.5, maximumDelay: 30)
        for attempt in 0..<10 {
            let delay = policy.delay(afterAttempt: attempt)
            #expect(delay >= 0 && delay <= min(30, 0.5 * Double(1 << attempt)))
        }
    }
}
