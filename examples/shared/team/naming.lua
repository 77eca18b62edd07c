-- A module shared by rule files (rules/API.md, "Modules"): `require("team.naming")` runs it
-- once per Lua state and returns this table.
local naming = {}

--- Whether a bundle id is one of the team's (com.acme.*).
function naming.is_team(id)
  return id:lower():sub(1, 9) == "com.acme."
end

return naming
