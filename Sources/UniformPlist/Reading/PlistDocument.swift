/// The encodings of property lists the reader understands.
public enum PlistFormat: String, Sendable {
    case xml
    case binary
    case openStep
}

/// A parsed property-list file.
public struct PlistDocument: Sendable {
    /// The path or name the file was read as; used in every diagnostic.
    public var file: String
    public var format: PlistFormat
    public var root: PlistNode
    /// Comments found in text formats, in file order, with their positions (the text without
    /// the `<!-- -->` or `//` markers, trimmed). Used for inline suppressions.
    public var comments: [PlistComment]
    /// Text found between elements of an XML plist, such as unprocessed `#ifdef` lines in
    /// Info.plist files meant for the C preprocessor. Foundation ignores it, so the reader does
    /// too, but keeps it (trimmed, with its position) so the core can report it.
    public var strayText: [PlistComment]

    public init(
        file: String, format: PlistFormat, root: PlistNode, comments: [PlistComment] = [],
        strayText: [PlistComment] = []
    ) {
        self.file = file
        self.format = format
        self.root = root
        self.comments = comments
        self.strayText = strayText
    }
}

/// A comment in a text plist.
public struct PlistComment: Sendable {
    public var text: String
    public var mark: Mark

    public init(text: String, mark: Mark) {
        self.text = text
        self.mark = mark
    }
}

/// Why a file could not be read, and where.
///
/// `description` is the user-facing form: `Info.plist:12:5: expected </string>, found </strin>`.
public struct PlistError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var mark: Mark?
    public var message: String

    public init(file: String, mark: Mark?, message: String) {
        self.file = file
        self.mark = mark
        self.message = message
    }

    public var description: String {
        if let mark { return "\(file):\(mark): \(message)" }
        return "\(file): \(message)"
    }
}
