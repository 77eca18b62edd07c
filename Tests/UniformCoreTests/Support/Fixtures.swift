import Foundation
import UniformCore
import UniformPlist
import XCTest

/// Builds manifests and worlds from inline XML, and finds `../shared`.
enum Fixtures {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var sharedDirectory: URL { packageRoot.deletingLastPathComponent().appendingPathComponent("shared") }

    /// `../shared/<relative>`, or a skip with a message when absent.
    static func shared(_ relative: String) throws -> String {
        let url = sharedDirectory.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("\(url.path) is absent: place the shared data beside the package to run this test")
        }
        return url.path
    }

    static func example(_ relative: String) -> String {
        packageRoot.appendingPathComponent("examples").appendingPathComponent(relative).path
    }

    /// A manifest from the body of a root `<dict>`.
    static func manifest(
        _ body: String, file: String = "Info.plist", defines: [String: String] = [:]
    ) throws -> Manifest {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """
        let document = try PlistReader.read(bytes: Array(xml.utf8), file: file)
        return ManifestReader(defines: defines).read(document, file: file)
    }

    /// An app claiming types: `claims` are (content types, role, rank) triples.
    static func app(
        _ id: String, claims: [(types: [String], role: String, rank: String?)], extra: String = "", file: String? = nil
    ) throws -> Manifest {
        var body = "<key>CFBundleIdentifier</key><string>\(id)</string>\n<key>CFBundleDocumentTypes</key><array>\n"
        for claim in claims {
            body +=
                "<dict><key>CFBundleTypeName</key><string>Doc</string><key>CFBundleTypeRole</key><string>\(claim.role)</string>"
            if let rank = claim.rank { body += "<key>LSHandlerRank</key><string>\(rank)</string>" }
            body +=
                "<key>LSItemContentTypes</key><array>" + claim.types.map { "<string>\($0)</string>" }.joined()
                + "</array></dict>\n"
        }
        body += "</array>\n" + extra
        return try manifest(body, file: file ?? "\(id)/Info.plist")
    }

    /// An exported (or imported) declaration as plist XML.
    static func declaration(
        _ id: String, conformsTo: [String], extensions: [String] = [], mime: [String] = []
    ) -> String {
        var xml = "<dict><key>UTTypeIdentifier</key><string>\(id)</string><key>UTTypeConformsTo</key><array>"
        xml += conformsTo.map { "<string>\($0)</string>" }.joined() + "</array><key>UTTypeTagSpecification</key><dict>"
        if !extensions.isEmpty {
            xml +=
                "<key>public.filename-extension</key><array>" + extensions.map { "<string>\($0)</string>" }.joined()
                + "</array>"
        }
        if !mime.isEmpty {
            xml += "<key>public.mime-type</key><array>" + mime.map { "<string>\($0)</string>" }.joined() + "</array>"
        }
        return xml + "</dict></dict>"
    }

    static func resolve(_ target: String, in world: World, role: RoleQuery = .all) throws -> Resolution {
        try Resolver(world: world).resolve(
            Query(
                target: Target.parse(target, graph: world.graph, fileExists: { _ in false }), role: role, text: target))
    }
}
