import StorageCore
import Testing

@testable import StoragePostgreSQL

/// The session limits as PostgreSQL reads them, a timeout's cause, and the records that make
/// readiness and the log say what happened once.
@Suite struct PostgreSQLTimeoutTests {
    @Test func limitsAreWholeMillisecondsRoundedUp() {
        #expect(PostgreSQLTimeouts.milliseconds(.seconds(5)) == 5000)
        #expect(PostgreSQLTimeouts.milliseconds(.microseconds(1500)) == 2)
        #expect(PostgreSQLTimeouts.milliseconds(.zero) == 0)
        #expect(PostgreSQLTimeouts.standard.sessionSettings == "SET statement_timeout = 5000; SET lock_timeout = 3000")
    }

    @Test func theProbeWaitsAtMostASecondEvenWithoutLimits() {
        #expect(
            PostgreSQLTimeouts(statement: .seconds(2), lock: .milliseconds(300)).probe
                == PostgreSQLTimeouts(statement: .seconds(1), lock: .milliseconds(300)))
        #expect(PostgreSQLTimeouts.none.probe == PostgreSQLTimeouts(statement: .seconds(1), lock: .seconds(1)))
    }

    @Test(arguments: [("57014", "query_canceled"), ("55P03", "lock_not_available")])
    func aCancelledStatementOrLockWaitIsATimeout(state: String, name: String) {
        let error = StorageError.postgreSQL(state: state, message: "canceling statement")
        #expect(error.cause == .timeout)
        #expect(error.cause.rawValue == "storage-timeout")
        #expect(error.isPostgreSQLTimeout && !error.isPostgreSQLConnectionLoss)
        #expect(error.reason == "SQLSTATE \(state) \(name)")
    }

    @Test func anOutageIsNewsOncePerReasonAndRecoveryOnce() {
        let backoff = PostgreSQLBackoff()
        #expect(!backoff.succeeded(), "reachable from the start")
        #expect(backoff.failed(reason: "password authentication failed"))
        #expect(!backoff.failed(reason: "password authentication failed"))
        #expect(backoff.lastFailure == "password authentication failed")
        #expect(!backoff.allowsAttempt)
        #expect(backoff.failed(reason: "database \"q\" does not exist"))
        #expect(backoff.succeeded())
        #expect(!backoff.succeeded())
        #expect(backoff.lastFailure == nil)
    }

    @Test func aFailureOfAnAttemptBegunBeforeASuccessIsNotRecorded() {
        let backoff = PostgreSQLBackoff()
        let early = ContinuousClock.now
        backoff.succeeded()
        // Begun while the server was still coming up, failed after another attempt succeeded.
        #expect(!backoff.failed(reason: "could not translate host name", began: early))
        #expect(backoff.lastFailure == nil)
        #expect(backoff.allowsAttempt)
        // Begun after the success: news, and readiness sees it.
        #expect(backoff.failed(reason: "could not translate host name"))
        #expect(backoff.lastFailure == "could not translate host name")
    }

    @Test func aTimeoutIsUnhealthyUntilAQuerySucceeds() {
        let health = PostgreSQLQueryHealth()
        #expect(health.recentTimeout == nil)
        health.observe(Result<Int, StorageError>.failure(StorageError.postgreSQLConnection("gone")))
        #expect(health.recentTimeout == nil, "an outage is readiness's own business, not a timeout")
        health.observe(Result<Int, StorageError>.failure(.postgreSQL(state: "55P03", message: "lock timeout")))
        #expect(health.recentTimeout?.sqlState == "55P03")
        health.observe(Result<Int, StorageError>.success(1))
        #expect(health.recentTimeout == nil)
    }
}
