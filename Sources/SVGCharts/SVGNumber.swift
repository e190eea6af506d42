/// Numbers as SVG and labels want them: no exponent, no grouping, no locale, at most two decimals,
/// integers without a fraction.
enum SVGNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths.magnitude >= 1e15 { return String(Int64(value.rounded())) }
        let whole = Int64(hundredths) / 100
        let fraction = Int64(hundredths.magnitude) % 100
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return sign + String(whole) + "." + digits
    }
}
