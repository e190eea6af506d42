import Foundation

/// Reading what a build wrote.
package enum BuildFixture {
    package static func text(_ output: URL, _ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }
}
