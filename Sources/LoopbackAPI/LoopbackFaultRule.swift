/// When a fault is injected: which requests it matches and how many times it fires.
package struct LoopbackFaultRule: Sendable, Equatable {
    package enum Match: Sendable, Equatable {
        /// Every request.
        case any
        /// The request target exactly as sent, e.g. `/api/character?page=3` or `/api/character/avatar/1.jpeg`.
        case path(String)
        /// Targets that start with this, e.g. `/api/character/avatar/` for every picture.
        case pathPrefix(String)
        /// The n-th requests (1-based) counted from when the fault plan was set.
        case requestNumbers(Set<Int>)
        /// Every n-th request counted the same way: steady background faults, such as a 500 every 9th.
        case everyNth(Int)
    }

    package var match: Match
    package var fault: LoopbackFault
    /// How many matching requests get the fault; nil for all of them.
    package var times: Int?

    package init(_ match: Match, _ fault: LoopbackFault, times: Int? = nil) {
        self.match = match
        self.fault = fault
        self.times = times
    }

    func matches(target: String, number: Int) -> Bool {
        switch match {
        case .any: true
        case .path(let path): target == path
        case .pathPrefix(let prefix): target.hasPrefix(prefix)
        case .requestNumbers(let numbers): numbers.contains(number)
        case .everyNth(let period): period > 0 && number % period == 0
        }
    }
}
