return {
  manifests = { "apps" },
  rules = { "rules/mobile-first.lua" },
}
