import Mustache
import Testing

struct ErrorTests {
    private func parseError(_ source: String) -> MustacheError? {
        do {
            _ = try TemplateLibrary(templates: ["page": source])
            return nil
        } catch {
            return error as? MustacheError
        }
    }

    @Test func unclosedSectionIsReportedAtItsOpeningTag() throws {
        let error = try #require(parseError("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n"))
        #expect(error.kind == .unclosedSection("items"))
        #expect(error.templateName == "page")
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.sourceLine == "  {{#items}}")
        #expect(error.caretLine == "  ^")
    }

    @Test func mismatchedClosingTagNamesBothTags() throws {
        let error = try #require(parseError("{{#a}}\n{{#b}}x{{/a}}\n{{/b}}"))
        #expect(error.kind == .mismatchedClosingTag(expected: "b", found: "a"))
        #expect(error.line == 2)
        #expect(error.column == 8)
    }

    @Test func closingTagWithoutSection() throws {
        let error = try #require(parseError("x{{/a}}"))
        #expect(error.kind == .unexpectedClosingTag("a"))
        #expect(error.column == 2)
    }

    @Test func unclosedTag() throws {
        let error = try #require(parseError("Hello, {{name!\nBye"))
        #expect(error.kind == .unclosedTag)
        #expect(error.line == 1)
        #expect(error.column == 8)
    }

    @Test func badDelimiterChange() throws {
        for source in ["{{=<% =}}", "{{=<% %> x=}}", "{{=a= b=}}", "{{==}}"] {
            let error = try #require(parseError(source), "\(source)")
            #expect(error.kind == .badDelimiters, "\(source)")
        }
    }

    @Test func invalidNames() throws {
        for source in ["{{}}", "{{a b}}", "{{a..b}}", "{{#.x}}{{/.x}}", "{{>}}"] {
            let error = try #require(parseError(source), "\(source)")
            #expect(error.kind == .invalidTag, "\(source)")
        }
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(parseError("ééé {{/x}}"))
        #expect(error.column == 5)
        #expect(error.caretLine == "    ^")
    }

    @Test func descriptionShowsPositionSourceLineCaretAndChain() throws {
        let library = try TemplateLibrary(
            templates: ["page": "<main>\n  {{#cards}}{{>card}}{{/cards}}\n</main>", "card": "<h2>{{name}}</h2>\n<p>{{nmae}}</p>"],
            strict: true)
        let error = try #require(throws: MustacheError.self) {
            try library.render("page", ["cards": [["name": "Rick"]]])
        }
        #expect(error.kind == .missingVariable("nmae"))
        #expect(error.templateName == "card")
        #expect(error.partialChain.map(\.description) == ["page:2:13"])
        #expect(error.description == """
            error: missing variable 'nmae' (strict mode)
              --> card:2:4
               |
             2 | <p>{{nmae}}</p>
               |    ^
              included from: page:2:13
            """)
    }

    @Test func chainListsEveryInclusionOutermostFirst() throws {
        let library = try TemplateLibrary(
            templates: ["a": "{{>b}}", "b": "\n {{>c}}", "c": "{{>*next}}"], strict: true)
        let error = try #require(throws: MustacheError.self) { try library.render("a", ["next": "nowhere"]) }
        #expect(error.kind == .unknownPartial("*next"))
        #expect(error.templateName == "c")
        #expect(error.partialChain.map(\.description) == ["a:1:1", "b:2:2"])
    }

    @Test func strictModeRejectsUnknownPartialsWhenTheLibraryIsBuilt() throws {
        let error = try #require(throws: MustacheError.self) {
            try TemplateLibrary(templates: ["page": "x\n  {{>missing}}"], strict: true)
        }
        #expect(error.kind == .unknownPartial("missing"))
        #expect(error.line == 2)
        #expect(error.column == 3)
    }

    @Test func defaultModeFollowsTheSpecForMissingNames() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{missing}}][{{>missing}}][{{>*missing}}]"])
        #expect(try library.render("page", [:]) == "[][][]")
    }

    @Test func strictModeAcceptsPresentNullsAndFalseySections() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{maybe}}]{{#absent}}x{{/absent}}{{^absent}}y{{/absent}}"],
                                          strict: true)
        #expect(try library.render("page", ["maybe": nil]) == "[]y")
    }

    @Test func unconditionalSelfInclusionThrowsInsteadOfCrashing() throws {
        let library = try TemplateLibrary(templates: ["loop": "x{{>loop}}", "a": "{{<b}}{{/b}}", "b": "{{<a}}{{/a}}"])
        for name in ["loop", "a"] {
            let error = try #require(throws: MustacheError.self) { try library.render(name, [:]) }
            #expect(error.kind == .recursionTooDeep)
        }
    }

    @Test func recursiveLambdaThrowsInsteadOfCrashing() throws {
        let lambda = MustacheLambda { _ in "{{#again}}.{{/again}}" }
        let library = try TemplateLibrary(templates: ["page": "{{#again}}{{/again}}"])
        let error = try #require(throws: MustacheError.self) { try library.render("page", ["again": .lambda(lambda)]) }
        #expect(error.kind == .recursionTooDeep)
    }

    @Test func badTemplateFromALambdaIsAnError() throws {
        let library = try TemplateLibrary(templates: ["page": "{{broken}}"])
        let error = try #require(throws: MustacheError.self) {
            try library.render("page", ["broken": .lambda(MustacheLambda { _ in "{{#open}}" })])
        }
        #expect(error.kind == .unclosedSection("open"))
        #expect(error.templateName == "page (lambda result)")
    }

    @Test func unknownTemplateNameListsTheLibrary() throws {
        let library = try TemplateLibrary(templates: ["a": "", "b": ""])
        let error = try #require(throws: MustacheError.self) { try library.render("c", [:]) }
        #expect(error.kind == .unknownTemplate("c"))
        #expect(error.description == "error: no template named 'c' (the library has: a, b)")
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "{{#a}}", count: 150) + String(repeating: "{{/a}}", count: 150)
        let error = try #require(parseError(deep))
        #expect(error.kind == .nestingTooDeep)
    }
}
