/// One request as the loopback API saw and answered it.
public struct LoopbackRequestRecord: Sendable, Equatable {
    /// 1-based, counted since start or `resetCounters()`.
    public var number: Int
    public var target: String
    public var conditional: Bool
    public var status: Int
    public var fault: LoopbackFault?

    public init(number: Int, target: String, conditional: Bool, status: Int, fault: LoopbackFault?) {
        self.number = number
        self.target = target
        self.conditional = conditional
        self.status = status
        self.fault = fault
    }

    public var isImage: Bool { target.contains("/avatar/") }
}
