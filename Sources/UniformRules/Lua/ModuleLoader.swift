import UniformLua

/// `require(name)` for rule and test files: Lua 5.4's semantics (a module runs once per Lua
/// state; its value, or `true`, is what every later `require` of the name returns) over
/// `ModuleSearch` instead of `package.path`, so a module is read inside the repository and runs
/// in the sandbox, under the same limits as the file that required it.
///
/// The cache and the cycle check are Lua, so a module's own error keeps its file, line and
/// traceback; a module that cannot be found or read is an error at the `require` line (level
/// 2). The engine's search is read at each call: a session sets it after the engine exists.
enum ModuleLoader {
    static let source = """
        local G, find = ...
        -- Taken now: rule files share these globals and may replace them.
        local type, error, concat, setmetatable = type, error, table.concat, setmetatable
        local loaded, loading, stack = {}, {}, {}
        -- Pops the module being run, also when it fails, so a second try is not a "cycle".
        local running = { __close = function()
          loading[stack[#stack]] = nil
          stack[#stack] = nil
        end }
        function G.require(name)
          if type(name) ~= "string" then
            error("require: a module name is a string (require(\\"team.naming\\")), got " .. type(name), 2)
          end
          local value = loaded[name]
          if value ~= nil then return value end
          if loading[name] then
            local cycle = {}
            for i = loading[name], #stack do cycle[#cycle + 1] = stack[i] end
            cycle[#cycle + 1] = name
            error("require: cycle " .. concat(cycle, " -> ") ..
              ": each module waits for the other; move what they share into a module both require", 2)
          end
          local chunk, problem, located = find(name)
          if not chunk then error(problem, located and 0 or 2) end
          stack[#stack + 1] = name
          loading[name] = #stack
          do
            local _ <close> = setmetatable({}, running)
            value = chunk(name)
          end
          if value == nil then value = true end
          loaded[name] = value
          return value
        end
        """

    /// Defines the global `require` in the engine's state.
    static func install(in engine: RuleEngine) {
        let state = engine.state
        let find = state.makeFunction(name: "require") { [unowned engine] ctx in
            let name = try ctx.string(1)
            guard let search = engine.modules, let state = ctx.state else {
                return [
                    .nil,
                    .string(
                        "require: this run reads no modules (a library caller sets RuleEngine.modules; uniform reads lua_path from .uniform.lua)"
                    ),
                ]
            }
            do {
                let module = try search.find(name)
                if let path = module.path { engine.moduleRead?(path) }
                return [.function(try state.load(bytes: module.bytes, chunkName: module.chunkName))]
            } catch let failure as ModuleSearch.Failure {
                return [.nil, .string(failure.description)]
            } catch let error as LuaError {
                // A syntax error: at the module's file and line, as Lua says it.
                return [.nil, .string(error.message), .boolean(true)]
            }
        }
        do {
            let make = try state.load(source, chunkName: "=require")
            _ = try state.call(make, [.table(state.globals), .function(find)])
        } catch {
            preconditionFailure("require must load: \(error)")
        }
    }
}
