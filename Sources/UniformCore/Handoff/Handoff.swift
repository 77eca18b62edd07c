import Foundation
import UniformPlist

/// Simulates a document hand-off on one device.
///
/// On iOS it is Open In (`UIDocumentInteractionController`): the receiver gets a copy in its
/// `Documents/Inbox` (or the original when it opens documents in place), the sender's bundle id
/// and the annotation, which routing rules may change or refuse. On macOS it is "open with"
/// (`NSWorkspace.open(_:withApplicationAt:configuration:)`): the receiver is asked to open the
/// document where it is; there is no Inbox and no annotation (`annotation` is a
/// `UIDocumentInteractionController` property; AppKit has no counterpart), so routes do not run.
/// Either way the receiver must be offered the document's type after hide rules, and folders
/// and packages are typed as such (`dir:Backup.cotsettings`, `Backup.cotsettings/`).
public struct Handoff {
    public var resolver: Resolver
    public var routes: [any AnnotationRoute]
    /// The device's platform; nil answers as iOS in a world without one.
    public var platform: Platform?
    /// The platforms the sender is an app of, when the world knows it: a hand-off happens on
    /// one device, so a sender of the other platform only is refused.
    public var senderPlatforms: [Platform]

    public init(
        resolver: Resolver, routes: [any AnnotationRoute] = [], platform: Platform? = nil,
        senderPlatforms: [Platform] = []
    ) {
        self.resolver = resolver
        self.routes = routes
        self.platform = platform
        self.senderPlatforms = senderPlatforms
    }

    /// What `file` names: a folder or package when written `dir:NAME` or `NAME/`, else a file
    /// (`file:NAME` forces one), and the name the receiver sees, without the prefix or slash.
    public static func document(_ file: String) -> (target: Target, name: String) {
        var text = Substring(file)
        var isDirectory = false
        if text.hasPrefix("dir:") {
            text = text.dropFirst(4)
            isDirectory = true
        } else if text.hasPrefix("file:") {
            text = text.dropFirst(5)
        } else if text.count > 1, text.hasSuffix("/") {
            isDirectory = true
        }
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        let path = String(text)
        return (isDirectory ? .directory(path) : .file(path), (path as NSString).lastPathComponent)
    }

    /// Where iOS puts an app's data; the bundle id stands in for the container UUID so
    /// answers are deterministic.
    public static func container(_ bundleID: String) -> String {
        "/private/var/mobile/Containers/Data/Application/\(bundleID)"
    }

    public func send(_ request: HandoffRequest) throws -> HandoffResult {
        if let annotation = request.annotation { try Self.validateAnnotation(annotation) }
        let request = spelledAsManifests(request)
        let (target, name) = Self.document(request.file)
        // On one platform's world, the query says which (policies read it as `q.platform`).
        let platform = self.platform ?? resolver.world.platform.only
        let resolution = try resolver.resolve(
            Query(target: target, role: .all, from: request.from, text: request.file, platform: platform))
        func refuse(_ reason: String, _ touches: [RuleTouch] = []) -> HandoffResult {
            HandoffResult(
                accepted: false, reason: reason, url: nil, sourceApplication: nil, annotation: nil,
                openInPlace: false, resolution: resolution, touches: touches, platform: platform)
        }
        if let platform, !senderPlatforms.isEmpty, !senderPlatforms.contains(platform) {
            return refuse(
                "\(request.from) is an app of \(senderPlatforms.map(PlatformScope.name).joined(separator: " and ")) only; a hand-off to \(request.to) happens on \(PlatformScope.name(platform)), on one device"
            )
        }
        guard let receiver = resolver.world.app(request.to) else {
            return refuse("no app '\(request.to)' in the world; load its manifest with -m")
        }
        guard resolution.handlers.contains(where: { $0.bundleID == request.to }) else {
            if let excluded = resolution.excluded.first(where: { $0.bundleID == request.to }) {
                return refuse(
                    "\(request.to) cannot open \(resolution.type.identifier): \(excluded.reason) (\(excluded.claim))")
            }
            return refuse(
                "\(request.to) does not claim \(resolution.type.identifier) or any of its supertypes, so it is not offered in Open In"
            )
        }

        if platform == .macos {
            return openWith(request, name: name, resolution: resolution)
        }

        var annotation = request.annotation
        var touches: [RuleTouch] = []
        for route in routes {
            switch try route.route(
                annotation, from: request.from, to: request.to, document: resolution.type, file: request.file)
            {
            case .deliver(let next):
                if next.map(Self.render) != annotation.map(Self.render) {
                    touches.append(RuleTouch(location: route.location, action: .changedAnnotation))
                }
                if let next { try Self.validateAnnotation(next) }
                annotation = next
            case .refuse(let reason):
                touches.append(RuleTouch(location: route.location, action: .refused, reason: reason))
                return refuse("refused by the routing rule at \(route.location): \(reason)", touches)
            }
        }

        let inPlace = receiver.supportsOpeningDocumentsInPlace == true
        let url =
            inPlace
            ? Self.fileURL(Self.container(request.from) + "/Documents/" + name)
            : Self.fileURL(
                Self.container(request.to) + "/Documents/Inbox/" + Self.inboxName(for: name, existing: request.inbox))
        return HandoffResult(
            accepted: true, reason: nil, url: url, sourceApplication: request.from, annotation: annotation,
            openInPlace: inPlace, resolution: resolution, touches: touches, platform: platform)
    }

    /// macOS: the receiver opens the document where it is. The URL is the document's own when
    /// the request gave an absolute path (a bare name has no place to name).
    private func openWith(_ request: HandoffRequest, name: String, resolution: Resolution) -> HandoffResult {
        let (target, _) = Self.document(request.file)
        let path: String =
            switch target {
            case .directory(let p), .file(let p): p
            default: name
            }
        var notes = [
            "on macOS a hand-off is \"open with\": \(request.to) is asked to open the document where it is (NSWorkspace), with no Inbox copy"
        ]
        if request.annotation != nil {
            notes.append(
                "the annotation is not delivered: annotations travel only with iOS's Open In (UIDocumentInteractionController.annotation)"
            )
        }
        if !routes.isEmpty {
            notes.append("routing rules did not run: they route annotations, which macOS does not pass")
        }
        return HandoffResult(
            accepted: true, reason: nil,
            url: path.hasPrefix("/") ? Self.fileURL(path + (target.isDirectory ? "/" : "")) : nil,
            sourceApplication: nil, annotation: nil, openInPlace: true, resolution: resolution, touches: [],
            platform: .macos, notes: notes)
    }

    /// The request with the sender and receiver as their manifests spell them, when the world
    /// has them: ids compare ignoring case (`BundleID`), and the routes, the container paths and
    /// `sourceApplication` then carry the id the system knows the app by.
    private func spelledAsManifests(_ request: HandoffRequest) -> HandoffRequest {
        var request = request
        if let from = resolver.world.app(request.from) { request.from = from.bundleID }
        if let to = resolver.world.app(request.to) { request.to = to.bundleID }
        return request
    }

    /// iOS de-duplicates Inbox copies as `name-1.ext`, `name-2.ext`, ….
    public static func inboxName(for name: String, existing: [String]) -> String {
        let taken = Set(existing)
        guard taken.contains(name) else { return name }
        let ns = name as NSString
        let ext = ns.pathExtension
        let stem = ext.isEmpty ? name : ns.deletingPathExtension
        var n = 1
        while true {
            let candidate = ext.isEmpty ? "\(stem)-\(n)" : "\(stem)-\(n).\(ext)"
            if !taken.contains(candidate) { return candidate }
            n += 1
        }
    }

    static func fileURL(_ path: String) -> String {
        "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }

    /// An annotation is a property list with a dictionary root.
    public static func validateAnnotation(_ node: PlistNode) throws {
        guard case .dictionary = node.value else {
            throw HandoffError(
                "an annotation must be a property list with a dictionary root, found \(node.kindDescription)")
        }
        func check(_ node: PlistNode) throws {
            switch node.value {
            case .uid: throw HandoffError("an annotation cannot hold keyed-archiver UIDs (at \(node.mark))")
            case .array(let items): try items.forEach(check)
            case .dictionary(let dict): try dict.entries.forEach { try check($0.value) }
            default: break
            }
        }
        try check(node)
    }

    static func render(_ node: PlistNode) -> String { JSONValue(plist: node).rendered(pretty: false) }
}

/// A hand-off that cannot even be attempted (bad annotation).
public struct HandoffError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
