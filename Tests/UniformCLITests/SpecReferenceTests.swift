import Foundation
import XCTest

/// The behaviour specification is `docs/SPEC.md`, in the repository. Code and documents cite its
/// numbered sections ("docs/SPEC.md §2"); these tests keep every such reference pointing at a
/// section that exists, every link into it at a heading it has, and its own links at files and
/// headings that exist. Swift sources name it by its path: a bare reference once pointed at a
/// file outside the repository, which a reader of a fresh clone could not follow.
final class SpecReferenceTests: XCTestCase {
    static let root = CLI.packageRoot
    static let specPath = "docs/SPEC.md"
    /// Written in two parts, so that this file does not cite the specification itself.
    static let bareMarker = "SPEC" + " §"
    static let pathMarker = "SPEC.md" + " §"

    func testEveryReferenceNamesASectionOfTheSpecification() throws {
        let sections = try Self.sectionNumbers()
        XCTAssertEqual(sections, [1, 2, 3, 4, 5, 6], "\(Self.specPath) numbers its sections 1 to 6")
        var checked = 0
        for file in try Self.citingFiles() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (line, numbers) in Self.references(in: text) {
                for number in numbers {
                    checked += 1
                    XCTAssertTrue(
                        sections.contains(number),
                        "\(file):\(line): §\(number) is not a section of \(Self.specPath) (it has \(sections))")
                }
            }
        }
        XCTAssertGreaterThan(checked, 25, "the references were found")
    }

    func testSwiftSourcesNameTheSpecificationByItsPath() throws {
        for file in try Self.files(under: ["Sources", "Tests"], extensions: ["swift"]) {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                XCTAssertFalse(
                    line.contains(Self.bareMarker),
                    "\(file):\(index + 1): write \(Self.specPath) §N, the specification's path in the repository")
                var rest = line[...]
                while let found = rest.range(of: Self.pathMarker) {
                    XCTAssertTrue(
                        rest[..<found.lowerBound].hasSuffix("docs/"),
                        "\(file):\(index + 1): write \(Self.specPath) §N, the specification's path in the repository")
                    rest = rest[found.upperBound...]
                }
            }
        }
    }

    func testLinksIntoTheSpecificationNameItsHeadings() throws {
        let anchors = try Self.anchors(of: Self.specPath)
        var checked = 0
        for file in try Self.citingFiles() where file.hasSuffix(".md") {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (line, anchor) in Self.linkAnchors(in: text, target: "SPEC.md") {
                checked += 1
                XCTAssertTrue(anchors.contains(anchor), "\(file):\(line): \(Self.specPath) has no heading #\(anchor)")
            }
        }
        XCTAssertGreaterThan(checked, 3, "the links were found")
    }

    /// The specification's own links lead to files of the repository and to headings they have.
    func testTheSpecificationsLinksLeadSomewhere() throws {
        let folder = (Self.specPath as NSString).deletingLastPathComponent
        let text = try String(contentsOf: Self.root.appendingPathComponent(Self.specPath), encoding: .utf8)
        let own = try Self.anchors(of: Self.specPath)
        for (line, destination) in Self.links(in: text) where !destination.contains("://") {
            let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]), anchor = parts.count > 1 ? String(parts[1]) : nil
            if path.isEmpty {
                XCTAssertTrue(own.contains(anchor ?? ""), "\(Self.specPath):\(line): no heading #\(anchor ?? "")")
                continue
            }
            let target = Self.normalised(folder + "/" + path)
            let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path)
            XCTAssertTrue(exists, "\(Self.specPath):\(line): \(path) does not exist")
            if exists, let anchor, target.hasSuffix(".md") {
                XCTAssertTrue(
                    try Self.anchors(of: target).contains(anchor),
                    "\(Self.specPath):\(line): \(target) has no #\(anchor)")
            }
        }
    }

    // MARK: - Reading

    /// Where the specification is cited: the sources, rules, tests, the examples' and the
    /// repository's documents.
    static func citingFiles() throws -> [String] {
        try files(under: ["Sources"], extensions: ["swift", "c", "h"])
            + files(under: ["rules"], extensions: ["md", "lua", "swift"])
            + files(under: ["Tests"], extensions: ["swift"])
            + files(under: ["docs", "examples"], extensions: ["md"])
            + ["README.md", "CONTRIBUTING.md"]
    }

    /// Files under `folders` (relative to the package root) with one of `extensions`, sorted.
    static func files(under folders: [String], extensions: Set<String>) throws -> [String] {
        var found: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: base.path) else {
                throw XCTSkip("\(folder) is not beside the tests")
            }
            while let relative = walk.nextObject() as? String {
                if extensions.contains((relative as NSString).pathExtension) { found.append(folder + "/" + relative) }
            }
        }
        return found.sorted()
    }

    /// The numbers of the specification's `## N. Title` headings.
    static func sectionNumbers() throws -> [Int] {
        try headings(of: specPath).compactMap { heading in
            guard heading.level == 2, let dot = heading.title.firstIndex(of: ".") else { return nil }
            return Int(heading.title[..<dot])
        }
    }

    /// Each reference's line and the section numbers it names: `§2`, `§2–3`, `§3/§4`, `§2-§3`.
    /// A marker followed by no number (`§N` in prose about references) names nothing.
    static func references(in text: String) -> [(line: Int, sections: [Int])] {
        var found: [(Int, [Int])] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let marker = [rest.range(of: bareMarker), rest.range(of: pathMarker)].compactMap({ $0 })
                .min(by: { $0.lowerBound < $1.lowerBound })
            {
                var scanner = rest[marker.upperBound...]
                var numbers: [Int] = []
                while true {
                    let digits = scanner.prefix { $0.isASCII && $0.isNumber }
                    guard let number = Int(digits) else { break }
                    numbers.append(number)
                    scanner = scanner[digits.endIndex...]
                    guard let separator = scanner.first, "–-/".contains(separator) else { break }
                    scanner = scanner.dropFirst()
                    if scanner.first == "§" { scanner = scanner.dropFirst() }
                }
                if !numbers.isEmpty { found.append((index + 1, numbers)) }
                rest = rest[marker.upperBound...]
            }
        }
        return found
    }

    /// A relative path with its `.` and `..` steps taken: `docs/../rules/API.md` is `rules/API.md`.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// Markdown links `[text](destination)`, with their lines.
    static func links(in text: String) -> [(line: Int, destination: String)] {
        var found: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                found.append((index + 1, String(after[..<close])))
                rest = after[close...]
            }
        }
        return found
    }

    /// The anchors of links whose destination is the file named `target` (in any folder).
    static func linkAnchors(in text: String, target: String) -> [(line: Int, anchor: String)] {
        links(in: text).compactMap { link in
            let parts = link.destination.split(separator: "#", maxSplits: 1)
            guard parts.count == 2, parts[0] == target || parts[0].hasSuffix("/" + target) else { return nil }
            return (link.line, String(parts[1]))
        }
    }

    /// A Markdown file's headings outside fenced code.
    static func headings(of file: String) throws -> [(level: Int, title: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var found: [(Int, String)] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let level = line.prefix { $0 == "#" }.count
            guard line.dropFirst(level).first == " " else { continue }
            found.append((level, String(line.dropFirst(level + 1))))
        }
        return found
    }

    /// The anchors GitHub makes for a file's headings: lower case, punctuation dropped, spaces
    /// as `-`, a repeated one numbered `-1`, `-2`, ….
    static func anchors(of file: String) throws -> Set<String> {
        var anchors = Set<String>()
        var seen: [String: Int] = [:]
        for heading in try headings(of: file) {
            let slug = String(
                heading.title.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "-" || character == "_"
                        ? character : nil
                })
            let count = seen[slug, default: 0]
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
            seen[slug] = count + 1
        }
        return anchors
    }
}
