import UniformPlist

extension RepositoryLoader {
    /// The configured xcconfigs and defines as levels above every target's (`RunSettings`).
    /// The configuration's files, and their includes, are read inside the repository only; a
    /// file the caller names, inside the repository that holds it as written.
    static func runSettings(
        _ options: RepositoryOptions, configuration config: RepositoryConfiguration, boundary: RepositoryBoundary
    ) throws(RepositoryError) -> RunSettings {
        let files =
            config.xcconfigs.map { (path: config.resolve($0), boundary: Optional(boundary.root)) }
            + options.xcconfigs.map {
                let path = options.local($0)
                // A link in the repository that leads out is the repository's: nothing is read.
                let allowed = boundary.allows(named: path)
                return (path: path, boundary: allowed ? Optional(boundary.boundary(forNamed: path)) : boundary.root)
            }
        var defines: [(values: [String: String], location: SourceLocation)] = []
        if !config.defines.isEmpty, let location = config.location { defines.append((config.defines, location)) }
        if !options.defines.isEmpty { defines.append((options.defines, SourceLocation(file: "--define"))) }
        do { return try RunSettings(xcconfigs: files, defines: defines) } catch {
            throw RepositoryError(error.description)
        }
    }

    /// The user default handlers: the caller's preferences plist, else the configuration's.
    mutating func readDefaults() throws(RepositoryError) -> [DefaultHandler] {
        guard let path = options.defaults.map(options.local) ?? configuration.defaults.map(configuration.resolve)
        else { return [] }
        guard boundary.allows(named: path) else {
            throw RepositoryError("\(path): the path links outside the repository; it is not read")
        }
        do {
            let document = try PlistReader.read(contentsOf: path)
            let read = LaunchServicesPreferences.read(document, file: path)
            findings += read.findings
            return read.handlers
        } catch {
            throw RepositoryError("\(error)")
        }
    }
}
