import Foundation

/// Finds, left to right without overlaps, the longest of a set of byte strings at each place in a text, in time
/// linear in the text and in the strings together (an Aho–Corasick automaton over the reversed strings: read from
/// the text's end, its state at a place names every string that starts there). A page's email shield asks it of
/// every value it makes, as it makes it: comparing each string at each place would be quadratic for pages with many
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
    /// The shortest string's length: a text shorter than it holds none, and most values asked about are short
    /// (an app's name, a platform) where the strings are a page's addresses.
    private let shortest: Int

    /// `strings` must be non-empty each; a string given twice is found under its first index.
    init(_ strings: [[UInt8]]) {
        lengths = strings.map(\.count)
        shortest = lengths.min() ?? 0
        // The trie is built from the reversed strings in sorted order, so each shares its first bytes with the one
        // before: it goes down that one's path as far as they agree and adds nodes from there, with no table of
        // edges to look in (which cost more than the rest for a page's thousands of addresses). The root is node 0.
        // The reversed strings lie side by side in one buffer: string I is `reversed[offsets[I]..<offsets[I + 1]]`.
        var offsets = [0]
        offsets.reserveCapacity(strings.count + 1)
        for string in strings { offsets.append(offsets[offsets.count - 1] + string.count) }
        var reversed = [UInt8](repeating: 0, count: offsets[offsets.count - 1])
        for (index, string) in strings.enumerated() {
            var position = offsets[index + 1]
            for byte in string { position -= 1; reversed[position] = byte }
        }
        var parent: [Int32] = [0]
        var label: [UInt8] = [0]
        var own: [Int32] = [-1]
        var path: [Int32] = [0]
        parent.reserveCapacity(reversed.count + 1)
        label.reserveCapacity(reversed.count + 1)
        own.reserveCapacity(reversed.count + 1)
        reversed.withUnsafeBufferPointer { reversed in
            let base = reversed.baseAddress!
            let order = strings.indices.sorted { first, second in
                let firstCount = offsets[first + 1] - offsets[first], secondCount = offsets[second + 1] - offsets[second]
                let order = memcmp(base + offsets[first], base + offsets[second], min(firstCount, secondCount))
                if order != 0 { return order < 0 }
                return firstCount != secondCount ? firstCount < secondCount : first < second
            }
            var previous = UnsafeBufferPointer<UInt8>(start: base, count: 0)
            for index in order {
                let string = UnsafeBufferPointer(rebasing: reversed[offsets[index]..<offsets[index + 1]])
                var shared = 0
                while shared < string.count, shared < previous.count, string[shared] == previous[shared] { shared += 1 }
                path.removeLast(path.count - 1 - shared)
                for byte in string[shared...] {
                    let node = Int32(own.count)
                    parent.append(path[path.count - 1])
                    label.append(byte)
                    own.append(-1)
                    path.append(node)
                }
                if own[Int(path[path.count - 1])] < 0 { own[Int(path[path.count - 1])] = Int32(index) }
                previous = string
            }
        }
        // Each node's edges together, in the order the nodes were made (by byte, as the strings were sorted).
        let nodeCount = own.count
        var start = [Int32](repeating: 0, count: nodeCount + 1)
        for node in 1..<nodeCount { start[Int(parent[node]) + 1] += 1 }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        edgeStart = start
        edgeBytes = [UInt8](repeating: 0, count: nodeCount - 1)
        edgeTargets = [Int32](repeating: 0, count: nodeCount - 1)
        for node in 1..<nodeCount {
            let edge = Int(start[Int(parent[node])])
            start[Int(parent[node])] += 1
            edgeBytes[edge] = label[node]
            edgeTargets[edge] = Int32(node)
        }
        for node in 1..<nodeCount where parent[node] == 0 { rootEdges[Int(label[node])] = Int32(node) }
        // Breadth first, so that every shorter node's fallback is known before it is needed.
        fallback = Array(repeating: 0, count: nodeCount)
        longest = own
        var queue: [Int32] = [0]
        queue.reserveCapacity(nodeCount)
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in Int(edgeStart[Int(node)])..<Int(edgeStart[Int(node) + 1]) {
                let (byte, child) = (edgeBytes[edge], edgeTargets[edge])
                if node != 0 {
                    var candidate = fallback[Int(node)]
                    while true {
                        if let next = next(from: candidate, byte: byte) { fallback[Int(child)] = next; break }
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
        // Through the tables' buffers: every value of a page is read here, and checking each index costs more
        // than the step it guards.
        guard bytes.count >= shortest else { return [] }
        var startsFromTheEnd: [(start: Int, string: Int)] = []
        edgeStart.withUnsafeBufferPointer { edgeStart in edgeBytes.withUnsafeBufferPointer { edgeBytes in
        edgeTargets.withUnsafeBufferPointer { edgeTargets in rootEdges.withUnsafeBufferPointer { rootEdges in
        fallback.withUnsafeBufferPointer { fallback in longest.withUnsafeBufferPointer { longest in
            var node: Int32 = 0
            var index = bytes.count
            while index > 0 {
                index -= 1
                let byte = bytes[index]
                search: while node != 0 {
                    for edge in Int(edgeStart[Int(node)])..<Int(edgeStart[Int(node) + 1]) where edgeBytes[edge] == byte {
                        node = edgeTargets[edge]
                        break search
                    }
                    node = fallback[Int(node)]
                }
                // Most text stays at the root: its edges are a table, not a search, and no string starts there.
                if node == 0 {
                    node = rootEdges[Int(byte)]
                    if node == 0 { continue }
                }
                let string = longest[Int(node)]
                if string >= 0 { startsFromTheEnd.append((index, Int(string))) }
            }
        } } } } } }
        // Then from the left, each match that does not overlap the one before, kept in the same array.
        startsFromTheEnd.reverse()
        var kept = 0
        var free = 0
        for index in startsFromTheEnd.indices where startsFromTheEnd[index].start >= free {
            let match = startsFromTheEnd[index]
            startsFromTheEnd[kept] = match
            kept += 1
            free = match.start + lengths[match.string]
        }
        startsFromTheEnd.removeLast(startsFromTheEnd.count - kept)
        return startsFromTheEnd
    }
}
