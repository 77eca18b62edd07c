extension JSONValue {
    /// The document as printed: every JSON document carries `schema_version` first (docs/SPEC.md §5).
    /// A list becomes `{"schema_version": N, "<key>": [...]}` so the version has a place.
    public func document(listKey: String) -> JSONValue {
        switch self {
        case .object(let members):
            if members.first?.0 == "schema_version" { return self }
            return .object([("schema_version", .int(uniformSchemaVersion))] + members)
        default:
            return .object([("schema_version", .int(uniformSchemaVersion)), (listKey, self)])
        }
    }
}
