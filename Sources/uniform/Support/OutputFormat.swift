import ArgumentParser

/// `--format text|json` for the query commands.
enum QueryFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
