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

/// Fans events out to every open event stream. Each stream's body is read by its connection's own thread
/// (the server runs one thread per connection), which blocks here until there is something to send.
public final class EventHub: @unchecked Sendable {
    private let condition = NSCondition()
    private var subscriptions: [ObjectIdentifier: EventSubscription] = [:]
    private var closed = false
    /// How long a stream may stay silent before a comment line is sent, which is how a client that went
    /// away is noticed (the write fails) and how proxies are kept from timing the stream out.
    public let heartbeatInterval: TimeInterval

    public init(heartbeatInterval: TimeInterval = 15) {
        self.heartbeatInterval = heartbeatInterval
    }

    /// A new stream that first sends `initial` events. Closed at once if the hub is.
    public func subscribe(sendingFirst initial: [ServerSentEvent] = []) -> EventSubscription {
        // `retry` asks the browser to reconnect after a second when the server restarts.
        let subscription = EventSubscription(hub: self, pending: Array(("retry: 1000\n\n" + initial.map(\.encoded).joined()).utf8))
        condition.withLock {
            if closed { subscription.isOpen = false } else { subscriptions[ObjectIdentifier(subscription)] = subscription }
        }
        return subscription
    }

    public func publish(_ event: ServerSentEvent) {
        let bytes = Array(event.encoded.utf8)
        condition.withLock {
            for subscription in subscriptions.values { subscription.pending += bytes }
            condition.broadcast()
        }
    }

    /// Ends every stream; later subscriptions end at once. Call before stopping the server, whose
    /// connection threads wait for the streams' readers to return.
    public func close() {
        condition.withLock {
            closed = true
            for subscription in subscriptions.values { subscription.isOpen = false }
            subscriptions.removeAll()
            condition.broadcast()
        }
    }

    /// How many streams are open.
    public var subscriberCount: Int { condition.withLock { subscriptions.count } }

    /// Copies up to `capacity` pending bytes of `subscription` into `buffer`, waiting for some (or sending a
    /// heartbeat); nil once the stream has ended.
    func read(_ subscription: EventSubscription, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: heartbeatInterval)
            while subscription.pending.isEmpty && subscription.isOpen {
                if !condition.wait(until: deadline) { break }
            }
            if subscription.pending.isEmpty {
                guard subscription.isOpen else { return nil }
                subscription.pending = Array(":\n\n".utf8)
            }
            let count = min(buffer.count, subscription.pending.count)
            subscription.pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            subscription.pending.removeFirst(count)
            return count
        }
    }

    func remove(_ subscription: EventSubscription) {
        condition.withLock {
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

    fileprivate init(hub: EventHub, pending: [UInt8]) {
        self.hub = hub
        self.pending = pending
    }

    /// Stops the stream, as when its client went away.
    public func cancel() { hub.remove(self) }
}
