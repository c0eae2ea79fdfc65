extension QuickActionsClient {
    /// What the client accepts from a service, so that a broken or hostile one can neither make
    /// it hold unbounded memory nor keep it waiting for ever. Each limit, when passed, ends the
    /// call (or the event stream) with its own `QuickActionsClientError`.
    ///
    /// The defaults fit the largest lists a service holds with room to spare: 10,000 favorites
    /// (a multi-account service's default cap per account) make a `GET /shortcuts` body of
    /// about 2 MB with 24-character names, about 9 MB at the name limit of 100 characters in a
    /// two-byte script (Greek).
    public struct Limits: Sendable, Equatable {
        /// Largest answer body (`GET /shortcuts`, `POST /trigger`), in bytes; 16 MiB. A declared
        /// `Content-Length` past it is refused before the body is read; a body without one is
        /// cut off as it passes it (`.bodyTooLarge`).
        public var maxBodyBytes: Int
        /// Largest event of `/events` (one line, or the data of one event), in bytes; 16 MiB,
        /// as for a body, since a `shortcuts` event carries the whole list (`.eventTooLarge`).
        public var maxEventBytes: Int
        /// Most bytes of `/events` received and not yet taken by the consumer of `events()`,
        /// in bytes; 32 MiB, two of the largest events. Events are read and decoded as the
        /// consumer asks for them, so these bytes are all the stream holds besides the event
        /// being read. When a consumer falls that far behind, the stream is not allowed to
        /// grow: it ends with `.eventBufferFull`, and the consumer resumes with
        /// `events(lastEventID:)` from the last event it handled (the service replays the
        /// trigger events it missed, and sends the list as it is now). Keep it above
        /// `maxEventBytes`.
        public var maxBufferedEventBytes: Int
        /// Longest a request may take from start to the end of its body, in seconds; 30 s,
        /// however steadily the service trickles its answer (`.deadlineExceeded`). On
        /// `/events`, which is meant to stay open, the longest wait for the stream's answer to
        /// begin.
        public var requestDeadline: Double
        /// Longest a request may wait for the next byte of its answer, in seconds; 15 s
        /// (`.unreachable`).
        public var idleTimeout: Double
        /// Longest an `/events` connection may stay silent, in seconds; 45 s. The service sends
        /// a heartbeat every 10 s, so a silent connection is dead: it is closed, and the stream
        /// reconnects as after any other drop.
        public var eventStreamIdleTimeout: Double

        /// The limits, each defaulting as documented on its property.
        public init(
            maxBodyBytes: Int = 16 << 20, maxEventBytes: Int = 16 << 20, maxBufferedEventBytes: Int = 32 << 20, requestDeadline: Double = 30,
            idleTimeout: Double = 15, eventStreamIdleTimeout: Double = 45
        ) {
            self.maxBodyBytes = maxBodyBytes
            self.maxEventBytes = maxEventBytes
            self.maxBufferedEventBytes = maxBufferedEventBytes
            self.requestDeadline = requestDeadline
            self.idleTimeout = idleTimeout
            self.eventStreamIdleTimeout = eventStreamIdleTimeout
        }
    }
}
