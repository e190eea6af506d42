import WikiModel

/// The sizes the pages show avatars at, in CSS pixels, and the copies made of each avatar for them.
public enum AvatarSizes {
    /// A face in a row (`.character-row .card-image`, 2.75rem).
    public static let face = 44
    /// A card's picture on a 1× screen (`SiteModel.cardImageSide`); on screens of 2× or more cards take the original.
    public static let card = SiteModel.cardImageSide
    /// The shorter side of each copy: a face at 1×, 2× and 3× (phones), and a card at 1×.
    public static let sides = [face, face * 2, face * 3, card]
    /// What a face may cost at any density: a row of faces stays light on a fan's data plan.
    public static let faceBytes = 8 * 1024
    public static let byteLimits = [face: faceBytes, face * 2: faceBytes, face * 3: faceBytes]
}
