import UniformPlist

/// Reads user default handlers from macOS's `com.apple.launchservices.secure.plist`
/// (`LSHandlers`: an array of dictionaries keyed by content type or by tag).
public enum LaunchServicesPreferences {
    public static func read(
        _ document: PlistDocument, file: String
    ) -> (handlers: [DefaultHandler], findings: [Finding]) {
        var handlers: [DefaultHandler] = []
        var findings: [Finding] = []
        func report(_ message: String, _ mark: Mark) {
            findings.append(
                Finding(
                    .defaultsInvalidEntry, message: message,
                    location: SourceLocation(file: file, mark: mark)))
        }
        guard let root = document.root.asDictionary else {
            report("the root of a LaunchServices preferences plist must be a dictionary", document.root.mark)
            return ([], findings)
        }
        guard let list = root["LSHandlers"] else {
            report("no LSHandlers array; no user defaults were read", document.root.mark)
            return ([], findings)
        }
        guard let entries = list.asArray else {
            report("LSHandlers must be an array of dictionaries", list.mark)
            return ([], findings)
        }
        for entry in entries {
            guard let dict = entry.asDictionary else {
                report("an LSHandlers entry must be a dictionary", entry.mark)
                continue
            }
            var roles: [String: String] = [:]
            for item in dict.entries where item.key.hasPrefix("LSHandlerRole") {
                if let id = item.value.asString { roles[item.key] = id }
            }
            let location = SourceLocation(file: file, mark: entry.mark)
            if let type = dict["LSHandlerContentType"]?.asString {
                handlers.append(DefaultHandler(key: .contentType(type), roles: roles, location: location))
            } else if let tag = dict["LSHandlerContentTag"]?.asString {
                let tagClass = dict["LSHandlerContentTagClass"]?.asString ?? TagClass.filenameExtension
                handlers.append(
                    DefaultHandler(key: .tag(tagClass: tagClass, tag: tag), roles: roles, location: location))
            }
            // URL-scheme entries (LSHandlerURLScheme) are not about documents: skipped silently.
        }
        return (handlers, findings)
    }
}
