import Foundation

/// Work spread over every core, results in order: the one home of the build's parallel loops (reading pages,
/// making them, reading the manifest).
package enum Concurrently {
    /// `transform` over `items` on every core, results in the items' order.
    package static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
        // Made in the array's own room: a buffer of optionals copied out at the end held a large site's page
        // outcomes twice (3.4 MB at 10,000 pages) at the build's peak.
        Array(unsafeUninitializedCapacity: items.count) { room, initialized in
            let slots = UnsafeSlots(buffer: room)
            // Each iteration initializes its own slot only, so the slots need no lock.
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                (slots.buffer.baseAddress! + index).initialize(to: transform(items[index]))
            }
            initialized = items.count
        }
    }

    /// What `produce` hands on, given to `handle` in order on a thread of its own while `produce` makes the next (at
    /// most `waiting` items made and not yet handled): a large site's manifest is hashed and written a chunk at a time
    /// while the next chunk is put together. The first error `handle` throws stops the handling (and the producing, at
    /// its next item) and is thrown; nothing is still being handled when this returns or throws.
    package static func handedOn<Item: Sendable>(waiting: Int = 4, _ produce: (_ hand: (Item) throws -> Void) throws -> Void,
                                                 handle: @escaping @Sendable (Item) throws -> Void) throws {
        let queue = DispatchQueue(label: "sitegen.handedOn")
        let room = DispatchSemaphore(value: waiting)
        let failure = FirstFailure()
        defer { queue.sync {} }
        try produce { item in
            if let error = failure.error { throw error }
            room.wait()
            queue.async {
                defer { room.signal() }
                guard failure.error == nil else { return }
                do { try handle(item) } catch { failure.note(error) }
            }
        }
        queue.sync {}
        if let error = failure.error { throw error }
    }

    private final class FirstFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var first: (any Error)?
        var error: (any Error)? { lock.withLock { first } }
        func note(_ error: any Error) { lock.withLock { if first == nil { first = error } } }
    }

    /// `first` and `second` at once, on two cores.
    package static func alongside<First: Sendable, Second: Sendable>(_ first: @Sendable () -> First, _ second: @Sendable () -> Second) -> (First, Second) {
        let results = map([0, 1]) { index -> (First?, Second?) in index == 0 ? (first(), nil) : (nil, second()) }
        return (results[0].0!, results[1].1!)
    }
}

/// A buffer whose slots are written from several threads, each slot by one only: so it needs no lock.
package struct UnsafeSlots<Element>: @unchecked Sendable {
    package let buffer: UnsafeMutableBufferPointer<Element>
    package init(buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
