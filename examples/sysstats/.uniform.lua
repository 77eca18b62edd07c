-- uniform's configuration for the SysStats example. Paths are relative to this file.
-- Only apps/ is loaded: leaky/Monitor is a drop-in replacement with the same bundle id, and the
-- tests load that world explicitly with fixture.manifests(…).
return {
  manifests = { "apps" },
  rules = { "rules/sysstats.lua" },
  tests = { "tests" },
  -- Every SysStats app is an iOS app: resolve as an iPhone would. (An app declared in a test
  -- without platform = "ios" is a macOS app and is never offered a file here.)
  platform = "ios",
}
