/// "Did you mean" for every name sitegen knows (services, apps, placeholders, front matter keys, themes, options,
/// commands): one distance and one rule for what is near enough, so every message suggests alike.
public enum Spelling {
    /// Optimal string alignment distance, ignoring case: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters (`ivroy` for `ivory`) each cost 1. Two rows of a table, reused.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars))
    }

    static func distance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var beforePrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count), current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                var best = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { best = Swift.min(best, beforePrevious[j - 2] + 1) }
                current[j] = best
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[y.count]
    }

    /// How far a name may be from what was typed and still be suggested: one edit for a word of up to four
    /// characters, else two (further, `mastodonian` would suggest `mastodon`).
    static func limit(forLength length: Int) -> Int { length <= 4 ? 1 : 2 }

    /// A word of seven characters or more that starts as a name does, over its first five, and is no longer than
    /// it may be one edit further: a misspelt ending (`midnite` for `midnight`) is three edits, yet means that name
    /// (a word longer than the name, `mastodonian`, is another word).
    static let sharedStart = 5

    /// How far `candidate` may be from `typed`.
    static func limit(_ typed: [Unicode.Scalar], _ candidate: [Unicode.Scalar]) -> Int {
        let base = limit(forLength: typed.count)
        guard typed.count >= 7, candidate.count >= typed.count, typed.prefix(sharedStart).elementsEqual(candidate.prefix(sharedStart)) else { return base }
        return base + 1
    }

    /// Up to `count` of `candidates` near enough to `word`, nearest first; equally near ones keep their order.
    /// Candidates whose length alone puts them too far are skipped unmeasured.
    public static func nearest(to word: String, among candidates: [String], count: Int) -> [String] {
        let typed = Array(word.lowercased().unicodeScalars)
        guard !typed.isEmpty else { return [] }
        var close: [(candidate: String, distance: Int)] = []
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased().unicodeScalars)
            let limit = limit(typed, other)
            guard abs(other.count - typed.count) <= limit else { continue }
            let distance = distance(typed, other)
            if distance <= limit { close.append((candidate, distance)) }
        }
        return close.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(count).map(\.element.candidate)
    }

    /// The nearest candidate, if one is near enough.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        nearest(to: word, among: candidates, count: 1).first
    }

    /// ` (did you mean 'classic'?)`, ` (did you mean 'a', 'b' or 'c'?)` with the `count` nearest (three unless
    /// said), or "".
    public static func hint(for word: String, among candidates: [String], count: Int = 3) -> String {
        hint(naming: nearest(to: word, among: candidates, count: count))
    }

    /// ` (did you mean 'a', 'b' or 'c'?)` for names already chosen, or "".
    public static func hint(naming names: [String]) -> String {
        let near = names.map { "'\($0)'" }
        guard let last = near.last else { return "" }
        let list = near.count == 1 ? last : near.dropLast().joined(separator: ", ") + " or " + last
        return " (did you mean \(list)?)"
    }
}
