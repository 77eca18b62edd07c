import UniformCore
import UniformLua

/// Installs the global `uniform` table: declarations, rules, checks and queries.
///
/// Every function is a thin adapter: it reads its arguments, asks the engine or the core,
/// and converts the answer with `LuaBuilder`. The reference for rule authors is
/// `rules/API.md`; `rules/uniform.d.lua` is the LuaLS definition file.
struct UniformAPI {
    unowned let engine: RuleEngine

    var state: LuaState { engine.state }
    var builder: LuaBuilder { LuaBuilder(state: engine.state) }

    func install() {
        var functions: [String: (LuaCallContext) throws -> [LuaValue]] = [:]
        declarationFunctions(into: &functions)
        ruleFunctions(into: &functions)
        queryFunctions(into: &functions)
        let uniform = state.makeTable(functions: functions, prefix: "uniform")
        let dyn = state.makeTable(functions: dynamicFunctions(), prefix: "uniform.dyn")
        uniform["dyn"] = .table(state.makeReadOnly(dyn))
        uniform["version"] = .string(UniformVersion.current)
        refuseUnknownNames(in: uniform, names: functions.keys.sorted() + ["dyn", "version"])
        // Read-only to rules: a rule that replaced `uniform.apps` silently disabled the standard
        // checks that ran after it.
        state.setGlobal("uniform", .table(state.makeReadOnly(uniform)))

        let caller = state.makeFunction(name: "caller") { ctx in
            let level = Int32(try ctx.integer(1))
            guard let location = ctx.callerLocation(level: level + 1) else { return [.nil, .nil] }
            return [.string(location.file), .integer(Int64(location.line))]
        }
        let source = state.makeObjectType(name: "uniform.candidates")
        let fetch = state.makeRawFunction(name: "candidate field") { ctx in
            let candidates = try ctx.object(1, of: source, as: PolicyCandidates.self)
            // A key that is not a field name (`c[1]`) reads nil, as it would in a plain table.
            guard let key = ctx.argument(3).stringValue, let c = candidates.candidate(try ctx.string(2)) else {
                return 0
            }
            return LuaStackBuilder(stack: ctx.stack).field(key, of: c) ? 1 : 0
        }
        let fields = LuaValue.table(state.makeTable(array: CandidateField.all.map { .string($0.rawValue) }))
        let fetchQuery = state.makeRawFunction(name: "query field") { ctx in
            let candidates = try ctx.object(1, of: source, as: PolicyCandidates.self)
            guard let key = ctx.argument(2).stringValue else { return 0 }
            return LuaStackBuilder(stack: ctx.stack).queryField(
                key, of: candidates.query, type: candidates.type, graph: candidates.graph) ? 1 : 0
        }
        let queryFields = LuaValue.table(state.makeTable(array: QueryField.all.map { .string($0.rawValue) }))
        let hint = state.makeFunction(name: "nearest field") { ctx in
            let kind: RecordKind = try ctx.string(2) == "query" ? .query : .candidate
            return [.string(RecordKind.hint(for: try ctx.string(1), among: kind.fields))]
        }
        do {
            let make = try state.load(Prelude.candidateList, chunkName: "=uniform.prelude")
            let made = try state.call(
                make,
                [.function(caller), .function(fetch), fields, .function(fetchQuery), queryFields, .function(hint)]
            ).first?.tableValue
            guard let made, case .function(let run) = made["run"],
                case .table(let list) = made["list"], case .function(let index) = made["index"],
                case .function(let pairs) = made["pairs"]
            else {
                preconditionFailure("the prelude returns the list methods and the policy driver")
            }
            engine.policyDriver = PolicyDriver(run: run, listMethods: list, index: index, pairs: pairs, source: source)
        } catch {
            preconditionFailure("the prelude must load: \(error)")
        }
    }

    /// Reading a name the API lacks (`uniform.polcy`) is an error at the rule's line with the
    /// nearest name, instead of a nil that fails later as "attempt to call a nil value". Only
    /// misses reach the metatable: the API's own names are raw fields, read at full speed.
    private func refuseUnknownNames(in uniform: LuaTableRef, names: [String]) {
        let suggest = state.makeFunction(name: "uniform's nearest name") { ctx in
            let name = try ctx.string(1)
            let nearest = names.min { EditDistance.between(name, $0) < EditDistance.between(name, $1) }
            guard let nearest, EditDistance.between(name, nearest) <= 3 else { return [.string("")] }
            return [.string("; did you mean uniform.\(nearest)?")]
        }
        do {
            let make = try state.load(
                """
                local api, suggest = ...
                setmetatable(api, { __index = function(_, key)
                  local name = type(key) == "string" and key or tostring(key)
                  if #name > 64 then name = name:sub(1, 64) .. "…" end
                  error("uniform." .. name .. " is not part of the uniform API" .. suggest(name), 2)
                end })
                """, chunkName: "=uniform")
            _ = try state.call(make, [.table(uniform), .function(suggest)])
        } catch {
            preconditionFailure("the unknown-name guard must load: \(error)")
        }
    }

    /// The rule file and line that called the current API function.
    func caller(_ ctx: LuaCallContext) -> SourceLocation {
        guard let location = ctx.callerLocation() else { return SourceLocation(file: "<lua>") }
        return SourceLocation(file: location.file, line: location.line)
    }

    func arguments(_ ctx: LuaCallContext, _ function: String, at index: Int = 1) throws -> LuaArguments {
        guard case .table(let t) = ctx[index] else {
            throw LuaArguments.Problem(
                description: "uniform.\(function) expects a table, e.g. uniform.\(function){ … }")
        }
        return LuaArguments(function: "uniform.\(function)", table: t)
    }
}
