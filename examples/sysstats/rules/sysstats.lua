-- Annotation routing for the SysStats suite (seed 004).
--
-- Lite sends a bookmark with UIDocumentInteractionController and attaches an annotation (a
-- property list). iOS hands that annotation to whichever app the user picks, so the suite
-- decides here what may leave Lite. Routes run in load order on each accepted hand-off:
--   return a table → deliver that annotation;  return nil → deliver it unchanged;
--   return uniform.refuse(reason) → refuse the hand-off (the first refusal wins).

local SUITE = "jp.example.sysstats."

local function in_suite(bundle_id)
  return bundle_id:sub(1, #SUITE) == SUITE
end

-- 1. Only the suite's own apps (bundle ids jp.example.sysstats.*) receive annotations.
--    We refuse rather than silently drop it: the annotation is Lite's state, and a hand-off that
--    loses it would open a half-configured bookmark. Lite should send a bare file to others.
--    A hand-off without an annotation has nothing to protect and goes through.
uniform.route("suite-only-annotations", function(annotation, from, to, document)
  if annotation == nil or in_suite(to) then return nil end
  return uniform.refuse("SysStats annotations go only to jp.example.sysstats.* apps; send the file to " .. to .. " without one")
end)

-- 2. Even inside the suite, the session token stays in Lite: it authenticates Lite's own
--    session, and Monitor must open a bookmark without it.
uniform.route("strip-session-token", function(annotation, from, to, document)
  if annotation == nil then return nil end
  local delivered = {}
  for key, value in pairs(annotation) do
    if key ~= "sessionToken" then delivered[key] = value end
  end
  return delivered
end)
