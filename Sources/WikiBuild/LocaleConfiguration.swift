import Foundation

/// `Templates/locales/locales.json`: the languages the site is generated in, first the one at the root.
/// Adding a language is one line here plus its table `Templates/locales/<code>.json`.
struct LocaleConfiguration: Decodable {
    struct Entry: Decodable {
        let code: String
        let folder: String
    }

    let locales: [Entry]

    static func parse(_ file: (bytes: [UInt8], path: String)) throws -> LocaleConfiguration {
        let configuration: LocaleConfiguration
        do {
            configuration = try JSONDecoder().decode(LocaleConfiguration.self, from: Data(file.bytes))
        } catch {
            throw WikiBuildError.badLocaleList(
                path: file.path, reason: #"expected {"locales": [{"code": "en", "folder": ""}, …]}"#)
        }
        guard let first = configuration.locales.first, first.folder.isEmpty else {
            throw WikiBuildError.badLocaleList(path: file.path, reason: "the first locale must have an empty folder (the site's root)")
        }
        let folders = configuration.locales.dropFirst().map(\.folder)
        let safe = folders.allSatisfy { folder in
            !folder.isEmpty && folder.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && folder.first != "-"
        }
        let codes = configuration.locales.map(\.code)
        let codesSafe = codes.allSatisfy { code in
            !code.isEmpty && code.count <= 35 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        guard safe, codesSafe, Set(folders).count == folders.count,
              Set(configuration.locales.map(\.code)).count == configuration.locales.count
        else {
            throw WikiBuildError.badLocaleList(path: file.path, reason: "each locale needs its own code (a language tag such as fr or pt-BR) and a folder of letters, digits and dashes")
        }
        return configuration
    }
}
