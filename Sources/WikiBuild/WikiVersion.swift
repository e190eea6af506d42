/// The version `rmwiki --version` prints and pages name in their generator meta tag.
public enum WikiVersion {
    public static let current = "0.1.0"
}
