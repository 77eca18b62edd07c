-- uniform's configuration for the DocInteraction example. Paths are relative to this file.
-- apps/ is the seed's world; the tests load the conforming/ variant with fixture.manifests(…).
return {
  manifests = { "apps" },
  rules = { "rules/docinteraction.lua" },
  tests = { "tests" },
  platform = "ios",
  severity = {
    -- The seed's pdf1 type has no parents on purpose: on iOS that keeps it away from "open any
    -- file" apps. It cannot be bound on macOS, which these iOS-only apps do not care about, so
    -- the standard rule's warning becomes a note for this project.
    ["unbindable-export"] = "note",
  },
}
