import CMicroHTTPD
import Glibc
import Sharding
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: one polling thread per pool member (epoll),
/// requests answered synchronously by an `HTTPRequestHandler`.
public final class HTTPServer: Sendable {
    /// The port actually bound (useful when the configuration asked for 0).
    public let port: Int
    /// The address bound, as configured.
    public let host: String

    private let context: ServerContext
    private let daemon: Mutex<DaemonHandle?>

    /// Binds the listening socket and starts serving. Each of the server's threads claims a row
    /// of `threadRows` (by default rows for `configuration.threads`): pass the rows the
    /// handler's per-thread replicas use.
    public init(configuration: HTTPServerConfiguration, handler: any HTTPRequestHandler, threadRows: ThreadRows? = nil) throws(HTTPServerError) {
        let listener = try ListeningSocket(host: configuration.host, port: configuration.port, backlog: max(128, configuration.maxConnections))
        context = ServerContext(
            handler: handler, maxBodyBytes: configuration.maxBodyBytes, maxHeaderBytes: configuration.maxHeaderBytes,
            maxConnections: max(1, configuration.maxConnections), maxConnectionsPerOwner: configuration.maxConnectionsPerOwner,
            threadRows: threadRows ?? ThreadRows(ownRows: max(1, configuration.threads)))
        // libmicrohttpd stops accepting at its limit, and a client past it waits in the listen
        // backlog until some connection closes (an idle one after --idle-timeout): a health
        // probe then times out instead of learning the server is full. So libmicrohttpd's
        // limit is higher by a reserve, and a connection accepted into the reserve gets a 503
        // at once and is closed. Only past the reserve too does a client wait.
        let hardLimit = Self.hardConnectionLimit(configuration.maxConnections)
        Self.raiseDescriptorLimit(to: hardLimit + 64)
        let contextPointer = Unmanaged.passRetained(context).toOpaque()

        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: MHD_OPTION.LISTEN_SOCKET, value: Int(listener.descriptor), ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.THREAD_POOL_SIZE, value: max(1, configuration.threads), ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.CONNECTION_LIMIT, value: hardLimit, ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.CONNECTION_TIMEOUT, value: max(0, configuration.idleTimeoutSeconds), ptr_value: nil),
            // The memory pool holds the request head and read buffer: headers beyond it are refused.
            MHD_OptionItem(option: MHD_OPTION.CONNECTION_MEMORY_LIMIT, value: max(configuration.maxHeaderBytes, 4096) + 8192, ptr_value: nil),
            // Callback options: `value` carries the function, `ptr_value` its closure.
            MHD_OptionItem(
                option: MHD_OPTION.URI_LOG_CALLBACK,
                value: Int(bitPattern: unsafeBitCast(MHDBridge.requestStarted, to: UnsafeMutableRawPointer.self)),
                ptr_value: contextPointer),
            MHD_OptionItem(
                option: MHD_OPTION.NOTIFY_COMPLETED,
                value: Int(bitPattern: unsafeBitCast(MHDBridge.requestCompleted, to: UnsafeMutableRawPointer.self)),
                ptr_value: contextPointer),
            MHD_OptionItem(
                option: MHD_OPTION.NOTIFY_CONNECTION,
                value: Int(bitPattern: unsafeBitCast(MHDBridge.connectionEvent, to: UnsafeMutableRawPointer.self)),
                ptr_value: contextPointer),
            MHD_OptionItem(option: MHD_OPTION.END, value: 0, ptr_value: nil),
        ]
        // Suspend/resume lets a stream wait for data without holding a thread.
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let started = options.withUnsafeMutableBufferPointer { buffer in
            qa_mhd_start(UInt32(flags), MHDBridge.access, contextPointer, buffer.baseAddress)
        }
        guard let started else {
            Unmanaged<ServerContext>.fromOpaque(contextPointer).release()
            listener.close()
            throw HTTPServerError(description: "libmicrohttpd could not start on \(configuration.host):\(listener.port)")
        }
        daemon = Mutex(DaemonHandle(pointer: started, contextPointer: contextPointer))
        port = listener.port
        host = configuration.host
    }

    /// libmicrohttpd's own connection limit for `maxConnections`: that many plus a reserve of
    /// an eighth (at least 16) for prompt refusals.
    static func hardConnectionLimit(_ maxConnections: Int) -> Int {
        let limit = max(1, maxConnections)
        return limit + max(16, limit / 8)
    }

    /// Raises the soft limit on open files (often 1,024) towards `wanted`, as far as the hard
    /// limit allows: every connection is a descriptor.
    static func raiseDescriptorLimit(to wanted: Int) {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < rlim_t(wanted) else { return }
        limits.rlim_cur = min(rlim_t(wanted), limits.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
    }

    /// Streaming responses being sent right now.
    public var openStreams: Int {
        context.streams.count
    }

    /// Open connections, as libmicrohttpd counts them.
    public var openConnections: Int {
        daemon.withLock { handle in handle.map { Int(qa_mhd_current_connections($0.pointer)) } ?? 0 }
    }

    /// The connections attributed to `owner` that are open now (see `HTTPConnection.attribute(to:)`).
    public func openConnections(of owner: Int64) -> Int {
        context.owners?.held(by: owner) ?? 0
    }

    /// Stops accepting, lets requests in flight finish (up to `grace`), then closes
    /// every connection and joins the threads. Safe to call more than once.
    public func stop(grace: Duration = .seconds(10)) {
        guard
            let handle = daemon.withLock({ handle -> DaemonHandle? in
                defer { handle = nil }
                return handle
            })
        else { return }
        // Requests in flight now are waited for below; any later one is refused (see MHDBridge).
        context.stopping.store(true, ordering: .sequentiallyConsistent)
        let listenFD = MHD_quiesce_daemon(handle.pointer)
        if listenFD >= 0 { Glibc.close(listenFD) }
        // Streams never finish by themselves: end them so their requests complete.
        context.streams.closeAll()
        let deadline = ContinuousClock.now.advanced(by: grace)
        while context.inFlight.value > 0 && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        context.streams.closeAll()
        // A response still deferred after the grace (a write whose commit has not come back) is
        // answered now, so that no connection is parked when libmicrohttpd stops (it aborts the
        // process then). Its connection is woken, and given a moment to send the answer.
        if context.parked.count > 0 {
            context.parked.completeAll {
                var response = context.handler.abandoned()
                response.closeConnection = true
                return response
            }
            let answered = ContinuousClock.now.advanced(by: .seconds(2))
            while context.parked.count > 0 && ContinuousClock.now < answered {
                usleep(5_000)
            }
        }
        MHD_stop_daemon(handle.pointer)
        Unmanaged<ServerContext>.fromOpaque(handle.contextPointer).release()
    }

    deinit {
        stop(grace: .zero)
    }
}
