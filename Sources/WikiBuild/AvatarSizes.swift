/// The sizes the pages show avatars at, in CSS pixels, and the copies made of each avatar for them.
public enum AvatarSizes {
    /// A face in a row (`.character-row .card-image`, 2.75rem).
    public static let face = 44
    /// The smallest a card's picture is drawn (`.card-grid`'s 10rem column).
    public static let card = 160
    /// The shorter side of each copy: a face at 1×, 2× and 3× (phones), and a card at 1×. The original
    /// (300 px for the API's avatars) stays the largest candidate.
    public static let sides = [face, face * 2, face * 3, card]
}
