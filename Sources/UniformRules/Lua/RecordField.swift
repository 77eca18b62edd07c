import UniformCore

/// A field's value in a record handed to Lua, before it becomes a Lua value: the one form both
/// builders read — `LuaBuilder` turns it into a `LuaValue` (whole tables for `uniform.resolve`
/// and reports), `LuaStackBuilder` pushes it straight onto the stack (a policy's lazy records).
enum RecordValue {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case location(SourceLocation)
    case strings([String])
}

/// The fields of a candidate record: the one list of their names and values. A policy's lazy
/// record fetches a field by name; `pairs` lists `allCases`; `LuaBuilder.candidate` builds all.
enum CandidateField: String, CaseIterable {
    case bundleID = "bundle_id"
    case name
    case rank
    case role
    case match
    case distance
    case claim
    case claimedType = "claimed_type"
    case path
    case reasons
    case userDefault = "user_default"
    case pinned

    /// `allCases`, made once (the synthesised property builds its array on every call).
    static let all = allCases

    /// nil for a field the candidate does not have (an app without a name).
    func value(of c: Candidate) -> RecordValue? {
        switch self {
        case .bundleID: .string(c.bundleID)
        case .name: c.appName.map(RecordValue.string)
        case .rank: .string(c.rank.rawValue)
        case .role: .string(c.role.rawValue)
        case .match: .string(c.match.rawValue)
        case .distance: .integer(c.distance)
        case .claim: .location(c.claim)
        case .claimedType: .string(c.claimedType)
        case .path: .strings(c.path)
        case .reasons: .strings(c.reasons)
        case .userDefault: .boolean(c.isUserDefault)
        case .pinned: .boolean(c.isPinned)
        }
    }
}

/// The fields of a policy's query table (and of `resolution.query`), likewise.
enum QueryField: String, CaseIterable {
    case text
    case kind
    case role
    case type
    case dynamic
    case supertypes
    case from
    case tag
    case tagClass = "tag_class"
    /// The platform answered for (`ios`, `macos`): each platform is its own world.
    case platform

    /// `allCases`, made once.
    static let all = allCases

    /// nil for a field the query does not have (`from`, a tag).
    func value(of q: Query, type: DocumentType, graph: TypeGraph) -> RecordValue? {
        switch self {
        case .text: .string(q.text)
        case .kind: .string(q.target.kind)
        case .role: .string(q.role.rawValue)
        case .type: .string(type.identifier)
        case .dynamic: .boolean(type.isDynamic)
        case .supertypes: .strings(type.ancestors.filter { $0.id != type.id }.map { graph.identifier($0.id) })
        case .from: q.from.map(RecordValue.string)
        case .tag: q.target.tag.map { .string($0.tag) }
        case .tagClass: q.target.tag.map { .string($0.tagClass) }
        case .platform: q.platform.map { .string($0.rawValue) }
        }
    }
}
