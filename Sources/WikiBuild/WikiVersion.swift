/// The version `rmwiki --version` prints and pages name in their generator meta tag.
package enum WikiVersion {
    package static let current = "0.1.0"
}
