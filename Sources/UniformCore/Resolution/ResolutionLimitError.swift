/// A world or query beyond what ranking packs into one word (see `RankEntry`): millions of
/// apps, or millions of claims matching one document. Said plainly rather than answered wrong.
public struct ResolutionLimitError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
