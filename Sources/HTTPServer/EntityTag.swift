import Foundation

/// `If-None-Match` evaluation (RFC 9110 §13.1.2: weak comparison).
public enum EntityTag {
    public static func matches(_ condition: String, _ tag: String) -> Bool {
        if condition.trimmingCharacters(in: .whitespaces) == "*" { return true }
        let wanted = opaque(tag)
        return condition.split(separator: ",").contains { opaque($0.trimmingCharacters(in: .whitespaces)) == wanted }
    }

    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
