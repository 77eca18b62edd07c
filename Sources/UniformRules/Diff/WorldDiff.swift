import UniformCore

/// Two worlds compared on the questions a pull request raises: which types appeared,
/// disappeared or changed parents; which extensions, MIME types and identifiers got other
/// handlers or another default; which findings are new and which went away.
public struct WorldDiff: Sendable {
    public struct Reparented: Sendable {
        public var identifier: String
        public var before: [String]
        public var after: [String]
    }

    /// A type whose winning declaration changed hands or kind (imported → exported, another app).
    public struct Redeclared: Sendable {
        public var identifier: String
        public var before: String
        public var after: String
    }

    public struct HandlerChange: Sendable {
        public var subject: DiffSubject
        /// nil when the subject is not asked in that world (it never is: both worlds answer
        /// every subject, so a tag only one world declares shows as a dynamic type there).
        public var before: WorldSnapshot.Handlers
        public var after: WorldSnapshot.Handlers

        public var defaultChanged: Bool { before.defaultHandler != after.defaultHandler }
        public var gained: [String] { after.handlers.filter { !before.handlers.contains($0) } }
        public var lost: [String] { before.handlers.filter { !after.handlers.contains($0) } }
    }

    public var typesAdded: [WorldSnapshot.TypeSummary]
    public var typesRemoved: [WorldSnapshot.TypeSummary]
    public var reparented: [Reparented]
    public var redeclared: [Redeclared]
    /// Subjects whose type, handler list or default differ, in subject order.
    public var handlerChanges: [HandlerChange]
    public var findingsAdded: [Finding]
    public var findingsRemoved: [Finding]

    public var defaultChanged: Bool { handlerChanges.contains(where: \.defaultChanged) }
    public var isEmpty: Bool {
        typesAdded.isEmpty && typesRemoved.isEmpty && reparented.isEmpty && redeclared.isEmpty && handlerChanges.isEmpty
            && findingsAdded.isEmpty && findingsRemoved.isEmpty
    }

    public init(old: WorldSnapshot, new: WorldSnapshot) {
        typesAdded = new.types.filter { old.types[$0.key] == nil }.map(\.value).sorted { $0.identifier < $1.identifier }
        typesRemoved = old.types.filter { new.types[$0.key] == nil }.map(\.value).sorted {
            $0.identifier < $1.identifier
        }
        reparented = old.types.compactMap { key, before -> Reparented? in
            guard let after = new.types[key],
                after.parents.map({ $0.lowercased() }) != before.parents.map({ $0.lowercased() })
            else { return nil }
            return Reparented(identifier: after.identifier, before: before.parents, after: after.parents)
        }.sorted { $0.identifier < $1.identifier }
        redeclared = old.types.compactMap { key, before -> Redeclared? in
            guard let after = new.types[key], after.provenance != before.provenance else { return nil }
            return Redeclared(identifier: after.identifier, before: before.provenance, after: after.provenance)
        }.sorted { $0.identifier < $1.identifier }
        let subjects = Set(old.handlers.keys).union(new.handlers.keys).sorted()
        handlerChanges = subjects.compactMap { subject -> HandlerChange? in
            guard let before = old.handlers[subject], let after = new.handlers[subject], before != after else {
                return nil
            }
            return HandlerChange(subject: subject, before: before, after: after)
        }
        (findingsRemoved, findingsAdded) = Self.difference(old.findings, new.findings)
    }

    /// Multiset difference by key: (only in old, only in new), each in report order.
    static func difference(
        _ old: [WorldSnapshot.KeyedFinding], _ new: [WorldSnapshot.KeyedFinding]
    ) -> ([Finding], [Finding]) {
        func counts(_ list: [WorldSnapshot.KeyedFinding]) -> [String: Int] {
            list.reduce(into: [:]) { $0[$1.key, default: 0] += 1 }
        }
        func only(_ list: [WorldSnapshot.KeyedFinding], beyond other: [String: Int]) -> [Finding] {
            var budget = other
            return list.filter { item in
                if let n = budget[item.key], n > 0 {
                    budget[item.key] = n - 1
                    return false
                }
                return true
            }.map(\.finding).sorted(by: Finding.reportOrder)
        }
        return (only(old, beyond: counts(new)), only(new, beyond: counts(old)))
    }
}
