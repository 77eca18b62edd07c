import Foundation
import UniformCore

extension Session {
    /// The configured reporters' files that would be written outside the repository (a pull
    /// request's `.uniform.lua` naming `junit:../../x.xml` or an absolute path). Reports the
    /// user asks for on the command line are theirs to place.
    public func configuredReportsOutsideRepository() -> [String] {
        let repository = RepositoryBoundary(
            startingAt: config.file == nil ? FileManager.default.currentDirectoryPath : config.directory)
        return config.reporters.compactMap { text in
            guard
                let path = (try? ReporterSpec(parsing: text, validNames: Reporters.findingNames + Reporters.testNames))?
                    .path
            else { return nil }
            // The folder it lands in decides (the file may not exist yet).
            let folder = (CanonicalPath.ofParent(path) as NSString).deletingLastPathComponent
            return repository.contains(folder) ? nil : text
        }
    }
}
