-- Type declarations and claims: identifiers that are undeclared, malformed, dynamic,
-- reserved, or declared in ways the system will not bind.

local function is_placeholder(id) return id:find("%$[%(%{]") or id:find("@[%w_]+@") end

--- A declaration that gives no file extension or MIME type (pasteboard or internal types)
--- never decides how a file is typed: whose it is matters less.
local function types_files(d)
  local tags = d.tags or {}
  return (tags["public.filename-extension"] and #tags["public.filename-extension"] > 0)
      or (tags["public.mime-type"] and #tags["public.mime-type"] > 0)
end

--- A list for a message: the first few names, then how many more (a world of thousands of
--- copies once built each message from all of them).
local function some(list)
  if #list <= 5 then return table.concat(list, ", ") end
  return table.concat(list, ", ", 1, 5) .. " and " .. (#list - 5) .. " more"
end

--- Where in the same file, for a message: its line, or its byte offset in a binary plist
--- (which has no lines).
local function place(location)
  if location.line then return "line " .. location.line end
  return "byte " .. (location.offset or 0)
end

local function for_each_declaration(fn)
  for _, app in ipairs(uniform.apps()) do
    for _, d in ipairs(app.exports) do fn(app, d) end
    for _, d in ipairs(app.imports) do fn(app, d) end
  end
end

uniform.check {
  id = "undeclared-type",
  severity = "warning",
  description = "A claimed type, or a parent of a declared type, is declared nowhere (catalog, manifests or rules). Another vendor's identifier, cleanly written, is a note: an interop claim that binds where that vendor's app is installed.",
  example = "LSItemContentTypes names com.bittorrent.torrent while the app exports org.bittorrent.torrent",
  source = "Apple, Defining file and data types for your app (https://developer.apple.com/documentation/uniformtypeidentifiers/defining-file-and-data-types-for-your-app): a type an app uses and does not own is imported.",
  run = function(report)
    local function hint(id, except)
      for _, similar in ipairs(uniform.similar_types(id)) do
        if not except or similar:lower() ~= except:lower() then return "; did you mean '" .. similar .. "'?" end
      end
      return "; declare it in UTExportedTypeDeclarations or UTImportedTypeDeclarations"
    end
    -- Quick Look and Spotlight plug-ins, and claims ranked None (the app never opens the type, it
    -- only says it can read it), list types other apps declare (a video indexer lists every
    -- player's formats): there an undeclared type is expected, unless a declared one is so close
    -- that it is surely a typo (a few edits away, same vendor).
    local plug_in = { QLGenerator = true, MDImporter = true, None = true }
    local function near_miss(id)
      for _, similar in ipairs(uniform.similar_types(id)) do
        if uniform.same_vendor(similar, id) and uniform.edit_distance(similar, id, 2) <= 2 then return true end
      end
      return false
    end
    -- Another vendor's identifier, written cleanly, is an interop claim (Sequel Ace lists Sequel
    -- Pro's types so files an installed Sequel Pro typed still open): it binds only on Macs where
    -- that vendor's app declares it, which is information, not a bug. Apple's namespaces, the
    -- app's own vendor, stray characters and near misses stay warnings: those are typos.
    local function plain_third_party(id)
      local lower = id:lower()
      return not lower:find("^public%.") and not lower:find("^com%.apple%.") and id:find("^[%w][%w%-]*%.[%w%-%.]+$") ~= nil
    end
    local function foreign(app, id)
      if not plain_third_party(id) or near_miss(id) then return false end
      -- The vendor is known from a written bundle id, else from the app's exports; with neither (a
      -- placeholder id, nothing exported) nobody can tell whose the identifier is.
      local own = app.declared_id
      if own and not is_placeholder(own) and not own:find("^standin%.") and own:find("%.") then
        return not uniform.same_vendor(id, own)
      end
      local known = false
      for _, d in ipairs(app.exports) do
        if not is_placeholder(d.id) then
          known = true
          if uniform.same_vendor(id, d.id) then return false end
        end
      end
      return known
    end
    for _, app in ipairs(uniform.apps()) do
      for _, claim in ipairs(app.claims) do
        for i, id in ipairs(claim.types) do
          if not uniform.is_declared(id) and not id:find("^dyn%.") and not is_placeholder(id)
             and ((not plug_in[claim.role] and claim.rank ~= "None") or near_miss(id)) then
            if foreign(app, id) then
              report { at = claim.type_locations[i] or claim.location, subject = id, severity = "note",
                       message = "claims '" .. id .. "', another vendor's identifier that no catalog, manifest or rule here declares: the claim binds only where that vendor's app declares it; import it (UTImportedTypeDeclarations, with its tags) to bind it everywhere" }
            else
              report { at = claim.type_locations[i] or claim.location, subject = id,
                       message = "claims '" .. id .. "', which no catalog, manifest or rule declares" .. hint(id) }
            end
          end
        end
      end
    end
    for_each_declaration(function(app, d)
      for i, parent in ipairs(d.parents) do
        if not uniform.is_declared(parent) and not parent:find("^dyn%.") and not is_placeholder(parent) then
          -- An extra third-party parent (Transmission's torrent type also conforms to BitTorrent's
          -- identifier) costs nothing while the declaration keeps a declared one, unless it is a
          -- typo of a declared type (a few edits away).
          local keeps_declared = false
          for _, other in ipairs(d.parents) do
            if other ~= parent and uniform.is_declared(other) then keeps_declared = true end
          end
          local typo = false
          for _, similar in ipairs(uniform.similar_types(parent)) do
            if similar:lower() ~= d.id:lower() and uniform.edit_distance(similar, parent, 2) <= 2 then typo = true end
          end
          if keeps_declared and plain_third_party(parent) and not typo then
            report { at = d.parent_locations[i] or d.location, subject = d.id .. " -> " .. parent, severity = "note",
                     message = "'" .. d.id .. "' also conforms to '" .. parent .. "', a third-party identifier declared nowhere here: that parent takes effect only where another app declares it" }
          else
            report { at = d.parent_locations[i] or d.location, subject = d.id .. " -> " .. parent,
                     message = "'" .. d.id .. "' conforms to '" .. parent .. "', which is declared nowhere" .. hint(parent, d.id) }
          end
        end
      end
    end)
  end,
}

--- Whether a declaration's own parents reach a type (not the winning declaration's).
local function reaches(d, target)
  for _, parent in ipairs(d.parents) do
    if parent:lower() == target or uniform.conforms("uti:" .. parent, target) then return true end
  end
  return false
end

uniform.check {
  id = "unbindable-export",
  severity = "warning",
  description = "An exported type conforms to neither public.data nor com.apple.package, so the system will not bind documents to it.",
  example = "UTTypeConformsTo = (public.content) for a file type",
  source = "Apple, UTCoreTypes.h: types 'must also conform to UTTypeData or UTTypePackage in order for the system to bind documents to them'.",
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      for _, d in ipairs(app.exports) do
        -- Apple's own identifiers are foreign-export's business (public.item has no parent to add).
        local apple = d.id:lower():find("^public%.") or d.id:lower():find("^com%.apple%.")
        if not apple and not is_placeholder(d.id) and not reaches(d, "public.data") and not reaches(d, "com.apple.package") then
          if reaches(d, "public.item") then
            report { at = d.location, subject = d.id, severity = "note",
                     message = "'" .. d.id .. "' conforms to public.item but not public.data: on iOS it stays private as intended, but on macOS no app can be bound to it" }
          else
            report { at = d.location, subject = d.id,
                     message = "'" .. d.id .. "' conforms to neither public.data nor com.apple.package; add public.data (files) or com.apple.package (bundles) to UTTypeConformsTo" }
          end
        end
      end
    end
  end,
}

uniform.check {
  id = "foreign-export",
  severity = "warning",
  description = "An app exports a type reserved for Apple (public.*, com.apple.*) or owned by another vendor.",
  example = "UTExportedTypeDeclarations with UTTypeIdentifier public.plain-text",
  source = "Apple, UTType.h: public.* identifiers are Apple's; Defining file and data types for your app: export only the types your app owns, import the others.",
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      -- An app that imports the type as well has already written the right declaration: the
      -- advice is then to drop the export, and the import is the related place.
      local imported = {}
      for _, d in ipairs(app.imports) do imported[d.id:lower()] = d end
      for _, d in ipairs(app.exports) do
        local id = d.id:lower()
        if id:find("^public%.") or id:find("^com%.apple%.") then
          -- Apple defines these (UTType.h: public types are Apple's); the system's own
          -- declaration wins over an app's export where it has one, so nothing breaks at run
          -- time: a likely mistake, not an error.
          report { at = d.location, subject = d.id,
                   message = "exports '" .. d.id .. "', an identifier in Apple's domain (public.*, com.apple.*): import it instead (UTImportedTypeDeclarations); where the system declares it, its declaration wins and this one is ignored" }
        elseif not app.id:find("^standin%.") and not is_placeholder(d.id) and not uniform.same_vendor(d.id, app.id) and types_files(d)
               -- Apple tells a MediaExtension format reader to export the formats it reads.
               and not (app.extension_point or ""):find("^com%.apple%.mediaextension%.") then
          local import = imported[id]
          if import then
            report { at = d.location, subject = d.id, related = { import.location },
                     message = "exports '" .. d.id .. "', which belongs to another vendor than " .. app.id .. "; it is imported too (" .. place(import.location) .. "): remove the export unless this app owns the format" }
          else
            report { at = d.location, subject = d.id,
                     message = "exports '" .. d.id .. "', which belongs to another vendor than " .. app.id .. "; import it unless this app owns the format" }
          end
        end
      end
    end
  end,
}

uniform.check {
  id = "exported-and-imported",
  severity = "warning",
  description = "An app both exports and imports the same type.",
  example = "the same UTTypeIdentifier under UTExportedTypeDeclarations and UTImportedTypeDeclarations",
  source = "Apple, Defining file and data types for your app: a type is exported by its owner and imported by everyone else, never both.",
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      local exported = {}
      for _, d in ipairs(app.exports) do exported[d.id:lower()] = d end
      for _, d in ipairs(app.imports) do
        if exported[d.id:lower()] then
          report { at = d.location, subject = d.id, related = { exported[d.id:lower()].location },
                   message = "'" .. d.id .. "' is both exported (" .. place(exported[d.id:lower()].location) .. ") and imported here; keep one declaration" }
        end
      end
    end
  end,
}

uniform.check {
  id = "owner-without-export",
  severity = "warning",
  description = "A document type claims Owner rank for a type the app does not export.",
  example = "LSHandlerRank Owner on public.data",
  source = "Apple, LSHandlerRank: Owner means 'this app is the primary creator of files of this type': the app that exports the type.",
  run = function(report)
    -- What some app of this world exports: the team's own type imported here because a sibling
    -- app exports it is its own.
    local exported_here, imported_here = {}, {}
    for _, app in ipairs(uniform.apps()) do
      for _, d in ipairs(app.exports) do exported_here[d.id:lower()] = true end
      for _, d in ipairs(app.imports) do imported_here[d.id:lower()] = true end
    end
    for _, app in ipairs(uniform.apps()) do
      local exported = {}
      for _, d in ipairs(app.exports) do exported[d.id:lower()] = true end
      for _, claim in ipairs(app.claims) do
        if claim.rank == "Owner" then
          -- One claim, one cause: a claim of 59 types is one finding naming them, not 59.
          local foreign, first, only, places = {}, nil, nil, {}
          for i, id in ipairs(claim.types) do
            -- (A stand-in id says nothing about the vendor: given the benefit of the doubt.)
            local own = uniform.same_vendor(id, app.id)
            -- The vendor's own type declared nowhere is undeclared-type's business.
            if not exported[id:lower()] and not is_placeholder(id) and not app.id:find("^standin%.")
               and not (own and (exported_here[id:lower()] or not imported_here[id:lower()])) then
              if own then
                -- Its own format, declared only by imports (NetNewsWire's themes): the fix is
                -- the export, not a lower rank, however many types the claim lists.
                report { at = claim.type_locations[i] or claim.location, subject = id,
                         message = "claims Owner rank for '" .. id .. "', its own vendor's type, which no app here exports (it is only imported); export it from the app that owns the format" }
              else
                foreign[#foreign + 1] = "'" .. id .. "'"
                first, only = first or claim.type_locations[i], only or id
                places[#places + 1] = claim.type_locations[i]
              end
            end
          end
          if #foreign == 1 then
            report { at = first or claim.location, subject = only,
                     message = "claims Owner rank for " .. foreign[1] .. ", which this app does not export; use Default or Alternate" }
          elseif #foreign > 1 then
            report { at = claim.location, subject = claim.name, related = places,
                     message = "claims Owner rank for " .. #foreign .. " types this app does not export (" ..
                       table.concat(foreign, ", ", 1, math.min(#foreign, 6)) .. (#foreign > 6 and ", …" or "") ..
                       "); use Default or Alternate" }
          end
        end
      end
    end
  end,
}

uniform.check {
  id = "dynamic-identifier-in-manifest",
  severity = "error",
  description = "A dyn.* identifier is written into a manifest (they are machine-generated and must not be persisted).",
  example = "<string>dyn.ah62d4rv4ge81u8p4</string> in LSItemContentTypes",
  source = "Apple, UTType.h: dynamic identifiers are generated by the system for undeclared tags and are not stable names to declare or claim.",
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      for _, claim in ipairs(app.claims) do
        for i, id in ipairs(claim.types) do
          if id:lower():find("^dyn%.") then
            report { at = claim.type_locations[i] or claim.location, subject = id,
                     message = "'" .. id .. "' is a dynamic identifier; claim a declared type instead (declare one for the extension)" }
          end
        end
      end
    end
    for_each_declaration(function(app, d)
      if d.id:lower():find("^dyn%.") then
        report { at = d.location, subject = d.id, message = "declares the dynamic identifier '" .. d.id .. "'; use a reverse-DNS identifier" }
      end
      for i, parent in ipairs(d.parents) do
        if parent:lower():find("^dyn%.") then
          report { at = d.parent_locations[i] or d.location, subject = parent, message = "'" .. d.id .. "' conforms to the dynamic identifier '" .. parent .. "'" }
        end
      end
    end)
  end,
}

local function malformed(id)
  if is_placeholder(id) then return nil end
  if id:find("^%s") or id:find("%s$") then return "has leading or trailing white space" end
  if id:find("[^%w%.%-\128-\255]") then return "contains characters other than letters, digits, '-' and '.'" end
  if id:find("%.%.") or id:find("^%.") or id:find("%.$") then return "has an empty component" end
  if not id:find("%.") then return "is not a reverse-DNS identifier" end
  return nil
end

uniform.check {
  id = "malformed-identifier",
  severity = "warning",
  description = "A type identifier that is not a reverse-DNS string of letters, digits, '-' and '.'.",
  example = "<string>com.acme.my type</string>",
  source = "Apple, Uniform Type Identifiers overview: identifiers are reverse-DNS strings of letters, digits, hyphens and periods.",
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      for _, claim in ipairs(app.claims) do
        for i, id in ipairs(claim.types) do
          local problem = malformed(id)
          if problem then report { at = claim.type_locations[i] or claim.location, subject = id, message = "'" .. id .. "' " .. problem } end
        end
      end
    end
    for_each_declaration(function(app, d)
      local problem = malformed(d.id)
      if problem then report { at = d.location, subject = d.id, message = "'" .. d.id .. "' " .. problem } end
    end)
  end,
}

uniform.check {
  id = "extension-claimed-by-several-types",
  severity = "warning",
  description = "An app declares a type whose extension is also claimed by other declared types; a lookup picks only one.",
  example = "two apps exporting different types for .pdb",
  source = "Apple, UTType.h: when several types declare one tag, the lookup prefers public types and exported declarations; the rest is undefined (docs/evidence.md).",
  run = function(report)
    local lookups = {}   -- one lookup per extension, not per export
    for _, app in ipairs(uniform.apps()) do
      for _, d in ipairs(app.exports) do
        for _, ext in ipairs(d.tags["public.filename-extension"] or {}) do
          if ext ~= "*" and ext ~= "" then
            local claimants = lookups[ext:lower()]
            if not claimants then
              claimants = uniform.lookup { extension = ext, all = true }
              lookups[ext:lower()] = claimants
            end
            if #claimants > 1 then
              local mine = false
              local others = {}
              for _, id in ipairs(claimants) do
                if id:lower() == d.id:lower() then mine = true else others[#others + 1] = id end
              end
              -- One conflict, one finding: told at the declaration that loses the lookup, naming
              -- the winner (the winning side has nothing to change).
              local winner = claimants[1]
              if mine and winner:lower() ~= d.id:lower() then
                report { at = d.location, subject = d.id .. " ." .. ext:lower(),
                         message = "'." .. ext .. "' is also claimed by " .. some(others) .. "; the lookup picks " .. winner }
              end
            end
          end
        end
      end
    end
  end,
}

uniform.check {
  id = "export-loses-extension",
  severity = "note",
  description = "An app exports a type whose own extension the lookup gives to another type, so its files are not typed as its own.",
  example = "an app exports com.acme.structure with extension pdb, but .pdb resolves to another app's com.other.pdb, which conforms to public.data",
  source = "Apple, UTType.h tag lookup preference: public types first, exported over imported (docs/evidence.md).",
  run = function(report)
    -- One lookup per extension, not per export: 5,000 copies of one manifest once made this
    -- rule cubic (7.7 GB).
    local lookups = {}
    for _, app in ipairs(uniform.apps()) do
      for _, d in ipairs(app.exports) do
        local seen = {}
        for _, ext in ipairs(d.tags["public.filename-extension"] or {}) do
          local key = ext:lower()
          if ext ~= "*" and ext ~= "" and not seen[key] and not is_placeholder(d.id) and not ext:find("[%$@]") then
            seen[key] = true
            local map = lookups[key]
            if not map then
              -- The winner's declarers and each (type, app) pair's reason, read once.
              local claims = uniform.claims("." .. ext)
              map = { winner = claims.winner, owners = {}, reasons = {} }
              for _, t in ipairs(claims.types) do
                if t.wins then map.owners = t.declared_by end
                map.reasons[t.id:lower() .. " " .. tostring(t.origin)] = t.reason
              end
              lookups[key] = map
            end
            if map.winner and map.winner:lower() ~= d.id:lower() then
              local why, owners = map.reasons[d.id:lower() .. " " .. app.id] or "", map.owners
              local behind = #owners > 0 and (" (declared by " .. some(owners) .. ")") or ""
              report { at = d.location, subject = d.id .. " ." .. key,
                       message = "'." .. ext .. "' of '" .. d.id .. "' resolves to '" .. map.winner .. "'" .. behind ..
                                 (why ~= "" and ("; " .. why) or "") ..
                                 "; such files are typed as the other type. Drop the extension, or see `uniform claims ." .. ext .. "`" }
            end
          end
        end
      end
    end
  end,
}
