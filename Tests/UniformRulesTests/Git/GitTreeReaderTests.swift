import Foundation
import UniformRules
import XCTest

/// `GitTreeReader` reads what was committed — no attributes, no filters — writes it only inside
/// the folder it is given, and stops at its caps with an error naming the revision and path.
final class GitTreeReaderTests: XCTestCase {
    var repo: GitFixture!
    var scratch: URL!

    override func setUpWithError() throws {
        repo = try GitFixture()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("uniform-git-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        repo.remove()
        try? FileManager.default.removeItem(at: scratch)
    }

    func reader(_ limits: GitTreeLimits = .standard) throws -> GitTreeReader {
        try GitTreeReader(directory: repo.root.path, limits: limits)
    }

    func text(_ relative: String, in tree: URL) -> String? {
        FileManager.default.contents(atPath: tree.appendingPathComponent(relative).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    func testAttributesChangeNothing() throws {
        try repo.write("App/Info.plist\texport-ignore\n*.plist export-subst\n*.txt text eol=crlf\n", ".gitattributes")
        try repo.write("<string>$Format:%H$</string>\n", "App/Info.plist")
        try repo.write("line one\nline two\n", "notes.txt")
        try repo.write("", "empty.plist")
        try repo.commitAll("one")
        let tree = scratch.appendingPathComponent("tree")
        let written = try reader().materialize(revision: "HEAD", into: tree)
        XCTAssertEqual(text("App/Info.plist", in: tree), "<string>$Format:%H$</string>\n")
        XCTAssertEqual(text("notes.txt", in: tree), "line one\nline two\n")
        XCTAssertEqual(text("empty.plist", in: tree), "")
        XCTAssertEqual(written.files, 4)
        XCTAssertEqual(written.skipped, [])
        XCTAssertEqual(written.commit, try repo.git("rev-parse", "HEAD"))
    }

    func testTheFilterChoosesAndSubmodulesAreSkipped() throws {
        try repo.write("<plist/>", "App/Info.plist")
        try repo.write("PNG", "App/icon.png")
        try repo.write("return {}", ".uniform.lua")
        try repo.write("// settings", "Config/Base.xcconfig")
        try repo.write("{}", "App.xcodeproj/project.pbxproj")
        try repo.commitAll("one")
        let commit = try repo.git("rev-parse", "HEAD")
        try repo.git("update-index", "--add", "--cacheinfo", "160000,\(commit),Vendor/Lib")
        try repo.git("commit", "-q", "-m", "submodule")
        let tree = scratch.appendingPathComponent("tree")
        let written = try reader().materialize(
            revision: "HEAD", into: tree, filter: GitTreeFilter.worldInputs.union(.paths(["Vendor"])))
        XCTAssertNotNil(text("App/Info.plist", in: tree))
        XCTAssertNotNil(text(".uniform.lua", in: tree))
        XCTAssertNotNil(text("Config/Base.xcconfig", in: tree))
        XCTAssertNotNil(text("App.xcodeproj/project.pbxproj", in: tree))
        XCTAssertNil(text("App/icon.png", in: tree))
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.appendingPathComponent("Vendor").path))
        XCTAssertEqual(written.skipped, [.init(path: "Vendor/Lib", reason: .submodule)])
        let listed = try reader().entries(at: "HEAD", filter: .paths(["App"]))
        XCTAssertEqual(listed.map(\.path), ["App/Info.plist", "App/icon.png"])
    }

    func testSymbolicLinksStayInsideTheFolder() throws {
        let secret = scratch.appendingPathComponent("secret.plist")
        try Data("secret".utf8).write(to: secret)
        try repo.write("<plist/>", "App/Info.plist")
        try repo.link("App/Absolute.plist", to: secret.path)
        try repo.link("App/Up", to: "../..")
        try repo.link("App/Same.plist", to: "Info.plist")
        // Lexically `Here/../secret.plist` is inside; the kernel takes `Here` first (the tree's
        // root), so `..` leaves it: only the kernel's answer counts.
        try repo.link("Here", to: ".")
        try repo.link("Tricky.plist", to: "Here/../secret.plist")
        try repo.link("Nowhere.plist", to: "missing.plist")
        try repo.commitAll("links")
        let tree = scratch.appendingPathComponent("tree")
        let written = try reader().materialize(revision: "HEAD", into: tree)
        XCTAssertEqual(
            Set(written.skipped),
            [
                .init(path: "App/Absolute.plist", reason: .linkOutside), .init(path: "App/Up", reason: .linkOutside),
                .init(path: "Tricky.plist", reason: .linkOutside), .init(path: "Nowhere.plist", reason: .linkDangling),
            ])
        for gone in ["App/Absolute.plist", "App/Up", "Tricky.plist", "Nowhere.plist"] {
            XCTAssertNil(
                try? FileManager.default.destinationOfSymbolicLink(atPath: tree.appendingPathComponent(gone).path), gone
            )
        }
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: tree.appendingPathComponent("App/Same.plist").path),
            "Info.plist")
        XCTAssertEqual(text("App/Same.plist", in: tree), "<plist/>")
        XCTAssertEqual(written.files, 3) // App/Info.plist, App/Same.plist, Here
    }

    func testCraftedNamesAreNotWrittenOutsideOrIntoGit() throws {
        let blob = try repo.blob("escaped")
        let inner = try repo.tree(["100644 blob \(blob)\t..", "100644 blob \(blob)\tconfig"])
        let git = try repo.tree(["100644 blob \(blob)\tconfig"])
        let root = try repo.tree([
            "040000 tree \(inner)\tsub", "040000 tree \(git)\t.git", "040000 tree \(git)\t.GIT",
            "100644 blob \(blob)\tok.plist",
        ])
        _ = try repo.commitTree(root, "crafted")
        let tree = scratch.appendingPathComponent("deep/tree")
        let written = try reader().materialize(revision: "HEAD", into: tree)
        XCTAssertEqual(
            Set(written.skipped.map(\.path)), ["sub/..", ".git/config", ".GIT/config"], "\(written.skipped)")
        XCTAssertTrue(written.skipped.allSatisfy { $0.reason == .unsafeName })
        XCTAssertEqual(text("ok.plist", in: tree), "escaped")
        XCTAssertEqual(text("sub/config", in: tree), "escaped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("deep/sub").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.appendingPathComponent(".git").path))
    }

    func testEachCapIsAnErrorNamingTheRevisionAndPath() throws {
        try repo.write(String(repeating: "a", count: 100), "A/big.plist")
        try repo.write(String(repeating: "b", count: 60), "B/one.plist")
        try repo.write(String(repeating: "c", count: 60), "B/two.plist")
        try repo.commitAll("one")
        var limits = GitTreeLimits.standard
        func failure(_ limits: GitTreeLimits) throws -> GitTreeError {
            let tree = scratch.appendingPathComponent(UUID().uuidString)
            do {
                try reader(limits).materialize(revision: "HEAD", into: tree)
            } catch {
                XCTAssertFalse(FileManager.default.fileExists(atPath: tree.path), "nothing is written past a cap")
                return try XCTUnwrap(error as? GitTreeError)
            }
            XCTFail("no error")
            return GitTreeError(.gitFailed, revision: nil, "")
        }
        limits.maxFileBytes = 99
        var error = try failure(limits)
        XCTAssertEqual(error.kind, .fileTooLarge)
        XCTAssertEqual(error.path, "A/big.plist")
        XCTAssertTrue(error.description.hasPrefix("HEAD: A/big.plist is 100 bytes"), error.description)

        limits = .standard
        limits.maxTotalBytes = 200
        error = try failure(limits)
        XCTAssertEqual(error.kind, .tooManyBytes)
        XCTAssertEqual(error.path, "B/two.plist")
        XCTAssertTrue(error.description.contains("HEAD: ") && error.description.contains("B/two.plist"))

        limits = .standard
        limits.maxFiles = 2
        error = try failure(limits)
        XCTAssertEqual(error.kind, .tooManyFiles)
        XCTAssertEqual(error.path, "B/two.plist")

        limits = .standard
        limits.maxTreeEntries = 1
        error = try failure(limits)
        XCTAssertEqual(error.kind, .tooManyEntries)
        XCTAssertEqual(error.path, "B/one.plist")
        XCTAssertEqual(error.revision, "HEAD")
    }

    /// A few hundred bytes of objects that list a million paths: the listing stops at the cap.
    func testAListingBombStopsAtTheEntryCap() throws {
        let blob = try repo.blob("")
        let leaves = try repo.tree((0..<1000).map { String(format: "100644 blob %@\tf%04d", blob, $0) })
        let middle = try repo.tree((0..<1000).map { String(format: "040000 tree %@\td%04d", leaves, $0) })
        _ = try repo.commitTree(middle, "bomb")
        var limits = GitTreeLimits.standard
        limits.maxTreeEntries = 20_000
        let start = Date()
        XCTAssertThrowsError(try reader(limits).entries(at: "HEAD")) { error in
            XCTAssertEqual((error as? GitTreeError)?.kind, .tooManyEntries, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testOneFilesBytesAtARevision() throws {
        try repo.write("return { version = 1 }\n", ".uniform.lua")
        try repo.write("<plist/>", "App/Info.plist")
        try repo.link("Link.lua", to: ".uniform.lua")
        try repo.commitAll("one")
        try repo.write("return { version = 2 }\n", ".uniform.lua")
        try repo.commitAll("two")
        let reader = try reader()
        XCTAssertEqual(try reader.contents(of: ".uniform.lua", at: "HEAD~1"), Data("return { version = 1 }\n".utf8))
        XCTAssertEqual(try reader.contents(of: ".uniform.lua", at: "HEAD"), Data("return { version = 2 }\n".utf8))
        XCTAssertNil(try reader.contents(of: "missing.lua", at: "HEAD"))
        XCTAssertNil(try reader.contents(of: "App/Missing.plist", at: "HEAD"))
        for path in ["Link.lua", "App"] {
            XCTAssertThrowsError(try reader.contents(of: path, at: "HEAD")) { error in
                XCTAssertEqual((error as? GitTreeError)?.kind, .notAFile, "\(path): \(error)")
            }
        }
        var limits = GitTreeLimits.standard
        limits.maxFileBytes = 4
        XCTAssertThrowsError(try self.reader(limits).contents(of: "App/Info.plist", at: "HEAD")) { error in
            XCTAssertEqual((error as? GitTreeError)?.kind, .fileTooLarge)
        }
    }

    func testRevisionsThatAreNotCommitsOrLookLikeOptions() throws {
        try repo.write("x", "a.plist")
        try repo.commitAll("one")
        let reader = try reader()
        for revision in ["nosuchrev", "--output=/tmp/x", "-h", "", "HEAD:a.plist"] {
            XCTAssertThrowsError(try reader.commit(revision)) { error in
                XCTAssertEqual((error as? GitTreeError)?.kind, .unknownRevision, revision)
            }
        }
        XCTAssertThrowsError(try GitTreeReader(directory: scratch.path)) { error in
            XCTAssertEqual((error as? GitTreeError)?.kind, .notARepository)
        }
    }
}
