/// The elements of Apple's plist DTD. Names are matched on raw bytes so no `String` is built
/// for a tag unless it ends up in an error message.
enum XMLElementName: CaseIterable {
    case plist, dict, key, array, string, integer, real, `true`, `false`, date, data

    var name: String {
        switch self {
        case .plist: "plist"
        case .dict: "dict"
        case .key: "key"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .true: "true"
        case .false: "false"
        case .date: "date"
        case .data: "data"
        }
    }

    /// `</name>`, for the fast path of closing tags.
    @inline(__always)
    var closingTag: ByteLiteral {
        switch self {
        case .plist: ByteLiteral("</plist>")
        case .dict: ByteLiteral("</dict>")
        case .key: ByteLiteral("</key>")
        case .array: ByteLiteral("</array>")
        case .string: ByteLiteral("</string>")
        case .integer: ByteLiteral("</integer>")
        case .real: ByteLiteral("</real>")
        case .true: ByteLiteral("</true>")
        case .false: ByteLiteral("</false>")
        case .date: ByteLiteral("</date>")
        case .data: ByteLiteral("</data>")
        }
    }

    /// The list used in "expected one of ..." messages.
    static let valueElementList = "<string>, <dict>, <array>, <integer>, <real>, <true/>, <false/>, <date>, <data>"

    init?(_ base: UnsafePointer<UInt8>, start: Int, count: Int) {
        @inline(__always) func eq(_ literal: StaticString) -> Bool {
            ByteScanning.matches(literal, in: base, at: start, end: start + count)
        }
        switch count {
        case 3 where eq("key"): self = .key
        case 4 where eq("dict"): self = .dict
        case 4 where eq("real"): self = .real
        case 4 where eq("true"): self = .true
        case 4 where eq("date"): self = .date
        case 4 where eq("data"): self = .data
        case 5 where eq("array"): self = .array
        case 5 where eq("false"): self = .false
        case 5 where eq("plist"): self = .plist
        case 6 where eq("string"): self = .string
        case 7 where eq("integer"): self = .integer
        default: return nil
        }
    }
}
