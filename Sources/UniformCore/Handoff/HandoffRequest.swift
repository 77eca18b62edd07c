import UniformPlist

/// `uniform send FILE --from ID --to ID [--annotation PLIST]`.
public struct HandoffRequest: Sendable {
    /// The document's file name or path (only the last component travels).
    public var file: String
    public var from: String
    public var to: String
    /// Must have a dictionary root (`UIDocumentInteractionController.annotation`).
    public var annotation: PlistNode?
    /// Names already in the receiver's `Documents/Inbox`, for de-duplication.
    public var inbox: [String]

    public init(file: String, from: String, to: String, annotation: PlistNode? = nil, inbox: [String] = []) {
        self.file = file
        self.from = from
        self.to = to
        self.annotation = annotation
        self.inbox = inbox
    }
}
