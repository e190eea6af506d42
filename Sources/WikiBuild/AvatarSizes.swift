/// The sizes the pages show avatars at, in CSS pixels, and the copies made of each avatar for them.
public enum AvatarSizes {
    /// A face in a row (`.character-row .card-image`, 2.75rem).
    public static let face = 44
    /// The shorter side of each copy: a face at 1×, 2× and 3× (phones). Cards get none: drawn 160 to 200 CSS
    /// pixels wide, they need the 300-px original on any screen of 2× or more, and a `srcset` on every card
    /// made the Citadel's page 23 KB heavier for the rare 1× phone.
    public static let sides = [face, face * 2, face * 3]
}
