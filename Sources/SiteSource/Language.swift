import Mustache
import SiteBasics

/// A BCP 47 language tag as `lang:` holds it: whether it is well-formed, which way its script runs, and the tags a
/// lookup falls back through.
package enum LanguageTag {
    /// Well-formed, loosely: letters, digits and hyphens in subtags of 1 to 8, the first of 2 to 8 letters.
    static func isWellFormed(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Whether text in the tag's language is written right to left: by its script subtag when it has one (`az-Arab`
    /// is, `ar-Latn` is not), else by the script its language is usually written in.
    package static func isRightToLeft(_ tag: String) -> Bool {
        let parts = tag.lowercased().split(separator: "-")
        guard let language = parts.first else { return false }
        // The script is the four letters after the language and its extended language subtags (three letters each).
        let script = parts.dropFirst().drop { $0.count == 3 && $0.allSatisfy(\.isLetter) }.first
        if let script, script.count == 4, script.allSatisfy(\.isLetter) { return rightToLeftScripts.contains(String(script)) }
        return rightToLeftLanguages.contains(String(language))
    }

    /// Languages whose usual script runs right to left (Unicode CLDR's likely scripts: Arabic, Hebrew, Thaana, Syriac,
    /// N'Ko, Adlam), `iw` and `ji` being the old codes of Hebrew and Yiddish.
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo", "pnb", "prs",
        "ps", "sd", "sdh", "syr", "ug", "ur", "yi",
    ]

    /// ISO 15924 scripts written right to left, lower-cased, as a script subtag names them.
    static let rightToLeftScripts: Set<String> = [
        "adlm", "arab", "aran", "armi", "avst", "chrs", "elym", "hebr", "hung", "khar", "mand", "mani", "mend", "nbat", "nkoo",
        "narb", "orkh", "ougr", "palm", "phli", "phlp", "phnx", "prti", "rohg", "samr", "sarb", "sogd", "sogo", "syrc", "thaa", "yezi",
    ]

    /// The tags a lookup tries, longest first, in lower case (RFC 4647's lookup): `zh-hant-tw`, `zh-hant`, `zh`. A
    /// single-letter subtag (an extension or private use) is never left last.
    static func fallbacks(_ tag: String) -> [String] {
        var parts = tag.lowercased().split(separator: "-")
        var tags: [String] = []
        while !parts.isEmpty {
            if parts.last?.count != 1 { tags.append(parts.joined(separator: "-")) }
            parts.removeLast()
        }
        return tags
    }
}

/// The words a page and its runtime show (buttons, the chooser, notices, status messages, aria-labels, the footer) in
/// every language sitegen has them for: Resources/words.yml, read here and nowhere else. Templates reach them as
/// `{{words.KEY}}`; a site's `words:` replaces any of them.
package struct WordTable: Sendable {
    /// The keys of English, in its order; every language has them (a test holds the table to it).
    package let keys: [String]
    /// The table's languages, by tag in lower case, each with its words by key.
    let languages: [String: [String: String]]
    /// Each language's words as template values, English's standing in for any it lacks; made once.
    private let values: [String: [String: MustacheValue]]

    /// The language whose words are every other's fallback, and its keys' reference.
    package static let english = "en"

    /// The table built into sitegen.
    package static let standard: WordTable = {
        do throws(YAMLError) {
            return try WordTable(yaml: String(decoding: PackageResources.words_yml, as: UTF8.self))
        } catch {
            preconditionFailure("Resources/words.yml: \(error.position.line):\(error.position.column): \(error.message)")
        }
    }()

    /// The table in `yaml`: a mapping of language tags to mappings of keys to text.
    init(yaml: String) throws(YAMLError) {
        guard case .mapping(let languagePairs, let at) = try YAMLReader.parse(yaml) else {
            throw YAMLError(position: SourcePosition(line: 1, column: 1), message: "expected a mapping of languages")
        }
        var keys: [String] = [], languages: [String: [String: String]] = [:]
        for (languageNode, wordsNode) in languagePairs {
            guard case .scalar(let language, _, _) = languageNode, case .mapping(let wordPairs, _) = wordsNode else {
                throw YAMLError(position: languageNode.position, message: "expected a language tag and a mapping of its words")
            }
            var words: [String: String] = [:]
            for (keyNode, textNode) in wordPairs {
                guard case .scalar(let key, _, _) = keyNode, case .scalar(let text, _, _) = textNode else {
                    throw YAMLError(position: keyNode.position, message: "expected a key and its text")
                }
                words[key] = text
                if language == Self.english { keys.append(key) }
            }
            languages[language.lowercased()] = words
        }
        guard let english = languages[Self.english] else { throw YAMLError(position: at, message: "expected the words of en") }
        self.keys = keys
        self.languages = languages
        values = languages.mapValues { words in english.merging(words) { _, own in own }.mapValues { .string($0) } }
    }

    /// The table's languages, sorted.
    package var languageTags: [String] { languages.keys.sorted() }

    /// The table's language a page's tag takes its words from (`pt` for `pt-BR`); nil when it has none.
    package func language(for tag: String) -> String? {
        LanguageTag.fallbacks(tag).first { languages[$0] != nil }
    }

    /// The text of `key` in `language` (a tag of the table), English's where the language lacks it.
    package func text(_ key: String, in language: String) -> String? {
        languages[language]?[key] ?? languages[Self.english]?[key]
    }

    /// The words a page in `tag` shows as template values, `overrides` (a site's `words:`) over the table's; English
    /// for a language the table does not have.
    package func values(for tag: String, overrides: [String: String] = [:]) -> [String: MustacheValue] {
        var words = values[language(for: tag) ?? Self.english] ?? [:]
        for (key, text) in overrides { words[key] = .string(text) }
        return words
    }

    /// The `{name}` placeholders in `text`, which the runtime fills in (`{app}`, `{server}`, `{handle}`), sorted.
    package static func placeholders(in text: String) -> [String] {
        var found: [String] = [], open: String.Index?
        for index in text.indices {
            switch text[index] {
            case "{": open = index
            case "}":
                if let start = open, text.index(after: start) < index,
                   text[text.index(after: start)..<index].allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) {
                    found.append(String(text[start...index]))
                }
                open = nil
            default: continue
            }
        }
        return found.sorted()
    }

    /// What a language lacks or has too much of against English: keys missing or unknown, and texts whose
    /// placeholders differ from English's; one line each, empty for a complete table.
    package var problems: [String] {
        guard let english = languages[Self.english] else { return ["no words for \(Self.english)"] }
        var problems: [String] = []
        for language in languageTags where language != Self.english {
            let words = languages[language] ?? [:]
            for key in keys {
                guard let text = words[key] else { problems.append("\(language): no '\(key)'"); continue }
                let expected = Self.placeholders(in: english[key] ?? "")
                if Self.placeholders(in: text) != expected {
                    problems.append("\(language): '\(key)' has \(Self.placeholders(in: text)), English \(expected)")
                }
            }
            for key in words.keys.sorted() where english[key] == nil { problems.append("\(language): '\(key)' is not a key of English") }
        }
        return problems
    }
}
