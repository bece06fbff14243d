import Testing
@testable import SiteGen
@testable import SiteSource

@Suite struct YAMLReaderTests {
    @Test func scalarsMappingsAndSequencesKeepTheirPositions() throws {
        let node = try YAMLReader.parse("title: Hi\nlinks:\n  - mastodon: \"@a@b.c\"\n", lineOffset: 1)
        let expected = YAMLNode.mapping([
            (key: .scalar("title", plain: true, at: .init(line: 2, column: 1)), value: .scalar("Hi", plain: true, at: .init(line: 2, column: 8))),
            (key: .scalar("links", plain: true, at: .init(line: 3, column: 1)), value: .sequence([
                .mapping([
                    (key: .scalar("mastodon", plain: true, at: .init(line: 4, column: 5)),
                     value: .scalar("@a@b.c", plain: false, at: .init(line: 4, column: 15))),
                ], at: .init(line: 4, column: 5)),
            ], at: .init(line: 4, column: 3))),
        ], at: .init(line: 2, column: 1))
        #expect(node == expected)
    }

    @Test func emptyDocumentIsAnEmptyMapping() throws {
        #expect(try YAMLReader.parse("") == .mapping([], at: .init(line: 1, column: 1)))
    }

    @Test func syntaxErrorPointsAtTheProblem() {
        #expect(throws: YAMLError(position: .init(line: 3, column: 6),
                                  message: "mapping values are not allowed in this context")) {
            try YAMLReader.parse("title: a\n  bad: [", lineOffset: 1)
        }
    }

    @Test func unclosedQuoteNamesWhereItStarted() {
        #expect(throws: YAMLError(position: .init(line: 3, column: 1),
                                  message: "found unexpected end of stream while scanning a quoted scalar that starts at line 2, column 8")) {
            try YAMLReader.parse("title: \"unclosed\n", lineOffset: 1)
        }
    }

    @Test func duplicateKeysAreErrors() {
        #expect(throws: YAMLError(position: .init(line: 2, column: 1), message: "duplicate key 'title' (first given at line 1)")) {
            try YAMLReader.parse("title: a\ntitle: b\n")
        }
    }

    @Test func aliasesAreRefused() {
        #expect(throws: YAMLError(position: .init(line: 2, column: 4),
                                  message: "YAML aliases (*name) are not supported in front matter; write the value out")) {
            try YAMLReader.parse("a: &x 1\nb: *x\n")
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: YAMLError(position: .init(line: 1, column: 65), message: "YAML nested more than 64 levels deep")) {
            try YAMLReader.parse(deep)
        }
        #expect(throws: Never.self) { try YAMLReader.parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) }
    }
}
