import Foundation
import UniformCore

extension Session {
    /// The context paths to read: the configuration's `context` (relative to it, inside the
    /// repository as written and through every link, else an error at its line that names only
    /// what the configuration wrote), then the command line's `--context` (the user's own
    /// paths, but a link in the repository that leads out is refused, as for every argument).
    static func contextPaths(
        _ options: SessionOptions, config: Configuration, boundary: RepositoryBoundary
    ) throws(SessionError) -> [String] {
        var paths: [String] = []
        let file = config.file.map { Configuration.displayPath($0) } ?? Configuration.fileName
        for path in config.context {
            let at = config.contextLines[path].map { "\(file):\($0)" } ?? file
            guard !configuredPathIsOutside(path, config: config, boundary: boundary) else {
                throw SessionError(
                    "\(at): context names \(path), which is outside the repository (as written or through a link); it is not read"
                )
            }
            let resolved = config.resolve(path)
            guard FileManager.default.fileExists(atPath: resolved) else {
                throw SessionError("\(at): context names \(path), which does not exist\(nearest(to: resolved))")
            }
            paths.append(resolved)
        }
        for path in options.repository.context.map({ local($0, directory: options.directory) }) {
            guard boundary.allows(named: path) else {
                throw SessionError("--context \(path): the path links outside the repository; it is not read")
            }
            guard FileManager.default.fileExists(atPath: path) else {
                throw SessionError("--context \(path): no such file or directory\(nearest(to: path))")
            }
            paths.append(path)
        }
        return paths
    }

    /// "; did you mean Vendor/Apps?" when the folder holding `path` has an entry spelled close to
    /// it (the folder is inside the repository: the caller checked the path as written).
    private static func nearest(to path: String) -> String {
        let folder = ProjectPath.directory(of: path)
        let name = ProjectPath.lastComponent(path)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        guard
            let best = entries.filter({ !$0.hasPrefix(".") }).sorted().min(by: {
                EditDistance.between(name, $0) < EditDistance.between(name, $1)
            }), EditDistance.between(name, best) <= 3
        else { return "" }
        let shown = folder.isEmpty || folder == "." ? best : ProjectPath.join(folder, best)
        return "; did you mean \(Configuration.displayPath(shown))?"
    }
}
