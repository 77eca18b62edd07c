import ArgumentParser
import Foundation
import UniformCore
import UniformRules

/// `uniform diff OLD NEW`: what a change does to document handling — the review question
/// "did this pull request change which app opens `.pdb`?" answered before merging.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two worlds: types added, removed or re-parented, handlers and defaults per extension, MIME type and identifier, findings added and removed.",
        discussion: """
            OLD and NEW are manifests or directories; --old/--new add more to one side and -m to both. \
            With --git REV1..REV2 the two worlds are those revisions of the current repository (REV alone: \
            that revision against the working tree), each read with its own .uniform.lua, straight from \
            git's objects (the revision's .gitattributes do not apply; submodules are skipped; a file over \
            64 MiB, more than 256 MiB or 50,000 files is an error). \
            Exit status: 0, or 1 with --fail-on-change when a default handler changed; 2 for usage errors.
            """
    )

    @Argument(help: ArgumentHelp("The old world: a manifest or a directory.", valueName: "OLD"), completion: .file())
    var oldPath: String?

    @Argument(help: ArgumentHelp("The new world: a manifest or a directory.", valueName: "NEW"), completion: .file())
    var newPath: String?

    @Option(
        name: .customLong("old"),
        help: ArgumentHelp("Another manifest or directory of the old world (repeatable).", valueName: "PATH"))
    var oldMore: [String] = []

    @Option(
        name: .customLong("new"),
        help: ArgumentHelp("Another manifest or directory of the new world (repeatable).", valueName: "PATH"))
    var newMore: [String] = []

    @Option(help: ArgumentHelp("Compare two revisions of the current git repository.", valueName: "REV1..REV2"))
    var git: String?

    @OptionGroup var world: WorldOptions

    @Option(help: "Output format: text or json.")
    var format: QueryFormat = .text

    @Flag(help: "Exit 1 when the default handler of an extension, MIME type or identifier changed.")
    var failOnChange = false

    func validate() throws {
        let sides = (oldPath.map { [$0] } ?? []) + oldMore + (newPath.map { [$0] } ?? []) + newMore
        if git != nil {
            if oldPath != nil {
                throw ValidationError("with --git, give manifests with -m (both revisions), not OLD NEW")
            }
        } else if (oldPath.map { [$0] } ?? []) + oldMore == [] || (newPath.map { [$0] } ?? []) + newMore == [] {
            throw ValidationError(
                sides.isEmpty
                    ? "give OLD and NEW (manifests or directories), or --git REV1..REV2"
                    : "give both an old and a new world")
        }
    }

    func run() throws {
        var options = world
        options.tolerateBrokenManifests = true
        let (old, new, oldLabel, newLabel): (Side, Side, String, String)
        var revisions: GitRevisions?
        defer { revisions?.cleanUp() }
        if let git {
            let (from, to) = try GitRevisions.parseRange(git)
            let checkout = try GitRevisions()
            revisions = checkout
            old = try Side.load(options, paths: [], in: checkout.checkout(from), revisions: checkout)
            new = try Side.load(options, paths: [], in: try to.map(checkout.checkout), revisions: checkout)
            (oldLabel, newLabel) = (from, to ?? "working tree")
        } else {
            let oldPaths = (oldPath.map { [$0] } ?? []) + oldMore
            let newPaths = (newPath.map { [$0] } ?? []) + newMore
            old = try Side.load(options, paths: oldPaths, in: nil)
            new = try Side.load(options, paths: newPaths, in: nil)
            (oldLabel, newLabel) = (oldPaths.joined(separator: " + "), newPaths.joined(separator: " + "))
        }
        if old.session.engine.inputs.manifests.isEmpty && new.session.engine.inputs.manifests.isEmpty {
            throw CommandFailure.input(
                "both worlds are empty: no manifests found in either side; pass paths with -m, or set `manifests` in .uniform.lua (`uniform init` writes one)"
            )
        }
        // Each platform is its own world: with apps of both on either side, ask each question per platform.
        let platforms = Platform.allCases.filter { p in
            old.session.engine.platformsInPlay.contains(p) || new.session.engine.platformsInPlay.contains(p)
        }
        let subjects = old.subjects.union(new.subjects).sorted().flatMap { $0.on(platforms) }
        let diff = WorldDiff(
            old: old.snapshot(subjects, platforms: platforms), new: new.snapshot(subjects, platforms: platforms))
        let report = WorldDiffReport(diff, old: oldLabel, new: newLabel)
        switch format {
        // Control and bidi characters from input shown as `ReportText` shows them (the report
        // itself escapes nothing).
        case .text: Output.print(ReportText.visible(report.text))
        case .json: Output.print(report.json.document(listKey: "diff").rendered())
        }
        if failOnChange && diff.defaultChanged { throw CommandFailure.no() }
    }

    /// One world: its session, loaded in `directory` (a revision's tree) or the working directory.
    struct Side {
        var session: Session
        var findings: [Finding]
        var subjects: Set<DiffSubject>

        static func load(
            _ options: WorldOptions, paths: [String], in directory: String?, revisions: GitRevisions? = nil
        ) throws -> Side {
            let original = FileManager.default.currentDirectoryPath
            if let directory, !FileManager.default.changeCurrentDirectoryPath(directory) {
                throw CommandFailure.input("\(directory): cannot enter the checked-out revision")
            }
            defer { _ = FileManager.default.changeCurrentDirectoryPath(original) }
            let session = try options.makeSession(paths: paths, standardRules: true, output: { Output.error($0) }) {
                // `--policy-from` in a written revision: the policy is still the repository's
                // revision, its paths those of the written tree.
                guard let directory, let revisions else { return }
                $0.policyRepository = original
                $0.policyTreeRoot = revisions.treeRoot(of: directory)
            }
            return Side(
                session: session, findings: session.checkedFindings(),
                subjects: DiffSubject.collect(from: session.engine.world))
        }

        func snapshot(_ subjects: [DiffSubject], platforms: [Platform]) -> WorldSnapshot {
            WorldSnapshot(engine: session.engine, subjects: subjects, findings: findings, platforms: platforms)
        }
    }
}
