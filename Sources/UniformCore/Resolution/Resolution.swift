/// A rule's mark on a resolution: which rule did what, and why.
public struct RuleTouch: Sendable, Hashable {
    public var location: SourceLocation
    /// `hid`, `dropped`, `pinned`, `moved`, `default` …
    public var action: String
    public var reason: String?

    public init(location: SourceLocation, action: String, reason: String? = nil) {
        self.location = location
        self.action = action
        self.reason = reason
    }
}

/// One app that can open the document, with everything needed to say why. The facts are read
/// from the world on demand (see `MatchContext`), so a candidate costs a few words until a
/// report or a rule asks about it; what stages and user defaults mark on it (rarely anything)
/// lives in a box made on the first mark.
public struct Candidate: Sendable {
    let matched: MatchedClaim
    private var marks: Marks?

    public var bundleID: String { matched.bundleID }
    /// The app's index in `World.apps` of the world that answered.
    public var appIndex: Int { matched.match.reference.app }
    public var appName: String? { matched.appName }
    public var rank: HandlerRank { matched.rank }
    public var role: HandlerRole { matched.role }
    public var match: MatchKind { matched.kind }
    public var distance: Int { matched.distance }
    /// The `CFBundleDocumentTypes` entry that matched.
    public var claim: SourceLocation { matched.claimLocation }
    /// The identifier (or legacy tag) the claim named.
    public var claimedType: String { matched.claimedType }
    /// Conformance path from the document's type to the claimed type.
    public var path: [String] { matched.path }
    /// Why the app is a candidate, most important first. Written on first read; stages that
    /// add reasons store the whole list.
    public var reasons: [String] {
        get { marks?.reasons ?? matched.explanation.reasons() }
        set { markable().reasons = newValue }
    }
    public var isUserDefault: Bool {
        get { marks?.isUserDefault ?? false }
        set { if newValue != isUserDefault { markable().isUserDefault = newValue } }
    }
    public var isPinned: Bool {
        get { marks?.isPinned ?? false }
        set { if newValue != isPinned { markable().isPinned = newValue } }
    }
    public var touches: [RuleTouch] {
        get { marks?.touches ?? [] }
        set { if !(newValue.isEmpty && marks == nil) { markable().touches = newValue } }
    }

    init(_ matched: MatchedClaim) {
        self.matched = matched
    }

    /// The marks, copied first if another candidate value shares them.
    private mutating func markable() -> Marks {
        if marks == nil {
            marks = Marks()
        } else if !isKnownUniquelyReferenced(&marks) {
            marks = Marks(copying: marks!)
        }
        return marks!
    }

    /// Copied on write (see `markable`), so candidate values never share a change.
    private final class Marks: @unchecked Sendable {
        var isUserDefault = false
        var isPinned = false
        var touches: [RuleTouch] = []
        var reasons: [String]?

        init() {}

        init(copying other: Marks) {
            isUserDefault = other.isUserDefault
            isPinned = other.isPinned
            touches = other.touches
            reasons = other.reasons
        }
    }
}

/// A claim that matched but does not make its app a handler. The resolver's own exclusions
/// write their sentences on demand; stages (hide rules, policies) give theirs in full. The
/// resolver's own cost a claim and two small numbers; what stages give lives in a box.
public struct Exclusion: Sendable {
    /// The claim behind it; nil for an exclusion given in full.
    private let matched: MatchedClaim?
    /// Why the resolver refused the claim; nil when a stage gave the reason.
    private let refusal: Refusal?
    private let query: RoleQuery
    private var extra: Extra?

    public var bundleID: String { matched?.bundleID ?? extra!.given!.bundleID }
    public var reason: String {
        if let reason = extra?.reason { return reason }
        if let matched, let refusal { return matched.sentence(for: refusal, query: query) }
        return "excluded"
    }
    public var claim: SourceLocation { matched?.claimLocation ?? extra!.given!.claim }
    public var rank: HandlerRank { matched?.rank ?? extra!.given!.rank }
    public var role: HandlerRole { matched?.role ?? extra!.given!.role }
    public var match: MatchKind { matched?.kind ?? extra!.given!.match }
    public var distance: Int { matched?.distance ?? extra!.given!.distance }
    public var claimedType: String { matched?.claimedType ?? extra!.given!.claimedType }
    public var path: [String] { matched?.path ?? extra!.given!.path }
    public var touches: [RuleTouch] {
        get { extra?.touches ?? [] }
        set {
            if newValue.isEmpty && extra == nil { return }
            if extra == nil {
                extra = Extra()
            } else if !isKnownUniquelyReferenced(&extra) {
                extra = Extra(copying: extra!)
            }
            extra!.touches = newValue
        }
    }

    public init(bundleID: String, reason: String, claim: SourceLocation, rank: HandlerRank, role: HandlerRole, match: MatchKind,
                distance: Int, claimedType: String, path: [String], touches: [RuleTouch] = []) {
        matched = nil
        refusal = nil
        query = .all
        let extra = Extra()
        extra.given = Given(bundleID: bundleID, claim: claim, rank: rank, role: role, match: match,
                            distance: distance, claimedType: claimedType, path: path)
        extra.reason = reason
        extra.touches = touches
        self.extra = extra
    }

    init(_ matched: MatchedClaim, refusal: Refusal, query: RoleQuery) {
        self.matched = matched
        self.refusal = refusal
        self.query = query
    }

    /// A candidate taken out by a stage (a hide rule, a policy's drop), for the reason given.
    public init(_ candidate: Candidate, reason: String, touches: [RuleTouch]) {
        matched = candidate.matched
        refusal = nil
        query = .all
        let extra = Extra()
        extra.reason = reason
        extra.touches = touches
        self.extra = extra
    }

    private struct Given: Sendable {
        var bundleID: String
        var claim: SourceLocation
        var rank: HandlerRank
        var role: HandlerRole
        var match: MatchKind
        var distance: Int
        var claimedType: String
        var path: [String]
    }

    /// Copied on write (see `touches`), so exclusion values never share a change.
    private final class Extra: @unchecked Sendable {
        var given: Given?
        var reason: String?
        var touches: [RuleTouch] = []

        init() {}

        init(copying other: Extra) {
            given = other.given
            reason = other.reason
            touches = other.touches
        }
    }
}

/// The answer to a query: the type, the ranked handlers, the excluded claims, the default.
public struct Resolution: Sendable {
    public var query: Query
    public var type: DocumentType
    public var handlers: [Candidate]
    public var excluded: [Exclusion]
    /// Decided last: see `Resolver.decideDefault`.
    public var defaultHandler: String?
    /// Quick Look can preview the type (never a handler).
    public var previewable: Bool
    /// Notes about user defaults and rules that did not apply.
    public var notes: [String]
    /// Quick Look preview extensions in the world whose `QLSupportedContentTypes` the type
    /// conforms to, by bundle id: why a type the system cannot preview is previewable here.
    public var previewedBy: [String] = []
}
