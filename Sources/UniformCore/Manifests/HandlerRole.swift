/// `CFBundleTypeRole`. `None`, `QLGenerator` and `MDImporter` are plug-in or informational
/// claims and never make an app a handler.
public enum HandlerRole: String, Sendable, CaseIterable {
    case editor = "Editor"
    case viewer = "Viewer"
    case shell = "Shell"
    case none = "None"
    case qlGenerator = "QLGenerator"
    case mdImporter = "MDImporter"

    public var isHandler: Bool {
        switch self {
        case .editor, .viewer, .shell: true
        case .none, .qlGenerator, .mdImporter: false
        }
    }

    /// One bit per role, for `RoleQuery.acceptedRoles`.
    var bit: UInt8 {
        switch self {
        case .editor: 1
        case .viewer: 2
        case .shell: 4
        case .none: 8
        case .qlGenerator: 16
        case .mdImporter: 32
        }
    }

    public init?(plistValue: String) {
        // The usual spelling needs no Foundation comparison.
        if let exact = HandlerRole(rawValue: plistValue) {
            self = exact
            return
        }
        guard
            let role = HandlerRole.allCases.first(where: {
                $0.rawValue.caseInsensitiveCompare(plistValue) == .orderedSame
            })
        else {
            return nil
        }
        self = role
    }
}

/// The role a query asks for. `editor` implies `viewer`: an Editor claim satisfies a viewer
/// query, a Viewer claim does not satisfy an editor query.
public enum RoleQuery: String, Sendable, CaseIterable {
    case viewer
    case editor
    case shell
    case all

    public func accepts(_ role: HandlerRole) -> Bool {
        switch self {
        case .all: role.isHandler
        case .viewer: role == .viewer || role == .editor
        case .editor: role == .editor
        case .shell: role == .shell
        }
    }

    /// `accepts` as a set of `HandlerRole.bit`s, so the resolver tells a handler from a refusal
    /// with one AND per match instead of a call.
    var acceptedRoles: UInt8 {
        HandlerRole.allCases.reduce(0) { mask, role in accepts(role) ? mask | role.bit : mask }
    }

    /// The `LSHandlerRole…` key of a LaunchServices preferences entry for this role.
    public var preferencesKey: String {
        switch self {
        case .viewer: "LSHandlerRoleViewer"
        case .editor: "LSHandlerRoleEditor"
        case .shell: "LSHandlerRoleShell"
        case .all: "LSHandlerRoleAll"
        }
    }
}
