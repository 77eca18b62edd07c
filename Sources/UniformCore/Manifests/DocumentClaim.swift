/// One `CFBundleDocumentTypes` entry: the types an app says it can open, and how.
public struct DocumentClaim: Sendable, Hashable {
    public var name: String?
    /// `nil` when `CFBundleTypeRole` is missing or unreadable; it then counts as Viewer.
    public var declaredRole: String?
    public var role: HandlerRole
    public var declaredRank: String?
    public var rank: HandlerRank
    /// `LSItemContentTypes`, with empty strings dropped (they are findings).
    public var contentTypes: [Located<String>]
    /// True when the entry has an `LSItemContentTypes` key with at least one identifier: the
    /// legacy keys are then ignored, as Apple documents.
    public var hasContentTypes: Bool { !contentTypes.isEmpty }
    public var extensions: [Located<String>]
    public var mimeTypes: [Located<String>]
    public var osTypes: [Located<String>]
    public var isPackage: Bool?
    public var iconFiles: [String]
    public var documentClass: String?
    /// Position of the entry's dictionary.
    public var location: SourceLocation
    /// Index of the entry in `CFBundleDocumentTypes`.
    public var index: Int

    public init(
        name: String? = nil, declaredRole: String? = nil, role: HandlerRole = .viewer,
        declaredRank: String? = nil, rank: HandlerRank = .default,
        contentTypes: [Located<String>] = [], extensions: [Located<String>] = [],
        mimeTypes: [Located<String>] = [], osTypes: [Located<String>] = [],
        isPackage: Bool? = nil, iconFiles: [String] = [], documentClass: String? = nil,
        location: SourceLocation, index: Int
    ) {
        self.name = name
        self.declaredRole = declaredRole
        self.role = role
        self.declaredRank = declaredRank
        self.rank = rank
        self.contentTypes = contentTypes
        self.extensions = extensions
        self.mimeTypes = mimeTypes
        self.osTypes = osTypes
        self.isPackage = isPackage
        self.iconFiles = iconFiles
        self.documentClass = documentClass
        self.location = location
        self.index = index
    }

    /// An entry with none of the four binding keys binds nothing.
    public var bindsNothing: Bool {
        contentTypes.isEmpty && extensions.isEmpty && mimeTypes.isEmpty && osTypes.isEmpty
    }
}
