/// A mistake in the local records (`data/*.json` of the content folder): the file, where in it, and what is
/// wrong. Nothing is published when one is found.
package struct LocalRecordsError: Error, CustomStringConvertible, Equatable {
    let path: String
    let line: Int
    let column: Int
    let message: String

    package var description: String {
        "\(path):\(line):\(column): \(message) (nothing was published)"
    }
}
