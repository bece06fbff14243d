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
