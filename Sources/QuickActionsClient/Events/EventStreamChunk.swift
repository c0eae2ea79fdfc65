/// What one `/events` connection delivers, in order: the response, body pieces, the end.
enum EventStreamChunk: Sendable {
    case response(status: Int)
    case bytes([UInt8])
    case end
}
