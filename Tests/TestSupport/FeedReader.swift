import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an Atom feed with Foundation's XML parser, which also proves it well-formed: the entries' ids,
/// titles and summaries (decoded) and alternate links.
public final class FeedReader: NSObject, XMLParserDelegate {
    public struct Entry: Equatable, Sendable {
        public var id = ""
        public var title = ""
        public var summary = ""
        public var link: String?
        public var updated = ""
    }

    public private(set) var entries: [Entry] = []
    public private(set) var updated = ""
    private var current: Entry?
    private var text = ""

    /// The feed's entries, or an error naming the line where the XML breaks.
    public static func read(_ data: Data) throws -> FeedReader {
        let reader = FeedReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw FeedError(description: "the feed is not well-formed XML at line \(parser.lineNumber): "
                + String(describing: parser.parserError))
        }
        return reader
    }

    public func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        if element == "entry" { current = Entry() }
        if element == "link", attributes["rel"] == "alternate", current != nil { current?.link = attributes["href"] }
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    public func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
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
