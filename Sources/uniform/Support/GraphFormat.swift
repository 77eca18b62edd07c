import ArgumentParser

/// `--format dot|mermaid|svg` for `uniform graph`.
enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case dot
    case mermaid
    case svg
}
