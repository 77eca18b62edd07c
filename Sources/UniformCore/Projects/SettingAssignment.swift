/// One line that sets a build setting: `KEY = value` in an `.xcconfig`, or an entry of a
/// configuration's `buildSettings` in a `project.pbxproj`, with its conditions and where it is.
///
/// Values stay raw (`$(inherited)` and references unexpanded): Xcode expands them late, over
/// the whole stack of levels, and so does `SettingsStack`.
public struct SettingAssignment: Sendable, Equatable {
    public var name: String
    /// `KEY[sdk=iphoneos*][config=Release]`: every condition must hold for the line to apply.
    public var conditions: [SettingCondition]
    public var value: String
    public var location: SourceLocation

    public init(name: String, conditions: [SettingCondition] = [], value: String, location: SourceLocation) {
        self.name = name
        self.conditions = conditions
        self.value = value
        self.location = location
    }

    /// Splits `KEY[sdk=iphoneos*][arch=*]` (or `KEY[sdk=iphoneos*,arch=*]`) into the name and
    /// its conditions; nil when the text is not a setting name with well-formed conditions.
    public static func parseKey(_ text: String) -> (name: String, conditions: [SettingCondition])? {
        guard let bracket = text.firstIndex(of: "[") else {
            return isSettingName(text) ? (text, []) : nil
        }
        let name = String(text[..<bracket]).trimmingCharacters(in: .whitespaces)
        guard isSettingName(name) else { return nil }
        var conditions: [SettingCondition] = []
        var rest = text[bracket...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            for part in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",") {
                guard let eq = part.firstIndex(of: "=") else { return nil }
                let key = part[..<eq].trimmingCharacters(in: .whitespaces)
                let pattern = part[part.index(after: eq)...].trimmingCharacters(in: .whitespaces)
                guard !key.isEmpty else { return nil }
                conditions.append(SettingCondition(parameter: key, pattern: pattern))
            }
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        return (name, conditions)
    }

    /// Letters, digits and `_`, not starting with a digit: Xcode's setting names.
    public static func isSettingName(_ name: String) -> Bool {
        var utf8 = name.utf8.makeIterator()
        guard let first = utf8.next(), first == UInt8(ascii: "_") || isASCIILetter(first) else { return false }
        while let byte = utf8.next() {
            guard
                byte == UInt8(ascii: "_") || isASCIILetter(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            else { return false }
        }
        return true
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}

/// `sdk=iphoneos*`: a build parameter and the glob its value must match.
public struct SettingCondition: Sendable, Equatable, CustomStringConvertible {
    public var parameter: String
    public var pattern: String

    public init(parameter: String, pattern: String) {
        self.parameter = parameter
        self.pattern = pattern
    }

    public var description: String { "[\(parameter)=\(pattern)]" }
}
