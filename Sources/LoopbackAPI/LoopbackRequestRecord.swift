/// One request as the loopback API saw and answered it.
public struct LoopbackRequestRecord: Sendable, Equatable {
    /// 1-based, counted since start or `resetCounters()`.
    public var number: Int
    public var target: String
    public var conditional: Bool
    public var status: Int
    public var fault: LoopbackFault?
    /// When the request arrived, on the clock tests and clients share: shows pauses and rates as the API saw them.
    public var arrived: ContinuousClock.Instant

    public init(
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

    public var isImage: Bool { target.contains("/avatar/") }
}
