import ArgumentParser
import Foundation
import UniformCore
import UniformRules

/// `uniform init`: a configuration and a starter suite for the repository in the current
/// directory, from what discovery finds there.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .uniform.lua and a starter test suite for this repository.",
        discussion: """
            Reads the repository as `uniform check` would (Xcode projects, else Info.plist files), then writes \
            .uniform.lua (projects, configuration, the apps found) and tests/document_types_test.lua (each app \
            opens its own document types first: one assertion checked on every platform the app is built for, \
            or one per platform where the answers differ), and prints the lines to add to CI. Every assertion \
            holds when written. Refuses to overwrite either file. Also writes .luacheckrc (the rule sandbox as \
            luacheck's std) and .luarc.json (the Lua language server pointed at the API definitions a release \
            installs in PREFIX/share/uniform/lua) unless they exist; --editor-files rewrites only those two.
            """
    )

    @OptionGroup var world: WorldOptions

    @Flag(help: "Write only .luacheckrc and .luarc.json (replacing them), for a repository that has its configuration.")
    var editorFiles = false

    func run() throws {
        let directory = FileManager.default.currentDirectoryPath
        if editorFiles { return try writeEditorFiles(in: directory, replacing: true) }
        let configPath = (directory as NSString).appendingPathComponent(Configuration.fileName)
        let testPath = (directory as NSString).appendingPathComponent(StarterFiles.testPath)
        for path in [configPath, testPath] where FileManager.default.fileExists(atPath: path) {
            throw CommandFailure.input(
                "\(Configuration.displayPath(path)) already exists; uniform init does not overwrite it")
        }
        // A committed `tests -> /elsewhere` link must not take the starter test out of the tree.
        for path in [configPath, testPath] {
            do { try OutputPath.check(path) } catch { throw CommandFailure.input(error.description) }
        }
        var options = world
        options.tolerateBrokenManifests = true
        let session = try options.makeSession(standardRules: true, requireManifests: true, output: { Output.error($0) })
        let starter = StarterFiles(session: session, directory: directory)
        do {
            try FileManager.default.createDirectory(
                atPath: (testPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try starter.configuration.write(toFile: configPath, atomically: true, encoding: .utf8)
            try starter.testFile.write(toFile: testPath, atomically: true, encoding: .utf8)
        } catch {
            throw CommandFailure.input("cannot write the starter files: \(error.localizedDescription)")
        }
        let apps = session.engine.inputs.manifests
        Output.print(
            "wrote \(Configuration.fileName): \(session.report.projects.isEmpty ? "\(apps.count) manifest\(apps.count == 1 ? "" : "s")" : "\(session.report.projects.count) project\(session.report.projects.count == 1 ? "" : "s"), \(apps.count) app\(apps.count == 1 ? "" : "s")")"
        )
        Output.print(
            "wrote \(StarterFiles.testPath): \(starter.assertionCount) assertion\(starter.assertionCount == 1 ? "" : "s")"
        )
        for reason in starter.unasserted { Output.print("  no assertion for \(ReportText.line(reason))") }
        try writeEditorFiles(in: directory, replacing: false)
        Output.print("")
        Output.print("next: uniform check, then uniform test")
        Output.print(starter.ciLines)
    }

    /// `.luacheckrc` and `.luarc.json`; an existing one is kept unless `replacing`.
    func writeEditorFiles(in directory: String, replacing: Bool) throws {
        let files = EditorFiles(installedDefinitions: InstalledDefinitions.folder)
        for (name, text) in [(EditorFiles.luacheckPath, files.luacheckrc), (EditorFiles.luarcPath, files.luarc)] {
            let path = (directory as NSString).appendingPathComponent(name)
            if !replacing && FileManager.default.fileExists(atPath: path) {
                Output.print("kept \(name) (uniform init --editor-files replaces it)")
                continue
            }
            do {
                try OutputPath.write(text, to: path)
            } catch is OutputPath.Refusal {
                throw CommandFailure.input(
                    "\(name): the folder it is written to links outside the repository (or the file is a link); nothing is written there"
                )
            } catch {
                throw CommandFailure.input("cannot write \(name): \(error.localizedDescription)")
            }
            Output.print("wrote \(name)")
        }
        if let extra = files.extraLibrary {
            Output.print("  \(EditorFiles.luarcPath) names \(extra), where this uniform's definitions are installed")
        } else if InstalledDefinitions.folder == nil {
            Output.print(
                "  no installed API definitions found beside this uniform; \(EditorFiles.luarcPath) lists the usual "
                    + "install folders (a source checkout has them in rules/uniform.d.lua and rules/uniform-test.d.lua)"
            )
        }
    }
}
