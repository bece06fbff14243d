import Foundation
@testable import SiteBasics
import Testing

@Suite struct ConcurrentlyTests {
    final class Handled: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Int] = []
        var all: [Int] { lock.withLock { items } }
        func add(_ item: Int) { lock.withLock { items.append(item) } }
    }

    struct Stop: Error, Equatable { let at: Int }

    /// Items handed on are handled in order, every one, before `handedOn` returns.
    @Test func itemsHandedOnAreHandledInOrderBeforeItReturns() throws {
        let handled = Handled()
        try Concurrently.handedOn(waiting: 2, { hand in for item in 0..<200 { try hand(item) } }) { item in
            if item % 50 == 0 { Thread.sleep(forTimeInterval: 0.002) }  // the producer gets ahead, and waits for room
            handled.add(item)
        }
        #expect(handled.all == Array(0..<200))
    }

    /// The first error of the handling is thrown; nothing after it is handled, and the producer is stopped.
    @Test func theFirstErrorOfTheHandlingIsThrownAndStopsBoth() {
        let handled = Handled()
        var produced = 0
        #expect(throws: Stop(at: 3)) {
            try Concurrently.handedOn(waiting: 1, { hand in
                for item in 0..<1000 { produced += 1; try hand(item) }
            }) { item in
                if item >= 3 { throw Stop(at: item) }
                handled.add(item)
            }
        }
        #expect(handled.all == [0, 1, 2] && produced < 1000)
    }

    /// An error of the producer is thrown once what it handed on is handled.
    @Test func theProducersErrorIsThrownOnceItsItemsAreHandled() {
        let handled = Handled()
        #expect(throws: Stop(at: -1)) {
            try Concurrently.handedOn({ hand in
                for item in 0..<5 { try hand(item) }
                throw Stop(at: -1)
            }) { item in Thread.sleep(forTimeInterval: 0.001); handled.add(item) }
        }
        #expect(handled.all == Array(0..<5))
    }
}
