/// Lua code the API is built with: the candidate-list methods policies use, and the driver
/// that hands a policy its candidates.
///
/// Written in Lua because policies manipulate the list as a plain Lua array (indexing, `#`,
/// `ipairs`, `table.sort`); the methods only record what they did, with the caller's
/// file:line, for the explanation.
///
/// A candidate starts as `{ bundle_id = … }` and the query as `{}`; their other fields are
/// fetched from the host on first read and kept (`__index`), and `pairs` fetches them all
/// first. Most policies read only bundle ids (and a field or two of the query), and building
/// every field of every candidate and of the query was most of a policy's cost. The query and
/// the candidates of one call share one metatable, which knows the query (`query`) and the
/// host's side (`source`). The host sets the metatables through the C API: the sandbox's
/// `setmetatable` (which checks for `__gc`) cost more per record than making the record.
enum Prelude {
    static let candidateList = #"""
        local caller, fetch, fields, fetchQuery, queryFields, hint = ...
        -- Taken now: rule files share these globals and may replace them.
        local type, error, tostring, rawget, rawset, rawequal, getmetatable, next = type, error, tostring, rawget, rawset, rawequal, getmetatable, next
        local remove, insert, sort, floor, lower = table.remove, table.insert, table.sort, math.floor, string.lower
        local List = {}
        List.__index = List
        -- Shared by every list and set by the host without the sandbox's __gc check: rules must
        -- not reach it (a __gc added here would run unlimited in a finaliser).
        List.__metatable = false
        local function find(self, id)
          for i = 1, #self do
            local c = self[i]
            if c == id or (type(c) == "table" and c.bundle_id == id) then return c, i end
          end
          -- An id in another case names the same app, as in Launch Services: looked for only
          -- once the exact spelling is missing, so a policy naming apps as their manifests do
          -- lower-cases nothing.
          if type(id) ~= "string" then return end
          local wanted = lower(id)
          for i = 1, #self do
            local c = self[i]
            local cid = type(c) == "table" and c.bundle_id or c
            if type(cid) == "string" and lower(cid) == wanted then return c, i end
          end
        end
        local function need(self, id, what)
          local c, i = find(self, id)
          if not c then error(what .. ": '" .. tostring(id) .. "' is not a candidate", 3) end
          return c, i
        end
        --- The candidate record for a bundle id, or nil.
        function List:find(id) return (find(self, id)) end
        --- The 1-based position of a bundle id, or nil.
        function List:position(id) local _, i = find(self, id) return i end
        --- The bundle ids in order.
        function List:ids()
          local t = {}
          for i = 1, #self do t[i] = self[i].bundle_id end
          return t
        end
        --- Moves an app first and makes it the default (the last pin wins).
        function List:pin(id, reason)
          local c, i = need(self, id, "pin")
          remove(self, i)
          insert(self, 1, c)
          local file, line = caller(1)
          rawset(self, "_pin", { id = c.bundle_id, reason = reason, file = file, line = line })
        end
        --- Removes an app, with the reason the explanation shows.
        function List:drop(id, reason)
          if type(reason) ~= "string" or reason == "" then
            error("drop: give a reason, e.g. candidates:drop(id, 'not approved for this type')", 2)
          end
          local c, i = need(self, id, "drop")
          remove(self, i)
          local drops = rawget(self, "_drops")
          if not drops then drops = {} rawset(self, "_drops", drops) end
          local file, line = caller(1)
          drops[#drops + 1] = { id = c.bundle_id, reason = reason, file = file, line = line }
        end
        --- Moves an app to a position (clamped to the list).
        function List:move(id, position)
          local c, i = need(self, id, "move")
          remove(self, i)
          if type(position) ~= "number" or position < 1 then position = 1 end
          if position > #self + 1 then position = #self + 1 end
          insert(self, floor(position), c)
        end
        --- Sorts with a comparison function, like table.sort.
        function List:sort(less) sort(self, less) end
        -- The metatable of a call's query and candidates is made by the host per resolution: these
        -- two functions, the `source` the fields come from and the `query` table.
        -- A name that is no field is a typo (`q.typ`): an error at the policy's line, where a nil
        -- made the policy silently never fire. Looked at only once the host has no value.
        local isField, isQueryField = {}, {}
        for i = 1, #fields do isField[fields[i]] = true end
        for i = 1, #queryFields do isQueryField[queryFields[i]] = true end
        local function index(c, k)
          local m = getmetatable(c)
          local v
          local isQuery = rawequal(c, rawget(m, "query"))
          if isQuery then
            v = fetchQuery(rawget(m, "source"), k)
          else
            v = fetch(rawget(m, "source"), rawget(c, "bundle_id"), k)
          end
          if v ~= nil then
            rawset(c, k, v)
            return v
          end
          if type(k) == "string" and not (isQuery and isQueryField or isField)[k] then
            local kind = isQuery and "query" or "candidate"
            error(kind .. " has no field '" .. (#k > 64 and k:sub(1, 64) .. "…" or k) .. "'" .. hint(k, kind), 2)
          end
        end
        local function fill(c)
          local names = rawequal(c, rawget(getmetatable(c), "query")) and queryFields or fields
          for i = 1, #names do local _ = c[names[i]] end
          return next, c, nil
        end
        --- Runs a policy and hands back the list with what it returned.
        local function run(policy, query, list) return list, policy(query, list) end
        return { run = run, list = List, index = index, pairs = fill }
        """#
}
