extension Finding {
    /// A finding of `rule`, with the severity its description gives (or its variant's).
    public init(
        _ rule: RuleDescription, variant: Bool = false, message: String, location: SourceLocation?,
        subject: String? = nil
    ) {
        self.init(
            rule: rule.id, severity: rule.severity(variant: variant),
            message: message, location: location, subject: subject)
    }

    /// Whether this finding is one of `rule`'s.
    public func isOf(_ rule: RuleDescription) -> Bool { self.rule == rule.id }
}

extension Finding {
    /// A finding of `rule` whose message is written on first read.
    init(
        _ rule: RuleDescription, variant: Bool = false, deferred message: any DeferredMessage,
        location: SourceLocation?, subject: String? = nil
    ) {
        self.init(
            rule: rule.id, severity: rule.severity(variant: variant),
            deferred: message, location: location, subject: subject)
    }
}
