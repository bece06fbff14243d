import Minify
import Testing

/// A JSON template (the runtime's words) is minified once when templates compile; what it says must not change.
@Suite struct JSONMinifierTests {
    @Test func whitespaceOutsideStringsGoes() {
        #expect(JSONMinifier.minify("{\n  \"a\": [1, 2],\r\n\t\"b\" : {}\n}\n") == "{\"a\":[1,2],\"b\":{}}\n")
    }

    @Test func stringsAndMustacheTagsAreCopiedAsTheyAre() {
        #expect(JSONMinifier.minify(#"{ "a b": " x \" { y } ", "c": "{{ name }}…" }"#) == #"{"a b":" x \" { y } ","c":"{{ name }}…"}"#)
        // A section's lines: the tags stay, the indentation and line ends around them go.
        #expect(JSONMinifier.minify("{\n  \"a\": 1,\n{{#more}}\n  \"b\": {{{ b }}},\n{{/more}}\n  \"c\": 3\n}")
                == "{\"a\":1,{{#more}}\"b\":{{{ b }}},{{/more}}\"c\":3}")
        // Tags are where the template compiler finds them, after a set-delimiter tag too; a text whose tags do not
        // compile is left as written, for compiling it to report.
        #expect(JSONMinifier.minify("{{=<% %>=}}\n{ \"a\": <% a %>, \"b\": \"<% b %>\" }") == "{{=<% %>=}}{\"a\":<% a %>,\"b\":\"<% b %>\"}")
        #expect(JSONMinifier.minify("{ \"a\": {{a }") == "{ \"a\": {{a }")
        #expect(JSONMinifier.minify("{\n  {{#a}}\"a\": 1{{/a}}\n}") == "{ {{#a}}\"a\":1{{/a}}}", "`{` and `{{` stay apart")
    }
}
