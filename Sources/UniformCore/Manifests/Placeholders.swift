/// Build-setting placeholders as they appear in Info.plist templates: `$(VAR)`, `${VAR}`,
/// `@VAR@`, optionally with Xcode modifiers (`$(PRODUCT_NAME:rfc1034identifier)`).
///
/// Undefined placeholders stay verbatim: real templates are full of them, and guessing a value
/// would make answers wrong in ways nobody could see.
public enum Placeholders {
    /// Expands the placeholders whose variable is in `defines`; reports the names that stayed.
    public static func expand(_ text: String, defines: [String: String]) -> (text: String, unresolved: [String]) {
        guard text.contains("$") || text.contains("@") else { return (text, []) }
        var output = ""
        var unresolved: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            if let (reference, end) = reference(in: text, at: index) {
                if let value = defines[reference.name] {
                    output += apply(reference.modifiers, to: value)
                } else {
                    output += text[index..<end]
                    unresolved.append(reference.name)
                }
                index = end
            } else {
                output.append(text[index])
                index = text.index(after: index)
            }
        }
        return (output, unresolved)
    }

    /// True when the text still contains a placeholder.
    public static func containsPlaceholder(_ text: String) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            if reference(in: text, at: index) != nil { return true }
            index = text.index(after: index)
        }
        return false
    }

    struct Reference {
        var name: String
        var modifiers: [String]
    }

    private static func reference(in text: String, at index: String.Index) -> (Reference, String.Index)? {
        let c = text[index]
        if c == "$" {
            let open = text.index(after: index)
            guard open < text.endIndex else { return nil }
            let closer: Character
            switch text[open] {
            case "(": closer = ")"
            case "{": closer = "}"
            default: return nil
            }
            let bodyStart = text.index(after: open)
            guard let close = text[bodyStart...].firstIndex(of: closer) else { return nil }
            let body = text[bodyStart..<close]
            var parts = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let name = parts.removeFirst()
            guard isVariableName(name) else { return nil }
            return (Reference(name: name, modifiers: parts), text.index(after: close))
        }
        if c == "@" {
            let bodyStart = text.index(after: index)
            guard bodyStart < text.endIndex, let close = text[bodyStart...].firstIndex(of: "@") else { return nil }
            let name = String(text[bodyStart..<close])
            guard isVariableName(name) else { return nil }
            return (Reference(name: name, modifiers: []), text.index(after: close))
        }
        return nil
    }

    private static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// Xcode's build-setting modifiers that matter for bundle ids and names.
    static func apply(_ modifiers: [String], to value: String) -> String {
        var result = value
        for modifier in modifiers {
            switch modifier {
            case "rfc1034identifier":
                result = String(result.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") ? Character($0) : "-" })
            case "c99extidentifier", "identifier":
                result = String(result.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" })
            case "lower": result = result.lowercased()
            case "upper": result = result.uppercased()
            default: break
            }
        }
        return result
    }
}
