import Foundation

/// Small Info.plist texts for CLI tests that edit manifests between runs.
enum TestManifest {
    /// An app claiming `types` (Viewer, Default); `header` goes first in the root dictionary
    /// and `beforeClaim` just before the claim's `<dict>`.
    static func app(
        _ bundleID: String, claims types: [String], header: String = "", beforeClaim: String = "",
        insideClaim: String = "",
        rank: String = "Default", extra: String = ""
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(header)
        	<key>CFBundleIdentifier</key>
        	<string>\(bundleID)</string>
        	<key>CFBundleDocumentTypes</key>
        	<array>
        \(beforeClaim)
        		<dict>
        \(insideClaim)
        			<key>CFBundleTypeRole</key>
        			<string>Viewer</string>
        			<key>LSHandlerRank</key>
        			<string>\(rank)</string>
        			<key>LSItemContentTypes</key>
        			<array>
        \(types.map { "\t\t\t\t<string>\($0)</string>" }.joined(separator: "\n"))
        			</array>
        			<key>CFBundleTypeName</key><string>Document</string>
        		</dict>
        	</array>
        \(extra)
        </dict>
        </plist>
        """
    }

    static func write(_ text: String, to directory: URL, _ relative: String) throws {
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
