import Foundation

/// Runs work that mostly waits on the network on a few threads at once: `check --online` and `check --links`.
enum BoundedWork {
    /// `transform` of each item, in the items' order, with at most `workers` running at a time. Threads rather than
    /// Dispatch's pool, which keeps to the number of cores: these wait on servers, not on the processor.
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], workers: Int, _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        guard !items.isEmpty else { return [] }
        let state = State<Result>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, items.count)) {
            group.enter()
            let thread = Thread {
                while let index = state.nextIndex() { state.store(transform(items[index]), at: index) }
                group.leave()
            }
            // Most of the time is spent in libcurl waiting; a small stack is plenty.
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        return state.results()
    }

    /// The next item to take and the results so far, behind one lock.
    private final class State<Result>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var stored: [Result?]

        init(count: Int) { stored = Array(repeating: nil, count: count) }

        func nextIndex() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < stored.count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ result: Result, at index: Int) {
            lock.lock()
            stored[index] = result
            lock.unlock()
        }

        func results() -> [Result] {
            lock.lock()
            defer { lock.unlock() }
            return stored.map { $0! }
        }
    }
}
