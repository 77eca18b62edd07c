import Foundation
import UniformCore
import UniformLua

/// Tab completion for the REPL, independent of any terminal: given a line and the cursor, what
/// may replace the word before the cursor. Knows Lua names (globals, fields after `.` —
/// through indexes too, `r.handlers[1].` — and methods after `:`), the option keys of a
/// `uniform.*` query inside its table (`uniform.resolve(".pdb", { pla`), type identifiers and
/// bundle ids inside string literals and after `:why`/`:type`, REPL commands with their options
/// and platforms, and file names after `:load`.
///
/// Reads tables raw, so completing never runs rule code.
public struct Completer {
    /// Candidates replace the characters `start..<cursor` (positions in Unicode scalars).
    public struct Completion: Equatable {
        public var start: Int
        public var candidates: [String]

        public init(start: Int, candidates: [String]) {
            self.start = start
            self.candidates = candidates
        }
    }

    let engine: RuleEngine
    /// The REPL commands, with their colon (`:load`).
    public var commands: [String]
    /// Commands whose argument is a type or app (`:why`, `:type`).
    public var targetCommands: Set<String>
    /// Commands whose argument is a file (`:load`).
    public var fileCommands: Set<String>
    /// Relative file names are completed from here.
    public var directory: String
    /// The options each command takes after its argument (`:why` → `--platform`).
    public var commandOptions: [String: [String]] = [:]
    /// Commands whose argument is a platform (`:platform`).
    public var platformCommands: Set<String> = []

    public init(
        engine: RuleEngine, commands: [String], targetCommands: Set<String>, fileCommands: Set<String>,
        directory: String = FileManager.default.currentDirectoryPath
    ) {
        self.engine = engine
        self.commands = commands
        self.targetCommands = targetCommands
        self.fileCommands = fileCommands
        self.directory = directory
    }

    public func complete(line: String, cursor: Int) -> Completion {
        let scalars = Array(line.unicodeScalars.prefix(max(0, cursor)))
        let prefix = String(String.UnicodeScalarView(scalars))
        let cursor = scalars.count
        if prefix.hasPrefix(":") {
            guard let space = scalars.firstIndex(of: " ") else {
                return Completion(start: 0, candidates: commands.filter { $0.hasPrefix(prefix) })
            }
            let command = String(String.UnicodeScalarView(scalars[..<space]))
            var argumentStart = space
            while argumentStart < cursor, scalars[argumentStart] == " " { argumentStart += 1 }
            let argument = String(String.UnicodeScalarView(scalars[argumentStart...]))
            if fileCommands.contains(command) {
                return Completion(start: argumentStart, candidates: files(matching: argument))
            }
            return commandArgument(command, argument, start: argumentStart)
        }
        if let quote = openStringStart(scalars) {
            let word = String(String.UnicodeScalarView(scalars[(quote + 1)...]))
            return Completion(start: quote + 1, candidates: targets(matching: word))
        }
        if let keys = optionKeys(scalars) { return keys }
        var start = cursor
        while start > 0 {
            let s = scalars[start - 1]
            if Self.isNameScalar(s) || s == "." || s == ":" {
                start -= 1
            } else if s == "]", let open = scalars[..<(start - 1)].lastIndex(of: "[") {
                start = open // an index, `[1]` or `["key"]`
            } else {
                break
            }
        }
        let expression = String(String.UnicodeScalarView(scalars[start...]))
        return luaNames(expression, endingAt: cursor)
    }

    /// After a command: its options (`--pla`), a platform (after `--platform` or `:platform`),
    /// else a type or app for `:why`/`:type`. Completes the last word.
    func commandArgument(_ command: String, _ argument: String, start argumentStart: Int) -> Completion {
        let words = argument.split(separator: " ", omittingEmptySubsequences: false)
        let word = String(words.last ?? "")
        let start = argumentStart + argument.unicodeScalars.count - word.unicodeScalars.count
        let previous = words.dropLast().last { !$0.isEmpty }
        let platforms = ["ios", "macos"]
        if platformCommands.contains(command) {
            return Completion(
                start: start, candidates: (["all"] + platforms).filter { $0.hasPrefix(word.lowercased()) })
        }
        if previous == "--platform", commandOptions[command]?.contains("--platform") == true {
            return Completion(start: start, candidates: platforms.filter { $0.hasPrefix(word.lowercased()) })
        }
        if word.hasPrefix("-") {
            return Completion(start: start, candidates: (commandOptions[command] ?? []).filter { $0.hasPrefix(word) })
        }
        if targetCommands.contains(command) {
            return Completion(start: start, candidates: targets(matching: word))
        }
        return Completion(start: argumentStart + argument.unicodeScalars.count, candidates: [])
    }

    /// The keys a `uniform.*` query takes, when the cursor is on a key in its table argument:
    /// `uniform.resolve(".pdb", { pla` or `uniform.lookup { ext`. nil elsewhere.
    func optionKeys(_ scalars: [Unicode.Scalar]) -> Completion? {
        var start = scalars.count
        while start > 0, Self.isNameScalar(scalars[start - 1]) { start -= 1 }
        var before = start
        while before > 0, scalars[before - 1] == " " { before -= 1 }
        guard before > 0, scalars[before - 1] == "{" || scalars[before - 1] == "," else { return nil }
        // The brackets still open at the word, innermost last (strings and comments skipped).
        var open: [Int] = []
        var quote: Unicode.Scalar?
        var i = 0
        while i < start {
            let s = scalars[i]
            if let q = quote {
                if s == "\\" { i += 1 } else if s == q { quote = nil }
            } else if s == "\"" || s == "'" {
                quote = s
            } else if s == "(" || s == "{" || s == "[" {
                open.append(i)
            } else if s == ")" || s == "}" || s == "]" {
                _ = open.popLast()
            }
            i += 1
        }
        guard let brace = open.popLast(), scalars[brace] == "{" else { return nil }
        var callee = brace
        while callee > 0, scalars[callee - 1] == " " { callee -= 1 }
        if callee > 0,
            scalars[callee - 1] != "(" && scalars[callee - 1] != "," && !Self.isNameScalar(scalars[callee - 1])
        {
            return nil
        }
        if callee > 0, scalars[callee - 1] == "(" || scalars[callee - 1] == "," {
            // A table among a call's arguments: the call's name is before its parenthesis.
            guard let paren = open.popLast(), scalars[paren] == "(" else { return nil }
            callee = paren
            while callee > 0, scalars[callee - 1] == " " { callee -= 1 }
        }
        var nameStart = callee
        while nameStart > 0, Self.isNameScalar(scalars[nameStart - 1]) || scalars[nameStart - 1] == "." {
            nameStart -= 1
        }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<callee]))
        guard name.hasPrefix("uniform."), case let keys = QueryOptions.of(String(name.dropFirst(8))), !keys.isEmpty
        else { return nil }
        let word = String(String.UnicodeScalarView(scalars[start...]))
        return Completion(start: start, candidates: keys.filter { $0.hasPrefix(word) }.sorted())
    }

    // MARK: Lua names

    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        s == "_" || (s.value < 128 && (CharacterSet.alphanumerics.contains(s)))
    }

    func luaNames(_ expression: String, endingAt cursor: Int) -> Completion {
        guard let separator = expression.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            var names = Set(keys(of: engine.state.globals))
            names.formUnion(Self.keywords)
            return Completion(
                start: cursor - expression.unicodeScalars.count,
                candidates: names.filter { $0.hasPrefix(expression) }.sorted())
        }
        let partial = String(expression[expression.index(after: separator)...])
        guard let path = Self.path(expression[..<separator]) else { return Completion(start: cursor, candidates: []) }
        var value = LuaValue.table(engine.state.globals)
        for key in path {
            guard case .table(let t) = value else { return Completion(start: cursor, candidates: []) }
            let own = t.get(key)
            value = own.isNil ? engine.state.underlying(t).get(key) : own
        }
        guard case .table(let proxy) = value else { return Completion(start: cursor, candidates: []) }
        let table = engine.state.underlying(proxy) // `uniform` is a read-only view
        let methodsOnly = expression[separator] == ":"
        let names = table.pairs().compactMap { pair -> String? in
            guard case .string(let name) = pair.key, LuaState.isIdentifier(name) else { return nil }
            if methodsOnly, case .function = pair.value {} else if methodsOnly { return nil }
            return name
        }
        return Completion(
            start: cursor - partial.unicodeScalars.count, candidates: names.filter { $0.hasPrefix(partial) }.sorted())
    }

    /// The keys of `a.b[1]["c"].d`, in order; nil for anything else (a call, a method).
    static func path(_ expression: Substring) -> [LuaValue]? {
        var keys: [LuaValue] = []
        var rest = expression
        var first = true
        while !rest.isEmpty {
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                if let n = Int64(inside) {
                    keys.append(.integer(n))
                } else if inside.count >= 2, let q = inside.first, q == "\"" || q == "'", inside.last == q {
                    keys.append(.string(String(inside.dropFirst().dropLast())))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                if !first {
                    guard rest.hasPrefix(".") else { return nil }
                    rest = rest.dropFirst()
                }
                let name = rest.prefix { $0.unicodeScalars.allSatisfy(isNameScalar) }
                guard !name.isEmpty else { return nil }
                keys.append(.string(String(name)))
                rest = rest.dropFirst(name.count)
            }
            first = false
        }
        return keys.isEmpty ? nil : keys
    }

    func keys(of table: LuaTableRef) -> [String] {
        table.pairs().compactMap { pair in
            guard case .string(let name) = pair.key, LuaState.isIdentifier(name) else { return nil }
            return name
        }
    }

    /// Where the string literal the cursor is in starts (its quote), if it is in one.
    func openStringStart(_ scalars: [Unicode.Scalar]) -> Int? {
        var quote: Unicode.Scalar?
        var start = 0
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if let q = quote {
                if s == "\\" { i += 1 } else if s == q { quote = nil }
            } else if s == "\"" || s == "'" {
                quote = s
                start = i
            } else if s == "-", i + 1 < scalars.count, scalars[i + 1] == "-" {
                return nil // a comment: nothing to complete
            }
            i += 1
        }
        return quote == nil ? nil : start
    }

    static let keywords = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    // MARK: types and apps

    /// Type identifiers and bundle ids starting with `word` (case-sensitive first; if none,
    /// case-insensitive).
    func targets(matching word: String) -> [String] {
        let world = engine.world
        var all = Set(world.graph.allIDs.map { world.graph.identifier($0) })
        for app in world.apps { all.insert(app.bundleID) }
        let exact = all.filter { $0.hasPrefix(word) }
        if !exact.isEmpty { return exact.sorted() }
        let lower = word.lowercased()
        return all.filter { $0.lowercased().hasPrefix(lower) }.sorted()
    }

    // MARK: files

    /// Entries of the directory named by `path`'s folder part whose names start with its last
    /// component; folders end with `/`. Dot files only when asked for.
    func files(matching path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let partial = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var base = folder.isEmpty ? "." : folder
        if base.hasPrefix("~") { base = NSString(string: base).expandingTildeInPath }
        let url =
            base.hasPrefix("/")
            ? URL(fileURLWithPath: base) : URL(fileURLWithPath: directory).appendingPathComponent(base)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { $0.hasPrefix(partial) && (partial.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map {
            name in
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
            return folder + name + (isDirectory.boolValue ? "/" : "")
        }
    }
}
