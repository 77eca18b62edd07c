/// Whether a type identifier belongs to an app's own organisation, as a reviewer reads reverse
/// domains: the same domain, the same name under a swapped top-level domain (com.mozilla and
/// org.mozilla), or the type's organisation name among the app id's labels (io.iina.* from
/// com.colliderli.iina, IINA's project domain). Used by `foreign-export` and
/// `exposed-private-type` through `uniform.same_vendor`.
public enum Vendor {
    /// Top-level domains an organisation commonly holds side by side.
    static let swappable: Set<String> = ["com", "org", "net", "io", "co", "app", "dev", "me"]

    public static func same(typeID: String, appID: String) -> Bool {
        let type = typeID.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        let app = appID.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard type.count >= 2, app.count >= 2 else { return true }
        if type[0] == app[0] && type[1] == app[1] { return true }
        if type[1] == app[1], swappable.contains(String(type[0])), swappable.contains(String(app[0])) { return true }
        return type[1].count >= 3 && app.contains(type[1])
    }
}
