/// The text inside a dynamic identifier (`?0=6:1=srt`): rendering and strict parsing.
///
/// Kept apart from the base32 layer so each can be tested and reasoned about alone.
enum DynamicPayload {
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")
    private static let equals = UInt8(ascii: "=")
    private static let question = UInt8(ascii: "?")

    /// `?0=<conformance>:` per conformance, then `<class>=<tag>` per tag, joined by `:`.
    static func render(conformsTo: [String], tags: [DynamicTag]) -> String {
        var pairs: [String] = []
        for conformance in conformsTo {
            pairs.append(abbreviated(DynamicShortCode.conformsToKey) + "=" + abbreviated(conformance))
        }
        for tag in tags {
            pairs.append(abbreviated(tag.tagClass) + "=" + escaped(tag.tag))
        }
        return (conformsTo.isEmpty ? "" : "?") + pairs.joined(separator: ":")
    }

    /// Parses a payload, or `nil` when it is malformed: an unnamed pair, an empty conformance,
    /// an unescaped `=` in a value, an unknown escape, a `?` without a leading conformance pair
    /// (or a conformance pair without `?`, or after a tag), or no tag at all. An empty tag is
    /// valid: macOS encodes an empty MIME type as `dyn.agq8u` (`3=`).
    static func parse(_ payload: String) -> (conformsTo: [String], tags: [DynamicTag])? {
        var bytes = Array(payload.utf8)[...]
        let hasConformance = bytes.first == question
        if hasConformance { bytes = bytes.dropFirst() }

        var conformsTo: [String] = []
        var tags: [DynamicTag] = []
        guard let pairs = splitPairs(bytes) else { return nil }
        for (key, value) in pairs {
            let name = DynamicShortCode.expand(key)
            if name == DynamicShortCode.conformsToKey {
                guard hasConformance, tags.isEmpty, !value.isEmpty else { return nil }
                conformsTo.append(DynamicShortCode.expand(value))
            } else {
                tags.append(DynamicTag(tagClass: name, tag: value))
            }
        }
        guard !tags.isEmpty, hasConformance == !conformsTo.isEmpty else { return nil }
        return (conformsTo, tags)
    }

    /// Splits `key=value:key=value` honouring backslash escapes; keys and values come back
    /// unescaped.
    private static func splitPairs(_ bytes: ArraySlice<UInt8>) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        var key: [UInt8] = []
        var value: [UInt8] = []
        var inValue = false
        var index = bytes.startIndex

        func finishPair() -> Bool {
            guard inValue, !key.isEmpty else { return false }
            pairs.append((String(decoding: key, as: UTF8.self), String(decoding: value, as: UTF8.self)))
            key = []
            value = []
            inValue = false
            return true
        }

        while index < bytes.endIndex {
            var byte = bytes[index]
            if byte == backslash {
                index += 1
                guard index < bytes.endIndex else { return nil }
                byte = bytes[index]
                guard byte == backslash || byte == colon || byte == equals else { return nil }
            } else if byte == colon {
                guard finishPair() else { return nil }
                index += 1
                continue
            } else if byte == equals {
                guard !inValue else { return nil }
                inValue = true
                index += 1
                continue
            }
            if inValue { value.append(byte) } else { key.append(byte) }
            index += 1
        }
        guard finishPair() else { return nil }
        return pairs
    }

    private static func abbreviated(_ name: String) -> String {
        DynamicShortCode.code(for: name) ?? escaped(name)
    }

    private static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == ":" || $0 == "=" || $0 == "\\" }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 4)
        for character in text {
            if character == ":" || character == "=" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
