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

/// One app that can open the document, with everything needed to say why.
public struct Candidate: Sendable {
    public var bundleID: String
    public var appName: String?
    public var rank: HandlerRank
    public var role: HandlerRole
    public var match: MatchKind
    public var distance: Int
    /// The `CFBundleDocumentTypes` entry that matched.
    public var claim: SourceLocation
    /// The identifier (or legacy tag) the claim named.
    public var claimedType: String
    /// Conformance path from the document's type to the claimed type.
    public var path: [String]
    /// Why the app is a candidate, most important first. Written on first read (see
    /// `CandidateExplanation`); stages that add reasons store the whole list.
    public var reasons: [String] {
        get { writtenReasons ?? explanation?.reasons() ?? [] }
        set { writtenReasons = newValue }
    }
    public var isUserDefault = false
    public var isPinned = false
    public var touches: [RuleTouch] = []
    private var writtenReasons: [String]?
    private var explanation: CandidateExplanation?

    init(bundleID: String, appName: String?, rank: HandlerRank, role: HandlerRole, match: MatchKind, distance: Int,
         claim: SourceLocation, claimedType: String, path: [String], explanation: CandidateExplanation) {
        self.bundleID = bundleID
        self.appName = appName
        self.rank = rank
        self.role = role
        self.match = match
        self.distance = distance
        self.claim = claim
        self.claimedType = claimedType
        self.path = path
        self.explanation = explanation
    }
}

/// A claim that matched but does not make its app a handler.
public struct Exclusion: Sendable {
    public var bundleID: String
    public var reason: String
    public var claim: SourceLocation
    public var rank: HandlerRank
    public var role: HandlerRole
    public var match: MatchKind
    public var distance: Int
    public var claimedType: String
    public var path: [String]
    public var touches: [RuleTouch] = []

    public init(bundleID: String, reason: String, claim: SourceLocation, rank: HandlerRank, role: HandlerRole, match: MatchKind,
                distance: Int, claimedType: String, path: [String], touches: [RuleTouch] = []) {
        self.bundleID = bundleID
        self.reason = reason
        self.claim = claim
        self.rank = rank
        self.role = role
        self.match = match
        self.distance = distance
        self.claimedType = claimedType
        self.path = path
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
