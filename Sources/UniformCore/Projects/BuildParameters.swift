/// The build a setting is evaluated for: what conditional settings (`KEY[sdk=iphoneos*]`,
/// `KEY[config=Release]`, `KEY[arch=arm64]`) are matched against.
///
/// uniform models the device build of one configuration: `sdk` is the platform's SDK name
/// (`iphoneos`, `macosx` — a condition written for a versioned SDK such as `iphoneos17.0`
/// matches through its `*`), `arch` is `arm64`, `variant` is `normal`. A condition on any
/// other parameter does not hold.
public struct BuildParameters: Sendable, Equatable {
    public var sdk: String?
    public var configuration: String
    public var arch = "arm64"
    public var variant = "normal"

    public init(sdk: String?, configuration: String) {
        self.sdk = sdk
        self.configuration = configuration
    }

    /// Whether every condition holds for this build.
    public func satisfies(_ conditions: [SettingCondition]) -> Bool {
        conditions.allSatisfy { condition in
            let value: String?
            switch condition.parameter {
            case "sdk": value = sdk
            case "config": value = configuration
            case "arch": value = arch
            case "variant": value = variant
            default: value = nil
            }
            guard let value else { return false }
            return Self.glob(condition.pattern, matches: value)
        }
    }

    /// `*` matches any run of characters; everything else matches itself. An SDK condition
    /// without a version (`sdk=iphoneos`) also matches versioned names in Xcode, which the
    /// unversioned SDK names used here make automatic.
    static func glob(_ pattern: String, matches value: String) -> Bool {
        let p = Array(pattern.utf8), v = Array(value.utf8)
        var pi = 0, vi = 0, star = -1, mark = 0
        while vi < v.count {
            if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi
                mark = vi
                pi += 1
            } else if pi < p.count, p[pi] == v[vi] {
                pi += 1
                vi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                vi = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
