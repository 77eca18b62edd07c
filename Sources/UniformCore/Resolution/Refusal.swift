/// Why a matching claim does not make its app a handler; the message is written only for the
/// exclusions that are reported.
enum Refusal: Sendable {
    /// A plug-in or informational role (`None`, `QLGenerator`, …).
    case notHandler
    /// `LSHandlerRank None`.
    case rankNone
    /// The claim's role does not satisfy the query's.
    case role
    /// A macOS app, and a type that conforms to neither `public.data` nor `com.apple.package` /
    /// `public.directory`: macOS binds no document to it (`UTCoreTypes.h`: types "must also
    /// conform to UTTypeData or UTTypePackage in order for the system to bind documents to
    /// them"). iOS binds it.
    case unbindableOnMac
}
