import Foundation
import Mustache

/// Swift equivalents of the `~lambdas` spec's code, by test name.
enum SpecLambdas {
    static func lambda(named name: String) -> MustacheLambda? {
        switch name {
        case "Interpolation": return MustacheLambda { _ in "world" }
        case "Interpolation - Expansion": return MustacheLambda { _ in "{{planet}}" }
        case "Interpolation - Alternate Delimiters": return MustacheLambda { _ in "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let calls = CallCounter()
            return MustacheLambda { _ in String(calls.next()) }
        case "Escaping": return MustacheLambda { _ in ">" }
        case "Section": return MustacheLambda { $0 == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion": return MustacheLambda { "\($0){{planet}}\($0)" }
        case "Section - Alternate Delimiters": return MustacheLambda { "\($0){{planet}} => |planet|\($0)" }
        case "Section - Multiple Calls": return MustacheLambda { "__\($0)__" }
        case "Inverted Section": return MustacheLambda { _ in "" }
        default: return nil
        }
    }
}
