/// Finds, left to right without overlaps, the longest of a set of byte strings at each place in a text, in time
/// linear in the text and in the strings together (an Aho–Corasick automaton over the reversed strings: read from
/// the text's end, its state at a place names every string that starts there). A page's email shield asks it of
/// every value and of all the HTML: comparing each string at each place would be quadratic for pages with many
/// addresses.
struct LongestMatchFinder {
    /// Edges of the trie, each node's together: node N's are `edgeBytes[edgeStart[N]..<edgeStart[N + 1]]` with their
    /// targets in `edgeTargets`. Most nodes have one edge, so a short scan finds it, faster than hashing the pair.
    private var edgeStart: [Int32] = []
    private var edgeBytes: [UInt8] = []
    private var edgeTargets: [Int32] = []
    /// The root's edges by byte (0 where there is none).
    private var rootEdges = [Int32](repeating: 0, count: 256)
    /// For each node, the node of the longest proper suffix of its path that is also in the trie.
    private var fallback: [Int32] = [0]
    /// For each node, the index of the longest string that ends its path (in reverse: starts the text read so far),
    /// or -1.
    private var longest: [Int32] = [-1]
    /// The strings' lengths in bytes, by index.
    let lengths: [Int]

    /// `strings` must be non-empty each; a string given twice is found under its first index.
    init(_ strings: [[UInt8]]) {
        lengths = strings.map(\.count)
        // Keyed by `node << 8 | byte` while the trie grows; the root is node 0.
        var edges: [Int: Int32] = [:]
        var own: [Int32] = [-1]
        var depth: [Int] = [0]
        for (index, string) in strings.enumerated() {
            var node: Int32 = 0
            for byte in string.reversed() {
                let key = Int(node) << 8 | Int(byte)
                if let next = edges[key] { node = next; continue }
                let next = Int32(own.count)
                edges[key] = next
                own.append(-1)
                depth.append(depth[Int(node)] + 1)
                node = next
            }
            if own[Int(node)] < 0 { own[Int(node)] = Int32(index) }
        }
        for byte in 0..<256 { rootEdges[byte] = edges[byte] ?? 0 }
        // Breadth first, so that every shorter node's fallback is known before it is needed.
        var children: [[(byte: UInt8, node: Int32)]] = Array(repeating: [], count: own.count)
        for (key, node) in edges { children[key >> 8].append((UInt8(key & 0xFF), node)) }
        edgeStart.reserveCapacity(own.count + 1)
        edgeBytes.reserveCapacity(edges.count)
        edgeTargets.reserveCapacity(edges.count)
        for node in children.indices {
            edgeStart.append(Int32(edgeBytes.count))
            for (byte, child) in children[node] { edgeBytes.append(byte); edgeTargets.append(child) }
        }
        edgeStart.append(Int32(edgeBytes.count))
        fallback = Array(repeating: 0, count: own.count)
        longest = own
        var queue: [Int32] = [0]
        var head = 0
        while head < queue.count {
            let parent = queue[head]
            head += 1
            for (byte, child) in children[Int(parent)] {
                if parent != 0 {
                    var candidate = fallback[Int(parent)]
                    while true {
                        if let next = edges[Int(candidate) << 8 | Int(byte)] { fallback[Int(child)] = next; break }
                        if candidate == 0 { break }
                        candidate = fallback[Int(candidate)]
                    }
                }
                if longest[Int(child)] < 0 { longest[Int(child)] = longest[Int(fallback[Int(child)])] }
                queue.append(child)
            }
        }
    }

    /// The node an edge labelled `byte` leads to from `node`, nil when there is none.
    @inline(__always)
    private func next(from node: Int32, byte: UInt8) -> Int32? {
        var edge = Int(edgeStart[Int(node)])
        let end = Int(edgeStart[Int(node) + 1])
        while edge < end {
            if edgeBytes[edge] == byte { return edgeTargets[edge] }
            edge += 1
        }
        return nil
    }

    /// The matches in `bytes`, leftmost first, the longest at each place, none overlapping another: each as where it
    /// starts and the index of its string.
    func matches(in bytes: UnsafeBufferPointer<UInt8>) -> [(start: Int, string: Int)] {
        // Read from the end: each place where some string starts, with the longest one (few places have one).
        var startsFromTheEnd: [(start: Int, string: Int)] = []
        var node: Int32 = 0
        var index = bytes.count
        while index > 0 {
            index -= 1
            let byte = Int(bytes[index])
            while node != 0 {
                if let next = next(from: node, byte: UInt8(byte)) { node = next; break }
                node = fallback[Int(node)]
            }
            // Most text stays at the root: its edges are a table, not a hash lookup.
            if node == 0 { node = rootEdges[byte] }
            let string = longest[Int(node)]
            if string >= 0 { startsFromTheEnd.append((index, Int(string))) }
        }
        // Then from the left, each match that does not overlap the one before.
        var found: [(start: Int, string: Int)] = []
        var free = 0
        for (start, string) in startsFromTheEnd.reversed() where start >= free {
            found.append((start, string))
            free = start + lengths[string]
        }
        return found
    }
}
