import Foundation
import UniformCore

/// A question `uniform diff` asks of both worlds: who opens this extension, MIME type or
/// identifier. Only tags and identifiers some manifest or rule mentions are asked (the catalog
/// alone never changes between two revisions of a repository).
public struct DiffSubject: Hashable, Comparable, Sendable {
    public enum Kind: Int, Sendable { case fileExtension, mimeType, identifier }

    public var kind: Kind
    /// Lowercased for extensions and MIME types (they compare ignoring case).
    public var value: String

    public var target: Target {
        switch kind {
        case .fileExtension: .fileExtension(value)
        case .mimeType: .mimeType(value)
        case .identifier: .uti(value)
        }
    }

    /// The platform asked about, when the compared worlds have apps of both (each platform is
    /// its own world); nil otherwise.
    public var platform: Platform?

    public init(kind: Kind, value: String, platform: Platform? = nil) {
        self.kind = kind
        self.value = value
        self.platform = platform
    }

    /// `.pdb`, `chemical/x-pdb`, `com.acme.doc`; `.md (iOS)` when asked per platform.
    public var label: String {
        let text = kind == .fileExtension ? ".\(value)" : value
        return platform.map { "\(text) (\(PlatformScope.name($0)))" } ?? text
    }

    /// The same question on each platform.
    public func on(_ platforms: [Platform]) -> [DiffSubject] {
        platforms.count > 1 ? platforms.map { DiffSubject(kind: kind, value: value, platform: $0) } : [self]
    }

    public var kindName: String {
        switch kind {
        case .fileExtension: "extension"
        case .mimeType: "mime"
        case .identifier: "identifier"
        }
    }

    public static func < (a: DiffSubject, b: DiffSubject) -> Bool {
        (a.kind.rawValue, a.value, a.platform?.rawValue ?? "") < (b.kind.rawValue, b.value, b.platform?.rawValue ?? "")
    }

    /// Every extension, MIME type and identifier the world's manifests and rules declare or claim.
    public static func collect(from world: World) -> Set<DiffSubject> {
        var subjects = Set<DiffSubject>()
        func add(_ kind: Kind, _ value: String) {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed != "*", trimmed != "****" else { return }
            subjects.insert(DiffSubject(kind: kind, value: kind == .identifier ? trimmed : trimmed.lowercased()))
        }
        for id in world.graph.allIDs {
            for declaration in world.graph.declarations(id)
            where declaration.origin != .catalog && declaration.origin != .dynamic {
                add(.identifier, declaration.identifier)
                declaration.tags(ofClass: TagClass.filenameExtension).forEach { add(.fileExtension, $0) }
                declaration.tags(ofClass: TagClass.mimeType).forEach { add(.mimeType, $0) }
            }
        }
        for app in world.apps {
            for claim in app.claims {
                claim.contentTypes.forEach { add(.identifier, $0.value) }
                if !claim.hasContentTypes {
                    claim.extensions.forEach { add(.fileExtension, $0.value) }
                    claim.mimeTypes.forEach { add(.mimeType, $0.value) }
                }
            }
        }
        return subjects
    }
}
