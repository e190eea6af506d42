/// What can stop a build, each as one line saying what failed and what to do.
package enum WikiBuildError: Error, CustomStringConvertible {
    case missingFolder(kind: String, path: String)
    case unreadableFile(path: String, reason: String)
    case badStringTable(path: String, reason: String)
    /// `locales.json` does not say which languages to build.
    case badLocaleList(path: String, reason: String)
    case template(String)
    /// A page rendered to nothing but whitespace; `blankTemplates` are the template files that hold no text.
    case emptyPage(path: String, template: String, blankTemplates: [String])
    /// `table` is the file the key belongs in; `presentIn` a locale whose table has it.
    case missingString(key: String, locale: String, table: String?, presentIn: String?)
    /// Keys one table has and another lacks, all of them in one message: a new language's table is written in one
    /// go, not one build per key.
    case missingStrings([StringGap])
    /// Words of the data that a language's table lacks, with `--strict`.
    case untranslatedWords([Untranslated])

    /// A word of the data a table lacks, where it shows and the entry that would translate it.
    package struct Untranslated: Sendable {
        let field: String
        let value: String
        let key: String
        let languages: [String]
        let pages: Int
        /// Every table, since they all take the same keys.
        let tables: [String]

        /// `species "Mytholog" has no fr translation (20 pages show it in English): add "term_species_Mytholog"
        /// to …/fr.json and every table`.
        /// A word of hundreds of characters (the data's strings are cut at 500) is shown by its first 60.
        var line: String {
            func shown(_ text: String) -> String { text.count > 60 ? text.prefix(60) + "…" : text }
            return "\(field) \"\(shown(value))\" has no \(languages.joined(separator: ", ")) translation "
                + "(\(pages == 1 ? "1 page shows" : "\(pages) pages show") it as the data gives it): "
                + "add \"\(shown(key))\" to " + tables.joined(separator: ", ")
        }
    }

    package struct StringGap: Sendable {
        let keys: [String]
        let locale: String
        let table: String
        let presentIn: String
    }

    package var description: String {
        switch self {
        case .missingFolder(let kind, let path):
            "no \(kind) folder at \(path): run rmwiki from the project folder or pass its path"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason)"
        case .badStringTable(let path, let reason):
            "string table \(path) is not a JSON object of strings: \(reason)"
        case .badLocaleList(let path, let reason):
            "locale list \(path) is not usable: \(reason)"
        case .template(let message):
            message
        case .emptyPage(let path, let template, let blankTemplates):
            "the page \(path) rendered empty from \(template)"
                + (blankTemplates.isEmpty
                    ? " and the layout and partials it uses"
                    : "; " + (blankTemplates.count == 1 ? "this template is" : "these templates are") + " empty: "
                        + blankTemplates.joined(separator: ", "))
                + ". A blank page is never published: the site was left as it was"
        case .missingString(let key, let locale, let table, let presentIn):
            "missing string '\(key)' in locale '\(locale)': add it to \(table ?? "the '\(locale)' string table")"
                + (presentIn.map { " (it is in '\($0)')" } ?? "")
        case .missingStrings(let gaps):
            gaps.map { gap in
                gap.keys.count == 1
                    ? WikiBuildError.missingString(key: gap.keys[0], locale: gap.locale, table: gap.table, presentIn: gap.presentIn)
                        .description
                    : "missing \(gap.keys.count) strings in locale '\(gap.locale)': add them to \(gap.table) (they are in "
                        + "'\(gap.presentIn)'): " + gap.keys.joined(separator: ", ")
            }.joined(separator: "\n")
        case .untranslatedWords(let words):
            "\(words.count == 1 ? "a word" : "\(words.count) words") of the data ha\(words.count == 1 ? "s" : "ve") no "
                + "translation (--strict), nothing was published:\n" + words.map(\.line).joined(separator: "\n")
        }
    }
}
