-- uniform's configuration for the Molecules example. Paths are relative to this file.
-- Run `uniform test`, `uniform check` or `uniform resolve .pdb --explain` from this folder.
return {
  manifests = { "apps" },              -- every apps/<App>/Info.plist
  rules = { "rules/molecules.lua" },   -- the lab's ranking policies and its own check
  tests = { "tests" },                 -- *_test.lua suites for `uniform test`
  severity = {
    -- The lab *wants* .pdb files to open in any plain-text editor (that is why the seed makes
    -- the type conform to public.plain-text), so the exposure is a note here, not a warning.
    ["exposed-private-type"] = "note",
  },
}
