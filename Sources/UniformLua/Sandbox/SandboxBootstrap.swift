/// Trusted Lua run once per state, after `cls_open_sandbox` has opened the allowed libraries.
/// It receives the raw functions it wraps as arguments and keeps them only as upvalues, so rule
/// code can never reach the originals.
enum SandboxBootstrap {
    static let chunkName = "=[sandbox]"

    static let source = """
        local G, rawload, rawsetmetatable, rawcollect, sink, may_print = ...
        local type, rawget, error, tostring, select = type, rawget, error, tostring, select
        local concat, date = table.concat, os.date

        -- print goes to the host's sink, one line per call; once the sink says the budget is
        -- spent, calls return at once (joining a 1 MB argument per call took seconds in a loop)
        local printing = true
        function G.print(...)
          if not printing then
            if not may_print() then return end
            printing = true
          end
          local n = select("#", ...)
          local parts = {}
          for i = 1, n do parts[i] = tostring((select(i, ...))) end
          printing = not sink(concat(parts, "\\t"))
        end

        -- finalizers run with hooks off (no limit can stop them): refuse __gc from rule code
        function G.setmetatable(t, mt)
          if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
            error("setmetatable: __gc metamethods are not allowed in rules", 2)
          end
          return rawsetmetatable(t, mt)
        end

        -- the host's read-only views (the `uniform` API) cannot be written raw either
        local rawset = rawset
        local readonly = rawsetmetatable({}, { __mode = "k" })
        function G.rawset(t, k, v)
          if readonly[t] then error("rawset: attempt to modify a read-only table", 2) end
          return rawset(t, k, v)
        end

        -- text only (bytecode can crash 5.4.4), and only strings (no reader functions)
        function G.load(chunk, name, mode, ...)
          if type(chunk) ~= "string" then error("load: only source text can be loaded in rules", 2) end
          if mode ~= nil and mode ~= "t" then error("load: only text chunks (mode 't') are allowed in rules", 2) end
          if select("#", ...) > 0 then return rawload(chunk, name, "t", (...)) end
          return rawload(chunk, name, "t")
        end

        local gcallowed = { count = true, collect = true, step = true, isrunning = true }
        function G.collectgarbage(opt, ...)
          if opt == nil then opt = "collect" end
          if not gcallowed[opt] then
            error("collectgarbage: option '" .. tostring(opt) .. "' is not allowed in rules", 2)
          end
          return rawcollect(opt, ...)
        end

        -- strftime work is linear in the format: keep formats short
        function G.os.date(fmt, ...)
          if type(fmt) == "string" and #fmt > 256 then error("os.date: format longer than 256 bytes", 2) end
          return date(fmt, ...)
        end

        -- reproducible runs in CI
        math.randomseed(0)

        -- for the host: marks `view` as a read-only view of `real`; returns its __pairs
        local next = next
        return function(view, real)
          readonly[view] = true
          return function() return next, real, nil end
        end
        """
}
