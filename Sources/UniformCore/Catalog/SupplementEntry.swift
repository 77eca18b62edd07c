/// A supplement declaration with what the catalog format carries beside it: the releases that
/// declare the type (`@os=`), how far its facts are trusted (`@trust=`), who declares it
/// (`@bundle=`) and the public sources of its facts (`@source=`).
public struct SupplementEntry: Sendable {
    /// How a line's facts are known, as `docs/evidence.md` grades sources.
    public enum Trust: String, Sendable, CaseIterable {
        /// An Apple document or SDK header states them.
        case documented
        /// Output of a real system shows them (an `lsregister` dump, `mdls`, a captured table).
        case observed
        /// Nothing states them; the line says why it is believed.
        case guess
    }

    public var declaration: CatalogDeclaration
    /// The catalog file the line is in, for reports (`<system catalog: SystemBundles>`).
    public var file: String
    public var availability: OSAvailability
    public var trust: Trust
    /// The system bundle or framework that declares the type.
    public var bundle: String?
    public var sources: [String]

    /// Reads a parsed line's `@` fields; the error says which one is missing or wrong. A line
    /// parsed without its sources (for the type graph) is read with `requiringSources` off.
    init(_ parsed: CatalogDeclaration, file: String, requiringSources: Bool = true) throws {
        var declaration = parsed
        func field(_ name: String) -> [String]? { parsed.tags.first { $0.tagClass == name }?.values }
        func failure(_ reason: String) -> CatalogParser.Failure {
            CatalogParser.Failure(line: parsed.line, reason: "\(parsed.identifier): \(reason)")
        }
        guard let os = field("@os") else { throw failure("no @os= field (the releases that declare the type)") }
        switch OSAvailability.parse(os) {
        case .success(let availability): self.availability = availability
        case .failure(let error): throw failure(error.description)
        }
        guard let trustText = field("@trust")?.first, let trust = Trust(rawValue: trustText) else {
            throw failure("no @trust= field, or not documented, observed or guess")
        }
        self.trust = trust
        let sources = field("@source") ?? []
        guard !requiringSources || !sources.allSatisfy({ $0.isEmpty }) else {
            throw failure("no @source= field: every line says where its facts come from")
        }
        self.sources = sources
        bundle = field("@bundle")?.joined(separator: "|")
        self.file = file
        declaration.tags = parsed.tags.filter { !$0.tagClass.hasPrefix("@") }
        self.declaration = declaration
    }
}
