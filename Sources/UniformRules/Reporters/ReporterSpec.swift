/// One `--format F[:FILE]` argument: a reporter name, and where to write it (standard output
/// when no file is given). Several may be given at once.
public struct ReporterSpec: Hashable, Sendable {
    public var name: String
    public var path: String?

    public init(name: String, path: String? = nil) {
        self.name = name
        self.path = path
    }

    /// Splits at the first `:` (so a path may itself contain colons) and checks the name
    /// against `validNames` — the `check` formats unless told otherwise.
    public init(parsing spec: String, validNames: [String] = Reporters.findingNames) throws(ReporterSpecError) {
        let name: String
        var path: String?
        if let colon = spec.firstIndex(of: ":") {
            name = String(spec[..<colon])
            path = String(spec[spec.index(after: colon)...])
        } else {
            name = spec
        }
        guard validNames.contains(name) else { throw .unknownFormat(name, valid: validNames) }
        if path?.isEmpty == true { throw .missingPath(name) }
        self.init(name: name, path: path)
    }
}
