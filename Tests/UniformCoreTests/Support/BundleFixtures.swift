import Foundation
import XCTest
import ZIPFoundation

/// Builds small built products on disk — `.app` folders (iOS flat and macOS `Contents/`
/// layouts), `.ipa` zips and `.xcarchive`s — from the example manifests.
struct BundleFixtures {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("uniform-bundles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// `examples/molecules/apps/<name>/Info.plist` as bytes.
    static func example(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: Fixtures.example("molecules/apps/\(name)/Info.plist")))
    }

    /// The same plist in Apple's binary format, as Xcode writes it into a built product.
    static func binary(_ xml: Data) throws -> Data {
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        XCTAssertEqual(Array(data.prefix(6)), Array("bplist".utf8))
        return data
    }

    enum Layout { case ios, macos }

    /// Writes `data` at `relative` under the root (creating folders); returns the URL.
    @discardableResult
    func write(_ data: Data, at relative: String) throws -> URL {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    /// A bundle at `relative` (e.g. `products/Molecules.app`) with its Info.plist.
    @discardableResult
    func bundle(_ relative: String, layout: Layout, plist: Data) throws -> URL {
        try write(plist, at: relative + (layout == .macos ? "/Contents/Info.plist" : "/Info.plist"))
        try write(Data("binary".utf8), at: relative + (layout == .macos ? "/Contents/MacOS/exe" : "/exe"))
        return root.appendingPathComponent(relative)
    }

    /// Zips the folder `relative` into `ipa` (relative to the root) with deflate, entries
    /// named by their path under `base` (e.g. `Payload/Molecules.app/Info.plist`).
    @discardableResult
    func zip(_ relative: String, base: String, into ipa: String) throws -> URL {
        let url = root.appendingPathComponent(ipa)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let archive = try Archive(url: url, accessMode: .create)
        let baseURL = root.appendingPathComponent(base)
        let folder = root.appendingPathComponent(relative)
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        var files: [String] = []
        while let item = enumerator.nextObject() as? String { files.append(item) }
        let prefix = String(folder.path.dropFirst(baseURL.path.count + 1))
        for item in files.sorted() {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(item).path, isDirectory: &isDirectory)
            if isDirectory.boolValue { continue }
            try archive.addEntry(with: prefix + "/" + item, relativeTo: baseURL, compressionMethod: .deflate)
        }
        return url
    }

    /// A zip with the given members, for hostile archives.
    @discardableResult
    func zip(
        members: [(path: String, data: Data)], into ipa: String, compression: CompressionMethod = .deflate
    ) throws -> URL {
        let url = root.appendingPathComponent(ipa)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let archive = try Archive(url: url, accessMode: .create)
        for member in members {
            try archive.addEntry(
                with: member.path, type: .file, uncompressedSize: Int64(member.data.count),
                compressionMethod: compression
            ) { position, size in
                member.data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    /// The six Molecules example apps as bundles under `folder`: Molecules (iOS) with PDB
    /// Preview as a plug-in and a widget extension that declares no types, TextPad with a
    /// binary Info.plist, FileBox and Unzipper in the macOS layout.
    func moleculesApps(in folder: String) throws {
        try bundle("\(folder)/Molecules.app", layout: .ios, plist: Self.example("Molecules"))
        try bundle("\(folder)/Molecules.app/PlugIns/PDBPreview.appex", layout: .ios, plist: Self.example("PDBPreview"))
        try bundle("\(folder)/Molecules.app/PlugIns/Widget.appex", layout: .ios, plist: Data(Self.widget.utf8))
        try bundle("\(folder)/TextPad.app", layout: .ios, plist: Self.binary(Self.example("TextPad")))
        try bundle("\(folder)/FileBox.app", layout: .macos, plist: Self.example("FileBox"))
        try bundle("\(folder)/Unzipper.app", layout: .macos, plist: Self.example("Unzipper"))
        try bundle("\(folder)/LabNotes.app", layout: .ios, plist: Self.example("LabNotes"))
    }

    static let appNames = ["FileBox", "LabNotes", "Molecules", "TextPad", "Unzipper"]

    /// An app extension that claims nothing: it must not become an app.
    static let widget = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.sunsetlakesoftware.molecules.widget</string>
        <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>
        </dict></plist>
        """
}
