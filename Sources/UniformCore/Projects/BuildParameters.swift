/// The build a setting is evaluated for: what conditional settings (`KEY[sdk=iphoneos*]`,
/// `KEY[config=Release]`, `KEY[arch=arm64]`) are matched against.
///
/// uniform models the device build of one configuration: `sdk` is the platform's SDK name
/// (`iphoneos`, `macosx` — a condition written for a versioned SDK such as `iphoneos17.0`
/// matches through its `*`), `arch` is `arm64`, `variant` is `normal`. A condition on any
/// other parameter does not hold. Condition values are `Glob` patterns, as Xcode's are
/// fnmatch(3)'s: `*` any run of characters, `?` one character. An SDK condition without a
/// version (`sdk=iphoneos`) also matches versioned names in Xcode, which the unversioned SDK
/// names used here make automatic.
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
            return Glob.matches(condition.pattern, value)
        }
    }
}
