/// A mistake in the local records (`data/*.json` of the content folder): the file, where in it, and what is
/// wrong. Nothing is published when one is found.
package struct LocalRecordsError: Error, CustomStringConvertible, Equatable {
    package let path: String
    package let line: Int
    package let column: Int
    package let message: String

    package var description: String {
        "\(path):\(line):\(column): \(message) (nothing was published)"
    }
}
