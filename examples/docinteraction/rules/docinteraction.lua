-- Keeping DocInteraction's private pdf1 format inside its own apps (seed 003).

local VENDOR = "com.example.docinteraction*"   -- the app and its companion (glob: * is any text)
local PDF1   = "com.example.docinteraction.pdf1"

-- 1. A hide rule: documents of type pdf1 (or any type conforming to it) are offered only to
--    the vendor's apps. The seed's pdf1 has no parents, so nobody else reaches it anyway; but the
--    recommended fix, pdf1 conforming to public.data (conforming/), would let every "open any
--    file" viewer see it. The rule makes the privacy explicit, whichever way the type is declared.
uniform.hide {
  type = PDF1,
  only = { VENDOR },
  reason = "pdf1 is DocInteraction's private format: only its own apps are offered it",
}

-- 2. A check that every type the vendor exports stays inside the vendor. uniform.exposure lists
--    the apps outside `inside` that can open a type (after hide rules): exact, legacy and
--    conforms matches in the list itself, "open any file" wildcard matches in `.wildcard`.
uniform.check {
  id = "vendor-type-exposed",
  severity = "error",
  description = "A type exported by a com.example.docinteraction* app can be opened by another vendor's app.",
  example = "a private notes type conforming to public.plain-text is offered to every text editor",
  run = function(report)
    for _, d in ipairs(uniform.declarations()) do
      if d.kind == "exported" and d.origin:find("^com%.example%.docinteraction") then
        local exposure = uniform.exposure { type = d.id, inside = { VENDOR } }
        for _, entry in ipairs(exposure) do
          report { at = d.location, subject = d.id,
                   message = "'" .. d.id .. "' is offered to " .. entry.app .. " (" .. entry.match .. " via " .. entry.claimed_type ..
                     "); add a uniform.hide rule or stop conforming to " .. entry.claimed_type }
        end
        for _, entry in ipairs(exposure.wildcard) do
          report { at = d.location, subject = d.id, severity = "warning",
                   message = "'" .. d.id .. "' is offered to " .. entry.app .. ", which opens any file (" .. entry.claimed_type .. ")" }
        end
      end
    end
  end,
}
