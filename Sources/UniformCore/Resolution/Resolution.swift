/// A rule's mark on a resolution: which rule did what, and why.
public struct RuleTouch: Sendable, Hashable {
    public var location: SourceLocation
    public var action: Action
    public var reason: String?

    /// What the rule did. Reports render it with `description` (the same words in text and
    /// JSON), so rules and tests compare cases, not sentences.
    public enum Action: Sendable, Hashable, CustomStringConvertible {
        /// A hide rule took the candidate out.
        case hid
        /// A policy dropped the candidate.
        case dropped
        /// A policy pinned the candidate first.
        case pinned
        /// A policy moved the candidate; positions count from 1.
        case moved(from: Int, to: Int, policy: String)
        /// A rule made the app the default handler.
        case madeDefault
        /// An annotation route changed what is handed over.
        case changedAnnotation
        /// An annotation route refused the hand-off.
        case refused

        public var description: String {
            switch self {
            case .hid: "hid"
            case .dropped: "dropped"
            case .pinned: "pinned"
            case .moved(let from, let to, let policy): "moved from #\(from) to #\(to) by policy '\(policy)'"
            case .madeDefault: "default"
            case .changedAnnotation: "changed annotation"
            case .refused: "refused"
            }
        }
    }

    public init(location: SourceLocation, action: Action, reason: String? = nil) {
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
    private var marks: CopyOnWriteBox<Marks>?

    private struct Marks: Sendable {
        var isUserDefault = false
        var isPinned = false
        var touches: [RuleTouch] = []
        var reasons: [String]?
    }

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
        get { marks?.value.reasons ?? matched.explanation.reasons() }
        set { mark { $0.reasons = newValue } }
    }
    public var isUserDefault: Bool {
        get { marks?.value.isUserDefault ?? false }
        set { if newValue != isUserDefault { mark { $0.isUserDefault = newValue } } }
    }
    public var isPinned: Bool {
        get { marks?.value.isPinned ?? false }
        set { if newValue != isPinned { mark { $0.isPinned = newValue } } }
    }
    public var touches: [RuleTouch] {
        get { marks?.value.touches ?? [] }
        set { if !(newValue.isEmpty && marks == nil) { mark { $0.touches = newValue } } }
    }

    init(_ matched: MatchedClaim) {
        self.matched = matched
    }

    private mutating func mark(_ change: (inout Marks) -> Void) {
        var box = marks ?? CopyOnWriteBox(Marks())
        marks = nil // so that `box` holds the only reference unless another candidate shares it
        box.modify(change)
        marks = box
    }
}

/// A claim that matched but does not make its app a handler. The resolver's own exclusions
/// write their sentences on demand; stages (hide rules, policies) give theirs in full. The
/// resolver's own cost a claim and two small numbers; what stages give lives in a box.
public struct Exclusion: Sendable {
    private enum Origin: Sendable {
        /// The resolver refused the claim; its sentence is written when read.
        case refused(MatchedClaim, Refusal, RoleQuery)
        /// A stage took a candidate out, for the reason it gave.
        case removed(MatchedClaim)
        /// A stage described the whole exclusion.
        case given(GivenClaim)
    }

    /// What a stage gave in full: immutable, so shared freely.
    private final class GivenClaim: Sendable {
        let bundleID: String, claim: SourceLocation, rank: HandlerRank, role: HandlerRole
        let match: MatchKind, distance: Int, claimedType: String, path: [String]

        init(
            bundleID: String, claim: SourceLocation, rank: HandlerRank, role: HandlerRole, match: MatchKind,
            distance: Int, claimedType: String, path: [String]
        ) {
            self.bundleID = bundleID
            self.claim = claim
            self.rank = rank
            self.role = role
            self.match = match
            self.distance = distance
            self.claimedType = claimedType
            self.path = path
        }
    }

    /// What stages write on an exclusion: their reason and their marks.
    private struct Staged: Sendable {
        var reason: String?
        var touches: [RuleTouch] = []
    }

    private let origin: Origin
    private var staged: CopyOnWriteBox<Staged>?

    /// A fact read from the claim, or from what the stage gave.
    private func fact<T>(_ fromClaim: (MatchedClaim) -> T, _ fromGiven: (GivenClaim) -> T) -> T {
        switch origin {
        case .refused(let matched, _, _), .removed(let matched): fromClaim(matched)
        case .given(let given): fromGiven(given)
        }
    }

    public var bundleID: String { fact(\.bundleID, \.bundleID) }
    public var reason: String {
        if let reason = staged?.value.reason { return reason }
        if case .refused(let matched, let refusal, let query) = origin {
            return matched.sentence(for: refusal, query: query)
        }
        return "excluded"
    }
    public var claim: SourceLocation { fact(\.claimLocation, \.claim) }
    public var rank: HandlerRank { fact(\.rank, \.rank) }
    public var role: HandlerRole { fact(\.role, \.role) }
    public var match: MatchKind { fact(\.kind, \.match) }
    public var distance: Int { fact(\.distance, \.distance) }
    public var claimedType: String { fact(\.claimedType, \.claimedType) }
    public var path: [String] { fact(\.path, \.path) }
    public var touches: [RuleTouch] {
        get { staged?.value.touches ?? [] }
        set {
            if newValue.isEmpty && staged == nil { return }
            var box = staged ?? CopyOnWriteBox(Staged())
            staged = nil // so that `box` holds the only reference unless another exclusion shares it
            box.modify { $0.touches = newValue }
            staged = box
        }
    }

    public init(
        bundleID: String, reason: String, claim: SourceLocation, rank: HandlerRank, role: HandlerRole, match: MatchKind,
        distance: Int, claimedType: String, path: [String], touches: [RuleTouch] = []
    ) {
        origin = .given(
            GivenClaim(
                bundleID: bundleID, claim: claim, rank: rank, role: role, match: match,
                distance: distance, claimedType: claimedType, path: path))
        staged = CopyOnWriteBox(Staged(reason: reason, touches: touches))
    }

    init(_ matched: MatchedClaim, refusal: Refusal, query: RoleQuery) {
        origin = .refused(matched, refusal, query)
    }

    /// A candidate taken out by a stage (a hide rule, a policy's drop), for the reason given.
    public init(_ candidate: Candidate, reason: String, touches: [RuleTouch]) {
        origin = .removed(candidate.matched)
        staged = CopyOnWriteBox(Staged(reason: reason, touches: touches))
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
