/// How an app reaches its users. App Store Connect's document-type messages (ITMS-90788,
/// ITMS-90737) are warnings at upload; for an app distributed outside the App Store nothing
/// ever shows them, so the checks that quote them speak more softly there.
public enum Distribution: String, Sendable, CaseIterable {
    case appStore = "app-store"
    case outside

    /// Sparkle's keys: an app that updates itself with Sparkle ships outside the Mac App Store
    /// (Sparkle's documentation: it is not for apps distributed through the Mac App Store, whose
    /// updates come from the store).
    static let selfUpdateKeys: Set<String> = ["SUFeedURL", "SUPublicEDKey", "SUPublicDSAKeyFile"]
}
