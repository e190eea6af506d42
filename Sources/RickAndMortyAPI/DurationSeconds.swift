extension Duration {
    /// The duration as fractional seconds, for APIs that take a `TimeInterval`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
