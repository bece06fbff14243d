import CSSSyntax
import Testing

/// The tokens of CSS as CSS Syntax Level 3 reads them, each with where it is.
@Suite struct CSSTokenizerTests {
    private func kinds(_ css: String) -> [CSSToken.Kind] { CSSTokenizer.tokens(css).map(\.kind) }

    @Test func aRuleIsNamesDelimitersAndWhitespace() {
        #expect(CSSTokenizer.tokens(".a{b:c}") == [
            CSSToken(.delim("."), 0..<1), CSSToken(.name("a"), 1..<2), CSSToken(.delim("{"), 2..<3), CSSToken(.name("b"), 3..<4),
            CSSToken(.delim(":"), 4..<5), CSSToken(.name("c"), 5..<6), CSSToken(.delim("}"), 6..<7),
        ])
        #expect(kinds("@media  x") == [.atKeyword("media"), .whitespace, .name("x")])
        #expect(kinds("1px é") == [.name("1px"), .whitespace, .name("é")], "numbers are names; non-ASCII is a name character")
        #expect(kinds("@ x") == [.delim("@"), .whitespace, .name("x")])
    }

    @Test func commentsRunToTheirEndOrTheText() {
        #expect(CSSTokenizer.tokens("a/* b */c") == [CSSToken(.name("a"), 0..<1), CSSToken(.comment, 1..<8), CSSToken(.name("c"), 8..<9)])
        #expect(CSSTokenizer.tokens("/* open url(x)") == [CSSToken(.comment, 0..<14)])
        #expect(kinds("'/* no */'") == [.string("/* no */", closed: true)])
    }

    @Test func stringsDecodeEscapesAndEndAtANewline() {
        #expect(kinds(#"'a\'b' "\41 x""#) == [.string("a'b", closed: true), .whitespace, .string("Ax", closed: true)])
        #expect(kinds("'a\\\nb'") == [.string("ab", closed: true)], "an escaped newline continues the string")
        #expect(kinds("'a\\\r\nb'") == [.string("ab", closed: true)], "CR LF is one newline")
        #expect(CSSTokenizer.tokens("'a\nb") == [CSSToken(.string("a", closed: false), 0..<2), CSSToken(.whitespace, 2..<3), CSSToken(.name("b"), 3..<4)])
        #expect(kinds("'a\rb") == [.string("a", closed: false), .whitespace, .name("b")], "CR and FF are newlines")
        #expect(kinds("'a") == [.string("a", closed: false)])
    }

    @Test func escapesAreDecodedInNames() {
        #expect(kinds(#"u\72l(x)"#) == [.url("x", bad: false)])
        #expect(kinds(#"\000072 l"#) == [.name("rl")], "six hex digits, then one space that belongs to the escape")
        #expect(kinds(#"@\69 mport"#) == [.atKeyword("import")])
        #expect(kinds(#"a\ b"#) == [.name("a b")], "an escaped space is part of the name")
        #expect(kinds(#"a\{"#) == [.name("a{")])
        #expect(kinds(#"\0 x\110000 "#) == [.name("\u{FFFD}x\u{FFFD}")], "zero and beyond Unicode are U+FFFD")
        #expect(kinds("a\\\nb") == [.name("a"), .delim("\\"), .whitespace, .name("b")], "a backslash before a newline escapes nothing")
        #expect(kinds("a\\") == [.name("a\u{FFFD}")])
    }

    @Test func urlsQuotedAndNot() {
        #expect(CSSTokenizer.tokens("url( a.png )x") == [CSSToken(.url("a.png", bad: false), 0..<12), CSSToken(.name("x"), 12..<13)])
        #expect(kinds(#"URL("a")"#) == [.function("URL"), .string("a", closed: true), .delim(")")])
        #expect(kinds("url(  'a')") == [.function("url"), .whitespace, .string("a", closed: true), .delim(")")])
        #expect(kinds(#"url(\68 ttp)"#) == [.url("http", bad: false)])
        #expect(kinds("url(#a b) c") == [.url("#a", bad: true), .whitespace, .name("c")], "a bad url runs to its parenthesis")
        #expect(kinds("url(a'b) c") == [.url("a", bad: true), .whitespace, .name("c")])
        #expect(kinds("url(a\\)b) c") == [.url("a)b", bad: false), .whitespace, .name("c")])
        #expect(kinds("url(a") == [.url("a", bad: false)])
        #expect(kinds("rgb(1)") == [.function("rgb"), .name("1"), .delim(")")])
    }

    @Test func blocksOpenAndClose() {
        let tokens = CSSTokenizer.tokens("a{b(c[d]):rgb(1)}")
        #expect(tokens.filter(\.opensBlock).map(\.kind) == [.delim("{"), .function("b"), .delim("["), .function("rgb")])
        #expect(tokens.filter(\.closesBlock).map(\.kind) == [.delim("]"), .delim(")"), .delim(")"), .delim("}")])
    }

    /// The caller's own syntax (a template's tags) is one token outside strings, part of a string inside one, and stops
    /// a name; comments do not look for it.
    @Test func opaqueSpansAreSteppedOverWhole() {
        let css = Array("a{{x}} '{{y}}' /*{{z}}*/ b\\{{w}}".utf8)
        let tags: [Int: Int] = [1: 6, 8: 13, 17: 22, 27: 32]
        let tokens = Array(CSSTokenizer(utf8: css, opaque: { tags[$0] }))
        #expect(tokens.map(\.kind) == [.name("a"), .opaque, .whitespace, .string("{{y}}", closed: true), .whitespace, .comment,
                                       .whitespace, .name("b"), .delim("\\"), .opaque])
        #expect(tokens.map { String($0.source(in: css)) }.joined() == String(decoding: css, as: UTF8.self))
    }

    /// Whatever the text, the tokens cover it exactly, in order.
    @Test func tokensCoverTheText() {
        for css in ["", "a{b:c}", "/*", "'", "url(", "url(\\", "\\", "@", "\r\n\u{0C}", "é\\é'\\é'url(é é)", "\0'\0'url(\0)"] {
            let tokens = CSSTokenizer.tokens(css)
            #expect(tokens.map { String($0.source(in: Array(css.utf8))) }.joined() == css, "\(css)")
            #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound } && tokens.allSatisfy { !$0.range.isEmpty })
        }
    }
}
