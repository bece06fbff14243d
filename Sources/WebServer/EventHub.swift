import Foundation

/// One Server-Sent Event: `event: NAME` and its data, one `data:` line per line of text.
public struct ServerSentEvent: Sendable, Equatable {
    public var name: String
    public var data: String

    public init(name: String, data: String) {
        self.name = name
        self.data = data
    }

    /// The event on the wire. Every kind of line end in `data` starts a new `data:` line, as the
    /// EventSource parser splits on all of them; an event with empty data would not be dispatched.
    public var encoded: String {
        let lines = data.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return "event: \(name)\n" + lines.map { "data: \($0)\n" }.joined() + "\n"
    }
}

/// Fans events out to every open event stream. A stream with nothing to send is suspended by the server
/// (it costs no thread) and woken when an event, a heartbeat or the end arrives.
public final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscriptions: [ObjectIdentifier: EventSubscription] = [:]
    private var closed = false
    private var heartbeat: DispatchSourceTimer?
    /// How long a stream may stay silent before a comment line is sent, which is how a client that went
    /// away is noticed (the write fails) and how proxies are kept from timing the stream out.
    public let heartbeatInterval: TimeInterval

    public init(heartbeatInterval: TimeInterval = 15) {
        self.heartbeatInterval = heartbeatInterval
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + heartbeatInterval, repeating: heartbeatInterval)
        timer.setEventHandler { [weak self] in self?.beat() }
        timer.resume()
        heartbeat = timer
    }

    deinit { heartbeat?.cancel() }

    /// A new stream that first sends `initial` events. Closed at once if the hub is.
    public func subscribe(sendingFirst initial: [ServerSentEvent] = []) -> EventSubscription {
        // `retry` asks the browser to reconnect after a second when the server restarts.
        let subscription = EventSubscription(hub: self, pending: Array(("retry: 1000\n\n" + initial.map(\.encoded).joined()).utf8))
        lock.withLock {
            if closed { subscription.isOpen = false } else { subscriptions[ObjectIdentifier(subscription)] = subscription }
        }
        return subscription
    }

    public func publish(_ event: ServerSentEvent) {
        let bytes = Array(event.encoded.utf8)
        lock.withLock {
            for subscription in subscriptions.values {
                subscription.pending += bytes
                subscription.wakeIfWaiting()
            }
        }
    }

    /// A comment line to every silent stream.
    private func beat() {
        lock.withLock {
            for subscription in subscriptions.values where subscription.pending.isEmpty {
                subscription.pending = Array(":\n\n".utf8)
                subscription.wakeIfWaiting()
            }
        }
    }

    /// Ends every stream; later subscriptions end at once. Call before stopping the server, which waits for
    /// every connection to finish.
    public func close() {
        lock.withLock {
            closed = true
            for subscription in subscriptions.values {
                subscription.isOpen = false
                subscription.wakeIfWaiting()
            }
            subscriptions.removeAll()
        }
        heartbeat?.cancel()
    }

    /// How many streams are open.
    public var subscriberCount: Int { lock.withLock { subscriptions.count } }

    /// What a stream's reader gets: bytes to send, nothing yet (the stream waits), or the end.
    enum Read: Equatable { case bytes(Int), wait, end }

    /// Copies up to `capacity` pending bytes of `subscription` into `buffer`. With none, calls `suspend`
    /// (under the hub's lock, so no event can slip in between) and returns `.wait`: the subscription's `wake`
    /// is called once there is something to read.
    func read(_ subscription: EventSubscription, into buffer: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> Read {
        lock.withLock {
            if subscription.pending.isEmpty {
                guard subscription.isOpen else { return .end }
                subscription.isWaiting = true
                suspend()
                return .wait
            }
            let count = min(buffer.count, subscription.pending.count)
            subscription.pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            subscription.pending.removeFirst(count)
            return .bytes(count)
        }
    }

    func remove(_ subscription: EventSubscription) {
        lock.withLock {
            subscription.isOpen = false
            subscriptions[ObjectIdentifier(subscription)] = nil
        }
    }
}

/// One client's event stream; its state is guarded by the hub's lock.
public final class EventSubscription: @unchecked Sendable {
    let hub: EventHub
    fileprivate(set) var pending: [UInt8]
    fileprivate(set) var isOpen = true
    fileprivate var isWaiting = false
    /// Set by the server: resumes the suspended connection that carries this stream.
    var wake: (@Sendable () -> Void)?

    fileprivate init(hub: EventHub, pending: [UInt8]) {
        self.hub = hub
        self.pending = pending
    }

    fileprivate func wakeIfWaiting() {
        guard isWaiting else { return }
        isWaiting = false
        wake?()
    }

    /// Stops the stream, as when its client went away.
    public func cancel() { hub.remove(self) }
}
