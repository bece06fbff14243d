import Foundation

/// Values worked out once per build and shared by the page jobs running at once: most pages share their policy, their
/// script and style bodies and their list of icons. Bounded, so a site whose every page differs cannot grow it
/// without end; a value past the bound is made each time it is asked for. (The leaf targets keep their own:
/// LinkChain's checked domain names and Paint's button paints, since they import nothing of sitegen.)
package final class BuildMemo<Key: Hashable, Value>: @unchecked Sendable {
    private let capacity: Int
    private var known: [Key: Value] = [:]
    private let lock = NSLock()

    /// `capacity`: how many values it keeps. Values whose keys a page makes (a policy, a body) stay at the default; a
    /// memo keyed by the site's own files may keep one per file.
    package init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The value for `key`, made by `make` the first time. `kept` is the key as the memo stores it (a key that views
    /// a page's buffer is copied, so the memo does not hold on to the page).
    package func value(for key: Key, kept: (Key) -> Key = { $0 }, make: () -> Value) -> Value {
        if let value = lock.withLock({ known[key] }) { return value }
        let value = make()
        lock.withLock { if known.count < capacity { known[kept(key)] = value } }
        return value
    }
}
