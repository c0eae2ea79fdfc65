import StorageCore

/// What reading a connection in pipeline mode gives next, in the order the server answers.
enum PostgreSQLPipelineEvent {
    /// A statement's result (its rows, or `COMMAND_OK`).
    case result(PostgreSQLResult)
    /// A statement failed with this error; the statements after it up to the next sync point are skipped.
    case failed(StorageError)
    /// A statement skipped because one before it, since the last sync point, failed.
    case aborted
    /// The end of one statement's results.
    case endOfStatement
    /// A sync point was reached: the statements before it were committed, or rolled back after an error.
    case sync
}
