import Minify
import Testing

/// The CSS that pages carry is minified once when templates compile; what it means must not change.
@Suite struct CSSMinifierTests {
    @Test func spacesAndCommentsGoWhereCSSNeedsNone() {
        let css = "/* why */\n.a ,  .b > .c {\n  color : red ;\n  margin: 0 auto;\n}\n@media (prefers-color-scheme: dark) { .d { --x: 1; } }\n"
        #expect(CSSMinifier.minify(css) == ".a,.b>.c{color :red;margin:0 auto}@media (prefers-color-scheme:dark){.d{--x:1}}\n")
    }

    @Test func whitespaceThatChangesMeaningStays() {
        // A descendant's :hover, a media query's `and (`, calc's operators, and a grid's `1 / 1` keep their spaces.
        #expect(CSSMinifier.minify("a :hover{x:y}") == "a :hover{x:y}")
        #expect(CSSMinifier.minify("@media screen and (min-width: 30em){}") == "@media screen and (min-width:30em){}")
        #expect(CSSMinifier.minify(".a{width:calc(100% - 2px + 1rem)}") == ".a{width:calc(100% - 2px + 1rem)}")
        #expect(CSSMinifier.minify(".a{grid-area:1 / 1}") == ".a{grid-area:1 / 1}")
        #expect(CSSMinifier.minify(".a .b\n.c{}") == ".a .b .c{}")
    }

    @Test func stringsAndMustacheTagsAreCopiedAsTheyAre() {
        #expect(CSSMinifier.minify(".a::after{content:\" ✓ ; { \\\"  \"}") == ".a::after{content:\" ✓ ; { \\\"  \"}")
        #expect(CSSMinifier.minify("q{quotes:'/* no */'}") == "q{quotes:'/* no */'}")
        // A tag's braces are not CSS braces: the selector's spaces beside it stay, and so does its own text.
        #expect(CSSMinifier.minify(".a {{ part }} .b { color: {{{color}}}; }") == ".a {{ part }} .b{color:{{{color}}}}")
        // Tags are where the template compiler finds them: after a set-delimiter tag, `<% … %>` are tags and `{{`
        // is CSS; a text whose tags do not compile is left as written, for compiling it to report.
        #expect(CSSMinifier.minify("{{=<% %>=}}\n.a { color: <% c %>; }\n.b{{x}} { }") == "{{=<% %>=}} .a{color:<% c %>}.b{{x}}{}")
        #expect(CSSMinifier.minify(".a { content: \"{{#q}}\\\"{{/q}}\" }") == ".a{content:\"{{#q}}\\\"{{/q}}\"}", "a tag within a string")
        #expect(CSSMinifier.minify(".a { {{#b}}color:red{{/b}} }") == ".a{ {{#b}}color:red{{/b}}}", "`{` and `{{` stay apart")
        #expect(CSSMinifier.minify(".a { {{#open}  }") == ".a { {{#open}  }")
    }

    /// Read as CSS's tokens (CSSSyntax), not byte by byte: an escaped space before `{` once lost its space (`.a\ {`
    /// became `.a\{`, another selector) and a comment's marks inside `url(…)` were taken out of the address. The
    /// newline that ends a string left open stays, or the string would run on.
    @Test func tokensThatHoldSpacesKeepThem() {
        #expect(CSSMinifier.minify(".a\\ { x: y }") == ".a\\ {x:y}")
        #expect(CSSMinifier.minify(".a\\  .b { }") == ".a\\  .b{}", "the escaped space and the descendant's space")
        #expect(CSSMinifier.minify("a { content: \"x\n  b: c }") == "a{content:\"x\n b:c}", "the newline that ends a string stays")
        #expect(CSSMinifier.minify("a { b: url(a/*b*/c.png) }") == "a{b:url(a/*b*/c.png)}")
    }
}
