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
/// write their sentences on demand; stages (hide rules, policies) give theirs in full.
public struct Exclusion: Sendable {
    private enum Facts: Sendable {
        case matched(MatchedClaim)
        /// Boxed: a resolver's exclusion is then a few words, as a candidate is.
        indirect case given(bundleID: String, claim: SourceLocation, rank: HandlerRank, role: HandlerRole,
                   match: MatchKind, distance: Int, claimedType: String, path: [String])
    }
    private enum Reason: Sendable {
        case refusal(Refusal, RoleQuery)
        case given(String)
    }
    private let facts: Facts
    private let why: Reason

    public var bundleID: String {
        switch facts {
        case .matched(let m): m.bundleID
        case .given(let bundleID, _, _, _, _, _, _, _): bundleID
        }
    }
    public var reason: String {
        switch (why, facts) {
        case (.refusal(let refusal, let query), .matched(let m)): m.sentence(for: refusal, query: query)
        case (.given(let reason), _): reason
        case (.refusal, .given): "excluded"
        }
    }
    public var claim: SourceLocation {
        switch facts {
        case .matched(let m): m.claimLocation
        case .given(_, let claim, _, _, _, _, _, _): claim
        }
    }
    public var rank: HandlerRank {
        switch facts {
        case .matched(let m): m.rank
        case .given(_, _, let rank, _, _, _, _, _): rank
        }
    }
    public var role: HandlerRole {
        switch facts {
        case .matched(let m): m.role
        case .given(_, _, _, let role, _, _, _, _): role
        }
    }
    public var match: MatchKind {
        switch facts {
        case .matched(let m): m.kind
        case .given(_, _, _, _, let match, _, _, _): match
        }
    }
    public var distance: Int {
        switch facts {
        case .matched(let m): m.distance
        case .given(_, _, _, _, _, let distance, _, _): distance
        }
    }
    public var claimedType: String {
        switch facts {
        case .matched(let m): m.claimedType
        case .given(_, _, _, _, _, _, let claimedType, _): claimedType
        }
    }
    public var path: [String] {
        switch facts {
        case .matched(let m): m.path
        case .given(_, _, _, _, _, _, _, let path): path
        }
    }
    public var touches: [RuleTouch] = []

    public init(bundleID: String, reason: String, claim: SourceLocation, rank: HandlerRank, role: HandlerRole, match: MatchKind,
                distance: Int, claimedType: String, path: [String], touches: [RuleTouch] = []) {
        facts = .given(bundleID: bundleID, claim: claim, rank: rank, role: role, match: match,
                       distance: distance, claimedType: claimedType, path: path)
        why = .given(reason)
        self.touches = touches
    }

    init(_ matched: MatchedClaim, refusal: Refusal, query: RoleQuery) {
        facts = .matched(matched)
        why = .refusal(refusal, query)
    }

    /// A candidate taken out by a stage (a hide rule, a policy's drop), for the reason given.
    public init(_ candidate: Candidate, reason: String, touches: [RuleTouch]) {
        facts = .matched(candidate.matched)
        why = .given(reason)
        self.touches = touches
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
}
