/// The option keys each `uniform.*` query takes in its table argument: what the functions
/// accept (anything else is an error naming the nearest key) and what the REPL completes
/// inside `uniform.resolve(".pdb", { pla`.
enum QueryOptions {
    static let keys: [String: Set<String>] = [
        "type": ["conforming_to", "platform"],
        "lookup": ["extension", "mime", "os_type", "pasteboard", "conforming_to", "all", "platform"],
        "claims": ["platform"],
        "conforms": ["platform"],
        "supertypes": ["platform"],
        "tags": ["platform"],
        "resolve": resolve,
        "explain": resolve,
        "send": ["file", "from", "to", "annotation", "inbox", "platform"],
        "declarations": ["catalog", "platform"],
        "is_declared": ["platform"],
        "similar_types": ["platform"],
        "exposure": ["types", "type", "inside", "platform"],
        "plist_keys": ["context", "platform"],
    ]

    static let resolve: Set<String> = ["role", "from", "conforming_to", "platform", "policies"]

    /// The keys of `function` (`"resolve"`); none for a function without options.
    static func of(_ function: String) -> Set<String> { keys[function] ?? [] }
}
