import Foundation

extension Date {
    /// Whole seconds, as HTTP dates carry them.
    func rounded() -> Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
