/// The letters that stand for a title where no picture does: the favicon of a page without an avatar, and the
/// avatar `sitegen new` draws. One rule, so a site's two pictures agree.
public enum Initials {
    /// The first character of the first and the last word that start with a letter or digit (of the title
    /// itself when none does), uppercased where the script has case: "Ada Lovelace" -> "AL", "李小龍" -> "李".
    public static func of(_ title: String) -> String {
        let words = title.split(whereSeparator: { $0.isWhitespace }).filter { $0.first.map { $0.isLetter || $0.isNumber } ?? false }
        let picked = words.count > 1 ? [words[0], words[words.count - 1]] : Array(words.prefix(1))
        let initials = picked.compactMap(\.first).map { String($0).uppercased() }.joined()
        return initials.isEmpty ? String(title.trimmingCharacters(in: .whitespaces).prefix(1)) : initials
    }
}
