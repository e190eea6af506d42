import Foundation
import HTTPServer
import RickAndMortyAPI

extension LoopbackStore {
    /// Answers as the real API does: `/api`, `/api/character?page=N`, `/api/character/N`,
    /// `/api/character/1,2,3` (or `[1,2,3]`), `/api/character/avatar/N.jpeg`, and the same for location and
    /// episode; JSON 404s with the real API's messages; ETag, Last-Modified and 304s. (GraphQL at
    /// `/graphql` is answered by `LoopbackGraphQLResponder`.)
    func respond(to request: HTTPRequest) -> LoopbackReply {
        guard request.method == "GET" || request.method == "HEAD" else { return .nothingHere }
        var segments = request.path.split(separator: "/").map(String.init)
        guard segments.first == "api" else { return .nothingHere }
        segments.removeFirst()
        switch segments.count {
        case 0:
            return .json(200, rootBody())
        case 1:
            guard let kind = ResourceKind(rawValue: segments[0]) else { return .nothingHere }
            return list(kind, page: request.query["page"], request: request)
        case 2:
            guard let kind = ResourceKind(rawValue: segments[0]) else { return .nothingHere }
            return records(kind, ids: segments[1], request: request)
        case 3 where segments[0] == "character" && segments[1] == "avatar":
            return avatar(named: segments[2], request: request)
        default:
            return .nothingHere
        }
    }

    private func rootBody() -> [UInt8] {
        let base = rewrite.target
        return Array(#"{"characters":"\#(base)/character","locations":"\#(base)/location","episodes":"\#(base)/episode"}"#.utf8)
    }

    private func list(_ kind: ResourceKind, page parameter: String?, request: HTTPRequest) -> LoopbackReply {
        guard let number = parameter.map({ Int($0) }) ?? 1 else { return .nothingHere }
        let body: ServedBody?
        switch kind {
        case .character: body = characters.page(number, pageSize: pageSize, countShortfall: countShortfall, rewrite: rewrite)
        case .location: body = locations.page(number, pageSize: pageSize, countShortfall: countShortfall, rewrite: rewrite)
        case .episode: body = episodes.page(number, pageSize: pageSize, countShortfall: countShortfall, rewrite: rewrite)
        }
        guard let body else { return .nothingHere }
        return Self.conditional(body, request: request, isImage: false)
    }

    private func records(_ kind: ResourceKind, ids text: String, request: HTTPRequest) -> LoopbackReply {
        let isList = text.contains(",") || text.hasPrefix("[")
        let ids = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let notFound: String
        let body: ServedBody?
        switch kind {
        case .character:
            notFound = CharacterRecord.notFoundMessage
            body = isList ? characters.array(ids, rewrite: rewrite) : ids.first.flatMap { characters.single($0, rewrite: rewrite) }
        case .location:
            notFound = LocationRecord.notFoundMessage
            body = isList ? locations.array(ids, rewrite: rewrite) : ids.first.flatMap { locations.single($0, rewrite: rewrite) }
        case .episode:
            notFound = EpisodeRecord.notFoundMessage
            body = isList ? episodes.array(ids, rewrite: rewrite) : ids.first.flatMap { episodes.single($0, rewrite: rewrite) }
        }
        guard let body else { return .error(404, notFound) }
        return Self.conditional(body, request: request, isImage: false)
    }

    private func avatar(named name: String, request: HTTPRequest) -> LoopbackReply {
        guard name.hasSuffix(".jpeg"), let id = Int(name.dropLast(".jpeg".count)), let body = avatarBody(id) else {
            return .nothingHere
        }
        return Self.conditional(body, request: request, isImage: true)
    }

    private func avatarBody(_ id: Int) -> ServedBody? {
        if let cached = avatarBodies[id] { return cached }
        let body: ServedBody
        if let avatar = avatars[id] {
            body = ServedBody(bytes: avatar.bytes, contentType: avatar.contentType, lastModified: avatarsModified)
        } else if let folder = avatarFolder,
                  let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(id).jpeg").path) {
            // Served as image/jpeg whatever the bytes are, like the real API (336 of its .jpeg files are PNGs).
            body = ServedBody(bytes: Array(data), contentType: "image/jpeg", lastModified: avatarsModified)
        } else {
            return nil
        }
        avatarBodies[id] = body
        return body
    }

    /// 304 when `If-None-Match` names the current ETag or, without it, when `If-Modified-Since` is not older
    /// than the content (RFC 9110 §13.2.2: the ETag test takes precedence).
    static func conditional(_ body: ServedBody, request: HTTPRequest, isImage: Bool) -> LoopbackReply {
        var headers: HTTPHeaders = [
            "Content-Type": body.contentType,
            "ETag": body.etag,
            "Last-Modified": HTTPDate.string(from: body.lastModified),
        ]
        let notModified: Bool
        if let tags = request.headers["If-None-Match"] {
            notModified = tags.split(separator: ",").contains { tag in
                let tag = tag.trimmingCharacters(in: .whitespaces)
                return tag == "*" || tag == body.etag || tag == "W/" + body.etag
            }
        } else if let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.date(from:)) {
            notModified = body.lastModified <= since
        } else {
            notModified = false
        }
        if notModified {
            headers.remove("Content-Type")
            return LoopbackReply(status: 304, headers: headers, body: [], isImage: isImage)
        }
        return LoopbackReply(status: 200, headers: headers, body: body.bytes, isImage: isImage)
    }
}
