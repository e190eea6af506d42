/// One request as the loopback API saw and answered it.
package struct LoopbackRequestRecord: Sendable, Equatable {
    /// 1-based, counted since start or `resetCounters()`.
    package var number: Int
    package var target: String
    package var conditional: Bool
    package var status: Int
    package var fault: LoopbackFault?
    /// When the request arrived, on the clock tests and clients share: shows pauses and rates as the API saw them.
    package var arrived: ContinuousClock.Instant

    package init(
        number: Int, target: String, conditional: Bool, status: Int, fault: LoopbackFault?,
        arrived: ContinuousClock.Instant = .now
    ) {
        self.number = number
        self.target = target
        self.conditional = conditional
        self.status = status
        self.fault = fault
        self.arrived = arrived
    }

    package var isImage: Bool { target.contains("/avatar/") }
}
