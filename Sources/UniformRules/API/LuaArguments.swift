import UniformCore
import UniformLua

/// Reading the tables rule authors pass to the API, with errors that say what was expected.
struct LuaArguments {
    let function: String
    let table: LuaTableRef

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    func fail(_ message: String) -> Problem { Problem(description: "\(function): \(message)") }

    func string(_ key: String) throws -> String? {
        switch table[key] {
        case .nil: return nil
        case .string(let s): return s
        case let other: throw fail("'\(key)' must be a string, got \(other.typeName)")
        }
    }

    /// A string field with at most `maxBytes` bytes copied (see `LuaText`).
    func text(_ key: String, maxBytes: Int) throws -> LuaText? {
        if let text = table.text(key, maxBytes: maxBytes) { return text }
        switch table[key] {
        case .nil: return nil
        case let other: throw fail("'\(key)' must be a string, got \(other.typeName)")
        }
    }

    func requiredString(_ key: String) throws -> String {
        guard let s = try string(key), !s.isEmpty else { throw fail("'\(key)' is required (a non-empty string)") }
        return s
    }

    func bool(_ key: String) throws -> Bool? {
        switch table[key] {
        case .nil: return nil
        case .boolean(let b): return b
        case let other: throw fail("'\(key)' must be a boolean, got \(other.typeName)")
        }
    }

    /// The text one list argument may hold.
    static let maxListText = 16 << 20

    /// A string or a list of strings.
    func strings(_ key: String) throws -> [String] {
        try Self.strings(table[key], what: "\(function): '\(key)'")
    }

    static func strings(_ value: LuaValue, what: String) throws -> [String] {
        switch value {
        case .nil: return []
        case .string(let s): return [s]
        case .table(let t):
            // Measured before anything is copied: the same long string many times over is
            // terabytes to copy and a few bytes of Lua.
            guard t.arrayTextBytes() <= maxListText else {
                throw Problem(description: "\(what) holds more than \(maxListText >> 20) MiB of text; not read")
            }
            guard let items = t.arrayValues() else {
                throw Problem(description: "\(what) must be a string or a list of strings")
            }
            return try items.map {
                guard case .string(let s) = $0 else {
                    throw Problem(description: "\(what) must hold strings, found a \($0.typeName)")
                }
                return s
            }
        case let other:
            throw Problem(description: "\(what) must be a string or a list of strings, got \(other.typeName)")
        }
    }

    func tableValue(_ key: String) throws -> LuaTableRef? {
        switch table[key] {
        case .nil: return nil
        case .table(let t): return t
        case let other: throw fail("'\(key)' must be a table, got \(other.typeName)")
        }
    }

    func function(_ key: String) throws -> LuaFunction? {
        switch table[key] {
        case .nil: return nil
        case .function(let f): return f
        case let other: throw fail("'\(key)' must be a function, got \(other.typeName)")
        }
    }

    /// Rejects keys the function does not know: a typo in a rule must not pass silently.
    /// The values are not read (a field may hold a 16 MB string), and a long unknown key is
    /// quoted only in part.
    func allowOnly(_ keys: Set<String>) throws {
        var unknown: [String] = []
        for key in table.keys() {
            guard case .string(let k) = key else { throw fail("keys must be strings") }
            if !keys.contains(k) { unknown.append(k) }
        }
        // The first in byte order, as `pairs()` gives them: the same key is named on every run.
        guard let k = unknown.min(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) else { return }
        let known = keys.sorted().joined(separator: ", ")
        guard k.utf8.count <= 64 else { throw fail("unknown field '\(k.prefix(32))…'; known fields: \(known)") }
        let suggestion = keys.min { EditDistance.between(k, $0) < EditDistance.between(k, $1) }
        let hint = suggestion.map { EditDistance.between(k, $0) <= 3 ? " (did you mean '\($0)'?)" : "" } ?? ""
        throw fail("unknown field '\(k)'\(hint); known fields: \(known)")
    }
}

/// Levenshtein distance, for "did you mean" hints.
public enum EditDistance {
    /// Levenshtein distance between the lower-cased strings. The misspelled-key rule asks it for
    /// every unknown key against every known one, so ASCII pairs (all real keys) take a path on
    /// bytes; `reference` is the specification and the Unicode path.
    public static func between(_ a: String, _ b: String) -> Int {
        between(a, b, limit: Int.max - 1)
    }

    /// The distance, or `limit + 1` when it is larger: a caller that only wants close matches
    /// skips the pairs whose lengths already differ by more than it wants.
    public static func between(_ a: String, _ b: String, limit: Int) -> Int {
        let limit = max(0, limit)
        var a = a, b = b
        let fast = a.withUTF8 { x in
            b.withUTF8 { y -> Int in
                guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return -1 }
                if abs(x.count - y.count) > limit { return limit + 1 }
                return asciiDistance(x, y)
            }
        }
        return min(fast.nonNegative ?? reference(a, b), limit + 1)
    }

    static func reference(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().utf8), b = Array(b.lowercased().utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    private static func asciiDistance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        @inline(__always) func lower(_ c: UInt8) -> UInt8 { c &- 0x41 < 26 ? c | 0x20 : c }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { rows in
            var previous = rows.baseAddress!, current = previous + (b.count + 1)
            for j in 0...b.count { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                let ai = lower(a[i - 1])
                for j in 1...b.count {
                    let substitution = previous[j - 1] + (ai == lower(b[j - 1]) ? 0 : 1)
                    current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
                }
                swap(&previous, &current)
            }
            return previous[b.count]
        }
    }
}

private extension Int {
    var nonNegative: Int? { self >= 0 ? self : nil }
}
