import UniformPlist

extension ManifestReader {
    /// What one read accumulates: the file name for locations, the defines, the findings.
    struct Context {
        var file: String
        var defines: [String: String]
        /// Read as Xcode builds it (`ManifestReader.xcodeBuilt`).
        var xcode = false
        var findings: [Finding] = []
        /// Placeholders no define resolves, each variable with where it is used (every use:
        /// the world reports one finding per variable, with a count).
        var unresolved: [Located<String>] = []
        /// Bytes the expansions have added so far, and whether the cap was reported.
        var growth = 0
        var reportedGrowth = false

        func location(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, mark: mark)
        }

        mutating func report(
            _ rule: RuleDescription, variant: Bool = false, _ message: String, at mark: Mark, subject: String? = nil
        ) {
            findings.append(
                Finding(rule, variant: variant, message: message, location: location(mark), subject: subject))
        }

        mutating func report(
            _ rule: RuleDescription, variant: Bool = false, _ message: String, at location: SourceLocation,
            subject: String? = nil
        ) {
            findings.append(Finding(rule, variant: variant, message: message, location: location, subject: subject))
        }

        mutating func reportDuplicateKeys(in dictionary: PlistDictionary) {
            guard dictionary.count > 1 else { return }
            let entries = dictionary.entries
            // Most dictionaries in a manifest hold a handful of keys: comparing pairs costs less
            // than hashing every key into a set.
            if entries.count <= 16 {
                for (i, entry) in entries.enumerated() where entries[..<i].contains(where: { $0.key == entry.key }) {
                    report(
                        .duplicateKey,
                        "key '\(entry.key)' appears more than once in this dictionary; the last value wins — remove the other occurrences",
                        at: entry.keyMark, subject: entry.key)
                }
                return
            }
            var seen = Set<String>()
            for entry in entries where !seen.insert(entry.key).inserted {
                report(
                    .duplicateKey,
                    "key '\(entry.key)' appears more than once in this dictionary; the last value wins — remove the other occurrences",
                    at: entry.keyMark, subject: entry.key)
            }
        }

        /// Expands the defines in a value read at `mark`, noting the placeholders that stay.
        /// A manifest's expansions together grow it by at most `maxExpansionGrowth` bytes: a
        /// setting of 16,384 characters in each of 250,000 values is 4 GB; past that, values
        /// stay as written and one finding says so.
        mutating func expand(_ text: String, at mark: Mark) -> String {
            guard growth < ManifestReader.maxExpansionGrowth else {
                if !reportedGrowth {
                    reportedGrowth = true
                    report(
                        .manifestExpansionTooLarge,
                        "build-setting placeholders grow this manifest by more than \(ManifestReader.maxExpansionGrowth >> 20) MiB; the rest stay as written",
                        at: mark, subject: nil)
                }
                return text
            }
            let (expanded, names) = Placeholders.expand(text, defines: defines, xcode: xcode)
            growth += max(0, expanded.utf8.count - text.utf8.count)
            for name in names { unresolved.append(Located(name, at: location(mark))) }
            return expanded
        }

        /// A string value; any other type is a finding and reads as absent.
        mutating func string(_ dict: PlistDictionary, _ key: String) -> Located<String>? {
            guard let node = dict[key] else { return nil }
            guard let s = node.asString else {
                report(
                    .manifestInvalidValue,
                    "\(key) must be a string, found \(node.kindDescription); the value is ignored", at: node.mark,
                    subject: key)
                return nil
            }
            return Located(expand(s, at: node.mark), at: location(node.mark))
        }

        mutating func bool(_ dict: PlistDictionary, _ key: String) -> Bool? {
            guard let node = dict[key] else { return nil }
            guard let b = node.asBool else {
                report(
                    .manifestInvalidValue,
                    "\(key) must be a boolean (<true/> or <false/>), found \(node.kindDescription); the value is ignored",
                    at: node.mark, subject: key)
                return nil
            }
            return b
        }

        /// An array of strings, or a single string where an array is documented (both are
        /// common in real files). Non-string members are findings and skipped.
        mutating func stringList(_ dict: PlistDictionary, _ key: String) -> [Located<String>] {
            guard let node = dict[key] else { return [] }
            return stringList(node, what: key)
        }

        /// `what` names the value in findings; it is only written when there is one.
        mutating func stringList(_ node: PlistNode, what: @autoclosure () -> String) -> [Located<String>] {
            if let s = node.asString { return [Located(expand(s, at: node.mark), at: location(node.mark))] }
            guard let items = node.asArray else {
                let what = what()
                report(
                    .manifestInvalidValue,
                    "\(what) must be an array of strings, found \(node.kindDescription); the value is ignored",
                    at: node.mark, subject: what)
                return []
            }
            var result: [Located<String>] = []
            for item in items {
                if let s = item.asString {
                    result.append(Located(expand(s, at: item.mark), at: location(item.mark)))
                } else {
                    let what = what()
                    report(
                        .manifestInvalidValue,
                        "\(what) must hold strings, found \(item.kindDescription); the member is ignored",
                        at: item.mark, subject: what)
                }
            }
            return result
        }

        /// A list of type identifiers: like `stringList`, with empty strings reported and dropped.
        mutating func identifiers(_ dict: PlistDictionary, _ key: String) -> [Located<String>] {
            var result: [Located<String>] = []
            for item in stringList(dict, key) {
                if Self.isBlank(item.value) {
                    // An empty slot is usually the type meant for the entry's own extensions
                    // (iina's .mka entry, whose type io.iina.mka the app imports): say which.
                    let extensions = (dict["CFBundleTypeExtensions"]?.asArray ?? []).compactMap(\.asString)
                        .filter { !Self.isBlank($0) }
                    let hint =
                        extensions.isEmpty
                        ? "remove it"
                        : "write the type meant for this entry's CFBundleTypeExtensions (\(extensions.prefix(5).map { "." + $0 }.joined(separator: ", "))), or remove it"
                    report(
                        .emptyIdentifier, "\(key) contains an empty identifier; \(hint)",
                        at: item.location, subject: key)
                } else {
                    result.append(item)
                }
            }
            return result
        }

        /// `trimmingCharacters(in: .whitespaces).isEmpty`, answered without Foundation when the
        /// first byte is visible ASCII — as it is for every real identifier.
        static func isBlank(_ text: String) -> Bool {
            guard let first = text.utf8.first else { return true }
            if first > 0x20 && first < 0x7F { return false }
            return text.trimmingCharacters(in: .whitespaces).isEmpty
        }
    }
}
