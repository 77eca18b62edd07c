/// `LSHandlerRank`: how strongly an app claims a type. A missing key means `Default`.
public enum HandlerRank: String, Sendable, CaseIterable {
    case owner = "Owner"
    case `default` = "Default"
    case alternate = "Alternate"
    case none = "None"

    /// Owner > Default > Alternate; `None` is never a handler.
    public var order: Int {
        switch self {
        case .owner: 0
        case .default: 1
        case .alternate: 2
        case .none: 3
        }
    }

    /// Reads the plist spelling, case-insensitively (real files write `owner`).
    public init?(plistValue: String) {
        // The usual spelling needs no Foundation comparison.
        if let exact = HandlerRank(rawValue: plistValue) {
            self = exact
            return
        }
        guard
            let rank = HandlerRank.allCases.first(where: {
                $0.rawValue.caseInsensitiveCompare(plistValue) == .orderedSame
            })
        else {
            return nil
        }
        self = rank
    }
}
