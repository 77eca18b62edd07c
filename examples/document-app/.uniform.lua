-- uniform's configuration for the document-based app example. Paths are relative to this file.
return {
  manifests = { "apps" },
  rules = { "rules/document-app.lua" },
  tests = { "tests" },
  platform = "macos",   -- NSDocument apps: resolve as a Mac would
  disable = {
    -- Sketchpad publishes its drawing format on purpose: Glance, a viewer from another vendor,
    -- is meant to open it. The standard exposure check would warn about that on every run.
    "exposed-private-type",
  },
}
