import Foundation
import Primitives

/// Why a response body with a success status was not usable; each is retried like a 5xx, because
/// on a healthy server the next attempt usually succeeds (a cut connection, a resolver that failed once).
enum BodyProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case truncated(expected: Int, received: Int)
    case malformedJSON(field: String, detail: String)
    case notAnImage(contentType: String?, byteCount: Int)
    /// A GraphQL answer whose `errors` say a resolver failed, not that the query is wrong.
    case graphQLErrors(path: String, message: String, more: Int)

    var description: String {
        switch self {
        case let .truncated(expected, received):
            "truncated body (\(received) of \(CountText.of(expected, "byte")))"
        case let .malformedJSON(field, detail):
            "malformed JSON at \(field): \(detail)"
        case let .notAnImage(contentType, byteCount):
            "not a complete JPEG or PNG image (Content-Type \(contentType ?? "missing"), \(CountText.of(byteCount, "byte")))"
        case let .graphQLErrors(path, message, more):
            "GraphQL error at \(path): \(message)" + (more > 0 ? " (and \(more) more)" : "")
        }
    }

    /// A body that stops in the middle of the document was probably cut on its way (a connection that closed
    /// early looks complete without a `Content-Length`): retried, as a `BodyProblem`. Any other decoding failure
    /// came whole and would come again: `APIError.invalidJSON`, saying what is wrong and where.
    static func classify(_ error: DecodingError, body: Data, url: String, method: String = "GET") -> any Error {
        if let diagnosis = JSONDiagnosis.of(body) {
            let detail = "\(diagnosis.problem) (byte \(diagnosis.offset))"
            let problem = BodyProblem.malformedJSON(field: diagnosis.field, detail: detail)
            return diagnosis.endsEarly ? problem : APIError.invalidJSON(url: url, problem: problem.description, method: method)
        }
        return APIError.invalidJSON(url: url, problem: from(error).description, method: method)
    }

    /// Names the field from the decoder's coding path, e.g. `results[3].origin.url`.
    static func from(_ error: DecodingError) -> BodyProblem {
        switch error {
        case let .typeMismatch(type, context):
            .malformedJSON(field: fieldName(context.codingPath), detail: "expected \(type)")
        case let .valueNotFound(type, context):
            .malformedJSON(field: fieldName(context.codingPath), detail: "expected \(type), found null")
        case let .keyNotFound(key, context):
            .malformedJSON(field: fieldName(context.codingPath + [key]), detail: "missing")
        case let .dataCorrupted(context):
            .malformedJSON(field: fieldName(context.codingPath), detail: context.debugDescription)
        @unknown default:
            .malformedJSON(field: "(document)", detail: String(describing: error))
        }
    }

    static func fieldName(_ path: [any CodingKey]) -> String {
        var name = ""
        for key in path {
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return name.isEmpty ? "(document)" : name
    }
}
