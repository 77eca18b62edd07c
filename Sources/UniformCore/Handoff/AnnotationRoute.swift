import UniformPlist

/// What an annotation routing rule decided for one hand-off.
public enum RouteDecision: Sendable {
    /// Deliver this annotation (possibly changed, possibly none).
    case deliver(PlistNode?)
    /// Refuse the hand-off, with the reason the user sees.
    case refuse(reason: String)
}

/// An annotation routing rule: (annotation, from, to, document) → annotation or refusal.
/// Routes chain in load order; the first refusal wins.
public protocol AnnotationRoute {
    /// Where the rule is defined, for explanations.
    var location: SourceLocation { get }
    func route(
        _ annotation: PlistNode?, from: String, to: String, document: DocumentType, file: String
    ) throws -> RouteDecision
}
