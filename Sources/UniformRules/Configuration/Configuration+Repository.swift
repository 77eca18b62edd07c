import UniformCore

extension Configuration {
    /// What `.uniform.lua` says the world is read from, for `RepositoryLoader`: the parts that
    /// are not Lua (rules, tests, limits and reporters stay here).
    public var repository: RepositoryConfiguration {
        var repository = RepositoryConfiguration(directory: directory, file: file)
        repository.manifests = manifests
        repository.declaresManifests = declaresManifests
        repository.projects = projects
        repository.xcconfigs = xcconfigs
        repository.defines = defines
        repository.buildConfiguration = buildConfiguration
        repository.apps = apps
        repository.platform = platform
        repository.releases = releases
        repository.distribution = distribution
        repository.defaults = defaults
        return repository
    }
}
