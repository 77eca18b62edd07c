/// The standard rules, embedded in the binary. They are ordinary rule files written against
/// the public `uniform` API — the project dogfoods its own engine.
public enum StandardRules {
    /// (chunk name, source) in load order.
    public static var files: [(name: String, source: String)] {
        [
            ("rules/appstore.lua", PackageResources.appstore_lua),
            ("rules/manifest.lua", PackageResources.manifest_lua),
            ("rules/types.lua", PackageResources.types_lua),
            ("rules/exposure.lua", PackageResources.exposure_lua),
        ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
    }

    /// `rules/.luacheckrc`: its std is the rule sandbox and the `uniform` API, name by name.
    public static var luacheckConfiguration: String {
        String(decoding: PackageResources._luacheckrc, as: UTF8.self)
    }
}
