import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an Atom feed with Foundation's XML parser, which also proves it well-formed: the entries' ids,
/// titles and summaries (decoded) and alternate links.
package final class FeedReader: NSObject, XMLParserDelegate {
    package struct Entry: Equatable, Sendable {
        package var id = ""
        package var title = ""
        package var summary = ""
        package var link: String?
        package var updated = ""
    }

    package private(set) var entries: [Entry] = []
    package private(set) var updated = ""
    private var current: Entry?
    private var text = ""

    /// The feed's entries, or an error naming the line where the XML breaks.
    package static func read(_ data: Data) throws -> FeedReader {
        let reader = FeedReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw FeedError(description: "the feed is not well-formed XML at line \(parser.lineNumber): "
                + String(describing: parser.parserError))
        }
        return reader
    }

    package func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        if element == "entry" { current = Entry() }
        if element == "link", attributes["rel"] == "alternate", current != nil { current?.link = attributes["href"] }
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    package func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "entry":
            if let current { entries.append(current) }
            current = nil
        case "id": current?.id = text
        case "title": current?.title = text
        case "summary": current?.summary = text
        case "updated":
            if current == nil { updated = text } else { current?.updated = text }
        default: break
        }
        text = ""
    }
}
