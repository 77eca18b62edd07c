/// Build-setting placeholders as they appear in Info.plist templates: `$(VAR)`, `${VAR}`,
/// bare `$VAR`, `@VAR@`, optionally with Xcode modifiers (`$(PRODUCT_NAME:rfc1034identifier)`).
///
/// Undefined placeholders stay verbatim: real templates are full of them, and guessing a value
/// would make answers wrong in ways nobody could see.
///
/// Xcode expands an Info.plist's string values with the parser it uses for build settings
/// (swift-build: `InfoPlistProcessorTaskAction` calls `PropertyListItem.byEvaluatingMacros`,
/// which parses each string with `MacroExpressionParser.parseAsString`), so the bare `$VAR`
/// form and the `$$` escape apply there as in a setting. Apple documents only `$(VAR)` and
/// `${VAR}` for Info.plist values. A bare `$VAR` is expanded only when VAR has a value and is
/// otherwise left as written without being counted as unresolved: a `$` before a word in a
/// description may be text (Xcode would make an unset one empty; a plist read alone may not be
/// built by Xcode at all — a guess about such files).
public enum Placeholders {
    /// Expands the placeholders whose variable is in `defines`; reports the names that stayed.
    /// `xcode`: the file is built by Xcode (read with its project), so `$$` is one `$`; read
    /// alone, `$$` stays as written (a guess: the file may be a template of another tool).
    /// `bareUnresolved`: report an unset bare `$VAR` that looks like a build setting too
    /// (`isSettingLike`; asked for a bundle id).
    public static func expand(
        _ text: String, defines: [String: String], xcode: Bool = false, bareUnresolved: Bool = false
    ) -> (text: String, unresolved: [String]) {
        expand(text, atSigns: true, xcode: xcode, bareUnresolved: bareUnresolved) { defines[$0] }
    }

    /// Expands through a lookup, so build settings can be resolved late (an `.xcconfig` value
    /// may name a setting defined further down, as in Xcode). `atSigns: false` leaves `@VAR@`
    /// alone: that is CMake's syntax, not Xcode's, and `.xcconfig` values contain `@` freely.
    public static func expand(
        _ text: String, atSigns: Bool = true, xcode: Bool = false, bareUnresolved: Bool = false,
        lookup: (String) -> String?
    ) -> (text: String, unresolved: [String]) {
        guard mayContainReference(text, atSigns: atSigns) else { return (text, []) }
        var output = ""
        var unresolved: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "$", text.index(after: index) < text.endIndex, text[text.index(after: index)] == "$" {
                // `$$`: Xcode's escape for `$`; never the start of a reference.
                output += xcode ? "$" : "$$"
                index = text.index(index, offsetBy: 2)
            } else if let (reference, end) = reference(in: text, at: index), atSigns || text[index] == "$" {
                if reference.isBare {
                    if let value = lookup(reference.name) {
                        output += value
                    } else {
                        output += text[index..<end]
                        if bareUnresolved, isSettingLike(reference.name) { unresolved.append(reference.name) }
                    }
                } else if let value = lookup(reference.name) {
                    output += apply(reference.modifiers, to: value)
                } else if let fallback = reference.defaultValue {
                    // `$(X:default=v)`: Xcode treats an unset setting as empty, so the default applies.
                    output += apply(reference.modifiers, to: fallback)
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

    /// True when the text still contains a placeholder: `$(VAR)`, `${VAR}`, `@VAR@`, or a bare
    /// `$VAR` that looks like a build setting (`isSettingLike`: `$PRODUCT_BUNDLE_IDENTIFIER`,
    /// not the `$Format:%h$` of a git attribute).
    public static func containsPlaceholder(_ text: String) -> Bool {
        guard mayContainReference(text, atSigns: true) else { return false }
        var index = text.startIndex
        while index < text.endIndex {
            if let (found, _) = reference(in: text, at: index), !found.isBare || isSettingLike(found.name) {
                return true
            }
            index = text.index(after: index)
        }
        return false
    }

    /// Whether the text has a `$` (or, with `atSigns`, an `@`): the guard in front of every
    /// string of every manifest. Bytes, not `String.contains(String)` (with Foundation imported
    /// that is an NSString search), and in one buffer: scanning `utf8` an index at a time cost
    /// a tenth of reading a large world's manifests.
    static func mayContainReference(_ text: String, atSigns: Bool) -> Bool {
        let dollar = UInt8(ascii: "$"), at = atSigns ? UInt8(ascii: "@") : dollar
        return text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 == dollar || $0 == at } }
            ?? text.utf8.contains { $0 == dollar || $0 == at }
    }

    struct Reference {
        var name: String
        var modifiers: [String]
        /// `$VAR`, without brackets.
        var isBare = false

        /// The value of a `default=` modifier, which Xcode uses when the setting is empty.
        var defaultValue: String? {
            modifiers.first { $0.hasPrefix("default=") }.map { String($0.dropFirst("default=".count)) }
        }
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
            default:
                // `$VAR`: a letter or `_`, then letters, digits, `_` and `.` (Xcode's parser
                // takes the dot; see `SettingsStack.isBareNameCharacter`).
                guard let first = text[open].unicodeScalars.first, text[open].unicodeScalars.count == 1,
                    SettingsStack.isBareNameStart(first)
                else { return nil }
                var end = text.index(after: open)
                while end < text.endIndex, let c = text[end].unicodeScalars.first,
                    text[end].unicodeScalars.count == 1, SettingsStack.isBareNameCharacter(c)
                {
                    end = text.index(after: end)
                }
                return (Reference(name: String(text[open..<end]), modifiers: [], isBare: true), end)
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

    /// A bare name written as build settings are: upper-case ASCII letters, digits and `_`,
    /// with a letter. Xcode's own settings are all spelled so and projects follow suit; an unset
    /// bare `$Word` in a value is more likely text than a setting (a guess, used only to decide
    /// whether an unresolved bundle id is a placeholder).
    static func isSettingLike(_ name: String) -> Bool {
        var letter = false
        for c in name.unicodeScalars {
            if ("A"..."Z").contains(c) {
                letter = true
            } else if c != "_" && !("0"..."9").contains(c) {
                return false
            }
        }
        return letter
    }

    private static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }

    /// Xcode's build-setting modifiers that matter for bundle ids and names, as its build system
    /// applies them: `rfc1034identifier` keeps ASCII letters, digits and `-` (a leading digit,
    /// `.` and `_` become `-`); `identifier` keeps letters, digits and `_` (a leading digit
    /// becomes `_`); `c99extidentifier` also keeps non-ASCII letters and puts `_` before a leading
    /// digit. Unknown modifiers (`quote`, `dir`, …) leave the value as it is.
    static func apply(_ modifiers: [String], to value: String) -> String {
        var result = value
        for modifier in modifiers {
            switch modifier {
            case "rfc1034identifier":
                result = mangle(result, keep: { $0 == "-" }, replacement: "-", leadingDigit: "-")
            case "identifier":
                result = mangle(result, keep: { $0 == "_" }, replacement: "_", leadingDigit: "_")
            case "c99extidentifier":
                result = mangle(
                    result, keep: { $0 == "_" || (!$0.isASCII && $0.properties.isAlphabetic) }, replacement: "_",
                    leadingDigit: nil)
                if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
            case "lower": result = result.lowercased()
            case "upper": result = result.uppercased()
            case _ where modifier.hasPrefix("default="):
                if result.isEmpty { result = String(modifier.dropFirst("default=".count)) }
            default: break
            }
        }
        return result
    }

    private static func mangle(
        _ text: String, keep: (Unicode.Scalar) -> Bool, replacement: Character, leadingDigit: Character?
    ) -> String {
        var output = ""
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let letter = scalar.isASCII && scalar.properties.isAlphabetic
            let digit = ("0"..."9").contains(scalar)
            if digit, offset == 0, let leadingDigit {
                output.append(leadingDigit)
            } else if letter || digit || keep(scalar) {
                output.unicodeScalars.append(scalar)
            } else {
                output.append(replacement)
            }
        }
        return output
    }
}
