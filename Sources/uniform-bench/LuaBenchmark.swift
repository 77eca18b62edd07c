import CLua
import CLuaBench
import CLuaShim
import Foundation
import UniformLua

/// Costs of the Lua bridge next to the same operations written in plain C against the same
/// library and the same sandboxed, hooked state (baseline functions live in CLuaShim/bench.c).
/// Run with `swift build -c release --product uniform-bench`.
func runLuaBenchmark() {
    let state = LuaState() // default limits: the hook, budget and deadline are part of the cost
    // LUA_BENCH_ONLY=call|callback|policy runs one section (for profiling)
    let only = ProcessInfo.processInfo.environment["LUA_BENCH_ONLY"]
    func runs(_ section: String) -> Bool { only == nil || only == section }
    func now() -> Double { cls_bench_now_ns() }
    /// Prints the best of `runs` for each side. The sides alternate run by run, so load from other
    /// processes on a shared machine hits both alike instead of skewing the ratio.
    func row(_ name: String, runs: Int = 7, swift swiftBody: () -> Double, c cBody: () -> Double) {
        var swift = Double.infinity, c = Double.infinity
        for _ in 0..<runs {
            c = min(c, cBody())
            swift = min(swift, swiftBody())
        }
        let pad = name.padding(toLength: 44, withPad: " ", startingAt: 0)
        print(
            "\(pad) \(String(format: "%8.1f", swift)) ns   \(String(format: "%8.1f", c)) ns   \(String(format: "%5.2f", swift / c))x"
        )
    }
    do {
        let identity = try state.run("return function(x) return x end", chunkName: "bench/identity.lua")[0]
            .functionValue!
        let loop = try state.run(
            "return function(f, n) local x = 0 for i = 1, n do x = f(i) end return x end",
            chunkName: "bench/loop.lua")[0].functionValue!
        let policy = try state.run(
            """
            return function(cands)
              local order = {}
              for i = 1, #cands do order[i] = i end
              table.sort(order, function(a, b)
                local da, db = cands[a].distance, cands[b].distance
                if da ~= db then return da < db end
                return a < b
              end)
              return order
            end
            """, chunkName: "bench/policy.lua")[0].functionValue!

        // raw registry refs for the C baseline (same functions)
        state.setGlobal("__identity", .function(identity))
        state.setGlobal("__policy", .function(policy))
        let L = state.globals.withRawState { $0 }!
        lua_getglobal(L, "__identity")
        let identityRef = luaL_ref(L, cls_registryindex())
        lua_getglobal(L, "__policy")
        let policyRef = luaL_ref(L, cls_registryindex())

        print("operation                                       Swift         plain C     ratio")

        // 1. Swift -> Lua call
        let n1 = 500_000
        if runs("call") {
            let cCall = { cls_bench_c_call(L, identityRef, n1) }
            row(
                "Swift->Lua call (fast path)",
                swift: {
                    let t0 = now()
                    var sum: Int64 = 0
                    for i in 0..<n1 {
                        sum &+=
                            (try? state.call(
                                identity, results: 1,
                                pushing: {
                                    $0.push(i)
                                    return 1
                                },
                                reading: { $0.integer(at: -1) ?? 0 })) ?? 0
                    }
                    return (now() - t0) / Double(n1) + Double(sum & 0)
                }, c: cCall)
            row(
                "Swift->Lua call ([LuaValue] API)",
                swift: {
                    let t0 = now()
                    for i in 0..<n1 { _ = try? state.call(identity, [.integer(Int64(i))]) }
                    return (now() - t0) / Double(n1)
                }, c: cCall)
        }

        // 2. Lua -> Swift callback
        let n2 = 1_000_000
        if runs("callback") {
            // both sides check the argument's type and raise on a bad one (luaL_checkinteger in C)
            let rawAdd = state.makeRawFunction(name: "add1") { ctx in
                ctx.stack.push(try ctx.integer(1) + 1)
                return 1
            }
            let valueAdd = state.makeFunction(name: "add1") { ctx in [.integer(try ctx.integer(1) + 1)] }
            let cCallback = {
                _ = withExtendedLifetime(loop) { loop.withRawPush(on: L) }
                return cls_bench_c_callback(L, n2)
            }
            func swiftLoop(_ f: LuaFunction) -> () -> Double {
                {
                    let t0 = now()
                    _ = try? state.call(loop, [.function(f), .integer(Int64(n2))])
                    return (now() - t0) / Double(n2)
                }
            }
            row("Lua->Swift callback (raw function)", swift: swiftLoop(rawAdd), c: cCallback)
            row("Lua->Swift callback ([LuaValue] function)", swift: swiftLoop(valueAdd), c: cCallback)
        }

        // 3. policy call: 10 candidates of 6 fields (+ claim {file,line}), read back the order
        let n3 = 30_000
        guard runs("policy") else { return }
        let ids = [
            "com.apple.TextEdit", "com.apple.Preview", "com.acme.Editor", "com.acme.Viewer", "org.example.Writer",
            "com.microsoft.Word", "com.google.Chrome", "org.mozilla.firefox", "com.acme.Suite", "io.example.Notes",
        ]
        let ranks = ["Owner", "Default", "Alternate"], roles = ["Editor", "Viewer", "Shell"]
        let matches = ["exact", "conforms", "wildcard"]
        var cOrder = [Int32](repeating: 0, count: 10)
        let cPolicy = { cls_bench_c_policy(L, policyRef, n3, &cOrder) }
        var swiftOrder: [Int] = []
        row(
            "policy call, 10 candidates (fast path)",
            swift: {
                let t0 = now()
                for _ in 0..<n3 {
                    swiftOrder =
                        (try? state.call(
                            policy, results: 1,
                            pushing: { s in
                                s.newTable(arrayCount: 10)
                                for i in 0..<10 {
                                    s.newTable(fieldCount: 6)
                                    s.push(ids[i])
                                    s.setField("bundle_id")
                                    s.push(ranks[i % 3])
                                    s.setField("rank")
                                    s.push(roles[i % 3])
                                    s.setField("role")
                                    s.push(matches[i % 3])
                                    s.setField("match")
                                    s.push(i * 7 % 10)
                                    s.setField("distance")
                                    s.newTable(fieldCount: 2)
                                    s.push("Info.plist" as StaticString)
                                    s.setField("file")
                                    s.push(10 + i)
                                    s.setField("line")
                                    s.setField("claim")
                                    s.setIndex(i + 1)
                                }
                                return 1
                            },
                            reading: { s in
                                (1...10).map { i in
                                    s.getIndex(i)
                                    defer { s.pop() }
                                    return Int(s.integer(at: -1) ?? 0)
                                }
                            })) ?? []
                }
                return (now() - t0) / Double(n3)
            }, c: cPolicy)
        row(
            "policy call, 10 candidates ([LuaValue] API)", runs: 3,
            swift: {
                let t0 = now()
                for _ in 0..<n3 {
                    var cands: [LuaValue] = []
                    for i in 0..<10 {
                        let claim = state.makeTable(fields: ["file": "Info.plist", "line": .integer(Int64(10 + i))])
                        var fields: [String: LuaValue] = [:]
                        fields["bundle_id"] = .string(ids[i])
                        fields["rank"] = .string(ranks[i % 3])
                        fields["role"] = .string(roles[i % 3])
                        fields["match"] = .string(matches[i % 3])
                        fields["distance"] = .integer(Int64(i * 7 % 10))
                        fields["claim"] = .table(claim)
                        cands.append(.table(state.makeTable(fields: fields)))
                    }
                    let r = (try? state.call(policy, [.table(state.makeTable(array: cands))])) ?? []
                    swiftOrder = r.first?.tableValue?.arrayValues()?.compactMap { $0.intValue.map(Int.init) } ?? []
                }
                return (now() - t0) / Double(n3)
            }, c: cPolicy)
        print("orders agree: \(swiftOrder == cOrder.map(Int.init)) \(swiftOrder)")
    } catch {
        print("benchmark failed: \(error)")
    }
}
