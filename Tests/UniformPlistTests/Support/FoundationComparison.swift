import Foundation

@testable import UniformPlist

/// Compares a tree from our reader with the `Any` tree Foundation's `PropertyListSerialization`
/// produced for the same bytes. Returns the differences as paths, empty when equal.
///
/// Foundation on Linux hands back `NSNumber` for booleans and numbers, so numbers are compared
/// through the type our reader chose. Dictionaries are compared as maps with the last
/// duplicate key winning, as Foundation keeps only the last.
enum FoundationComparison {
    static func differences(_ node: PlistNode, _ other: Any, path: String = "root") -> [String] {
        switch node.value {
        case .dictionary(let dictionary):
            guard let theirs = other as? [String: Any] else { return ["\(path): dictionary vs \(type(of: other))"] }
            var ours: [String: PlistNode] = [:]
            for entry in dictionary.entries { ours[entry.key] = entry.value }
            var result: [String] = []
            if Set(ours.keys) != Set(theirs.keys) {
                result.append(
                    "\(path): keys differ: ours-only \(Set(ours.keys).subtracting(theirs.keys)), theirs-only \(Set(theirs.keys).subtracting(ours.keys))"
                )
            }
            for (key, value) in ours {
                if let their = theirs[key] { result += differences(value, their, path: "\(path).\(key)") }
            }
            return result
        case .array(let items):
            guard let theirs = other as? [Any] else { return ["\(path): array vs \(type(of: other))"] }
            guard items.count == theirs.count else { return ["\(path): \(items.count) items vs \(theirs.count)"] }
            return zip(items, theirs).enumerated().flatMap {
                differences($0.element.0, $0.element.1, path: "\(path)[\($0.offset)]")
            }
        case .string(let string):
            guard let theirs = other as? String else { return ["\(path): string vs \(type(of: other))"] }
            return string == theirs ? [] : ["\(path): \(string.debugDescription) vs \(theirs.debugDescription)"]
        case .integer(let integer):
            guard let number = other as? NSNumber else { return ["\(path): integer vs \(type(of: other))"] }
            return number.int64Value == integer ? [] : ["\(path): \(integer) vs \(number)"]
        case .unsignedInteger(let integer):
            guard let number = other as? NSNumber else { return ["\(path): integer vs \(type(of: other))"] }
            return number.uint64Value == integer ? [] : ["\(path): \(integer) vs \(number)"]
        case .real(let real):
            guard let number = other as? NSNumber else { return ["\(path): real vs \(type(of: other))"] }
            let theirs = number.doubleValue
            return real == theirs || (real.isNaN && theirs.isNaN) ? [] : ["\(path): \(real) vs \(theirs)"]
        case .boolean(let boolean):
            guard let number = other as? NSNumber else { return ["\(path): boolean vs \(type(of: other))"] }
            return number.boolValue == boolean ? [] : ["\(path): \(boolean) vs \(number)"]
        case .date(let date):
            guard let theirs = other as? Date else { return ["\(path): date vs \(type(of: other))"] }
            return abs(theirs.timeIntervalSince(date)) < 0.001 ? [] : ["\(path): \(date) vs \(theirs)"]
        case .data(let bytes):
            guard let theirs = other as? Data else { return ["\(path): data vs \(type(of: other))"] }
            return [UInt8](theirs) == bytes ? [] : ["\(path): \(bytes.count) data bytes differ"]
        case .uid(let uid):
            return ["\(path): UID \(uid) has no Foundation counterpart here (\(type(of: other)))"]
        }
    }

    static func foundationParse(_ data: Data) throws -> Any {
        try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    }
}
