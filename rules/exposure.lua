-- Private types reachable by generic handlers (the seeds' "hidden type" question).

local function vendor_pattern(id)
  local a, b = id:match("^([^%.]+)%.([^%.]+)")
  if a then return a .. "." .. b .. ".*" end
end

uniform.check {
  id = "exposed-private-type",
  severity = "warning",
  description = "A vendor's exported type can be opened by apps outside the vendor (it conforms to a type generic apps claim).",
  example = "a bookmark type conforming to public.text is offered to every text editor",
  run = function(report)
    local seen = {}
    for _, app in ipairs(uniform.apps()) do
      for _, d in ipairs(app.exports) do
        local id = d.id:lower()
        local pattern = vendor_pattern(d.id)
        if pattern and not seen[id] and not id:find("^public%.") and not id:find("^com%.apple%.") and not id:find("%$") then
          seen[id] = true
          local exposure = uniform.exposure { type = d.id, inside = { pattern, app.id } }
          if #exposure > 0 then
            local names, via = {}, {}
            for _, entry in ipairs(exposure) do
              names[#names + 1] = entry.app
              via[entry.claimed_type] = true
            end
            local through = {}
            for t in pairs(via) do through[#through + 1] = t end
            table.sort(through)
            report { at = d.location, subject = d.id,
                     message = "'" .. d.id .. "' can be opened by " .. #names .. " app(s) outside " .. pattern .. " (" ..
                       table.concat(names, ", ", 1, math.min(#names, 5)) .. (#names > 5 and ", …" or "") ..
                       ") through " .. table.concat(through, ", ") .. "; conform only to public.data (or public.item) to keep it private" }
          end
        end
      end
    end
  end,
}
