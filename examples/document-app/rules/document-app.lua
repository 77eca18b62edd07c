-- House rules for a document-based app with a file-package type (seed 001).

-- 1. The guide: a document stored as a file package must (a) be exported conforming to
--    com.apple.package and (b) be claimed with LSTypeIsPackage = true, so the Finder shows the
--    directory as one document. Check both directions for every app in the world.
uniform.check {
  id = "package-type-flags",
  severity = "error",
  description = "A package type is claimed without LSTypeIsPackage, or LSTypeIsPackage is set on a claim of a flat type.",
  example = "CFBundleDocumentTypes claims com.acme.project (conforms to com.apple.package) without LSTypeIsPackage",
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      -- (a) the app's own package exports must be claimed as packages
      local own = {}
      for _, d in ipairs(app.exports) do own[d.id] = true end
      for _, claim in ipairs(app.claims) do
        for _, id in ipairs(claim.types) do
          local package = uniform.conforms(id, "com.apple.package")
          if own[id] and package and claim.is_package ~= true then
            report { at = claim.location, subject = id,
                     message = app.id .. " claims its package type '" .. id .. "' without LSTypeIsPackage = true" }
          elseif claim.is_package == true and not package then
            -- (b) LSTypeIsPackage on a flat type makes the Finder look for a directory
            report { at = claim.location, subject = id,
                     message = app.id .. " sets LSTypeIsPackage on '" .. id .. "', which does not conform to com.apple.package" }
          end
        end
      end
    end
  end,
}

-- 2. A package is a directory. A legacy claim (CFBundleTypeExtensions only, no
--    LSItemContentTypes) matches it by extension alone, and such importers read a flat file:
--    drop them for package documents so Open With never offers an app that cannot read it.
uniform.policy("packages-need-a-uti-claim", function(query, candidates)
  if not uniform.conforms(query.type, "com.apple.package") then return end
  for _, id in ipairs(candidates:ids()) do
    if candidates:find(id).match == "legacy" then
      candidates:drop(id, "a legacy extension claim cannot read a package (a directory); claim the UTI instead")
    end
  end
end)
