import UniformCore
import UniformLua

/// `apps = { ["iOS/Info.plist"] = { bundle_id = …, platform = …, defines = { … } } }` in
/// `.uniform.lua`, read into the core's `AppOverride`.
extension AppOverride {
    static func read(_ table: LuaTableRef, file: String) throws -> [String: AppOverride] {
        var result: [String: AppOverride] = [:]
        for (key, value) in table.pairs() {
            guard case .string(let name) = key, case .table(let entry) = value else {
                throw LuaArguments.Problem(
                    description:
                        "\(file): 'apps' maps manifest paths or target names to tables, e.g. apps = { [\"App/Info.plist\"] = { bundle_id = \"com.acme.app\" } }"
                )
            }
            let args = LuaArguments(function: "\(file): apps[\"\(name)\"]", table: entry)
            try args.allowOnly(["bundle_id", "platform", "distribution", "defines"])
            var override = AppOverride(bundleID: try args.string("bundle_id"))
            if let p = try args.string("platform") {
                guard let platform = Platform(rawValue: p) else { throw args.fail("'platform' must be ios or macos") }
                override.platform = platform
            }
            if let d = try args.string("distribution") {
                guard let distribution = Distribution(rawValue: d) else {
                    throw args.fail("'distribution' must be app-store or outside")
                }
                override.distribution = distribution
            }
            for (k, v) in try args.tableValue("defines")?.pairs() ?? [] {
                guard case .string(let k) = k else { throw args.fail("'defines' keys must be names") }
                switch v {
                case .string(let s): override.defines[k] = s
                case .integer(let i): override.defines[k] = String(i)
                default: throw args.fail("defines.\(k) must be a string")
                }
            }
            result[name] = override
        }
        return result
    }
}
