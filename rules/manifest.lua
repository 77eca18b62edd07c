-- Manifest hygiene: entries that bind nothing, keys that are ignored or misspelled.

-- Examples (`uniform rules ID` prints them; RuleExampleTests runs each through `uniform check`)
-- give an Info.plist as its root keys, indented like the code around them: uniform.check wraps
-- them in the plist's XML.

-- Apple's documented keys (Sources/UniformCore/Catalog/InfoPlistKeys.tsv, each with its
-- source): a documented key is never a misspelling, on whatever platform it appears; a
-- suggestion comes only from the keys of the manifest's own platform.
-- Read when the check first runs, not when the rules load (other commands never need them);
-- the per-platform lists only when a key is documented nowhere, which is rare.
local anywhere, candidates_cache
local function documented_anywhere()
  if not anywhere then
    anywhere = {}
    for _, k in ipairs(uniform.plist_keys { context = "*" }) do anywhere[k] = true end
  end
  return anywhere
end
local function candidates(kind, platform)
  candidates_cache = candidates_cache or {}
  local slot = kind .. "/" .. platform
  if not candidates_cache[slot] then candidates_cache[slot] = uniform.plist_keys { context = kind, platform = platform } end
  return candidates_cache[slot]
end

--- Whether a key a few edits from a documented one is a slip of it rather than another key:
--- the same namespace prefix (`SUBundleName` is Sparkle's, not a misspelt `CFBundleName`) and
--- one small local difference, at most two characters either side of what the two share
--- (`LSHandlerRnak`, `CFBundleTypeExtension`), or case alone. A whole other word
--- (`CFBundleLongVersionString`, an obsolete Apple key, against `CFBundleShortVersionString`)
--- is another key, as the did-you-mean rule for type identifiers says (SimilarTypes.swift).
local function slip(key, candidate)
  if key:lower() == candidate:lower() then return true end
  local prefix = 0
  while prefix < #key and prefix < #candidate and key:byte(prefix + 1) == candidate:byte(prefix + 1) do
    prefix = prefix + 1
  end
  if prefix < 2 then return false end
  local suffix = 0
  while suffix < #key - prefix and suffix < #candidate - prefix
        and key:byte(#key - suffix) == candidate:byte(#candidate - suffix) do
    suffix = suffix + 1
  end
  return #key - prefix - suffix <= 2 and #candidate - prefix - suffix <= 2
end

--- The known key a misspelled one most likely means, or nil.
local function suggestion(key, list)
  local best, best_distance
  -- Only distances up to the threshold below can be suggested; larger ones are cut short.
  local limit = math.max(2, #key // 6)
  for _, candidate in ipairs(list) do
    local d = uniform.edit_distance(key, candidate, limit)
    -- A known key written twice or with extra text (LSTypeIsPackageLSTypeIsPackage). Not the
    -- other way round: a custom key that is part of a longer Apple one (AppGroup in
    -- BAAppGroupID) is the app's own.
    if key ~= candidate and key:find(candidate, 1, true) and #candidate >= 8 then
      d = math.min(d, 2)
    elseif d <= limit and not slip(key, candidate) then
      d = limit + 1
    end
    if not best_distance or d < best_distance then best, best_distance = candidate, d end
  end
  if best_distance and best_distance <= limit then return best end
  -- The same words in another order (UTITagTypeSpecification for UTTypeTagSpecification).
  local function words(k)
    local t = {}
    for w in k:gsub("^UTI", "UT"):gmatch("%u%l*") do t[#t + 1] = w end
    table.sort(t)
    return table.concat(t, " ")
  end
  local mine = words(key)
  local _, count = mine:gsub("%S+", "")
  if count < 2 then return nil end  -- lower-case or one-word keys have no order to swap
  for _, candidate in ipairs(list) do
    if words(candidate) == mine then return candidate end
  end
  return nil
end

local function check_keys(report, dict, kind, where, platform, extension_point)
  for _, entry in ipairs(dict.entries) do
    local key = entry.key
    -- Device and platform variants: UISupportedInterfaceOrientations~ipad, LSEnvironment-x86_64.
    local base = key:gsub("~%a+$", ""):gsub("%-[%w_]+$", "")
    -- A key documented anywhere (an NSExtension attribute at the root) is misplaced at worst,
    -- never misspelled.
    local known = documented_anywhere()
    if not known[key] and not known[base] then
      local guess = suggestion(key, candidates(kind, platform == "ios" and "ios" or "macos"))
      -- NSExtension belongs in an extension's bundle: never the advice for an app.
      if guess == "NSExtension" and not extension_point then guess = nil end
      if guess then
        report { at = entry.location, subject = key,
                 message = "unknown key '" .. key .. "' in " .. where .. "; did you mean '" .. guess .. "'? (it is ignored as written)" }
      end
    end
  end
end

uniform.check {
  id = "misspelled-key",
  severity = "warning",
  description = "A key Apple documents nowhere (Catalog/InfoPlistKeys.tsv) but close to one of the manifest's platform (it is silently ignored).",
  source = "Apple's documented keys, each with its page: Sources/UniformCore/Catalog/InfoPlistKeys.tsv (https://developer.apple.com/documentation/bundleresources/information-property-list).",
  related = { "binds-nothing", "manifest.invalid-value" },
  examples = {
    triggering = {
      -- At the root: a letter short of LSSupportsOpeningDocumentsInPlace.
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>LSSupportsOpeningDocumentInPlace</key><true/>
      ]],
      -- In a document type: LSItemContentType for LSItemContentTypes.
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentType</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- In a type declaration: the words of UTTypeTagSpecification in another order.
      [[
        <key>CFBundleIdentifier</key><string>com.example.sketch</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.sketch.drawing</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTITagTypeSpecification</key><dict><key>public.filename-extension</key><array><string>sketchdoc</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>LSSupportsOpeningDocumentsInPlace</key><true/>
      ]],
      -- Another namespace's key (Sparkle's SU prefix) is not a slip of Apple's.
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>SUFeedURL</key><string>https://example.com/appcast.xml</string>
        <key>SUBundleName</key><string>Viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      [[
        <key>CFBundleIdentifier</key><string>com.example.sketch</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.sketch.drawing</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sketchdoc</string></array></dict>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      local root = uniform.plist(app.id)
      if root and root.kind == "dictionary" then
        check_keys(report, root, "root", "the Info.plist root", app.platform, app.extension_point)
        for _, entry in ipairs(root.entries) do
          local value = entry.value
          if value.kind == "array" then
            local kind = entry.key == "CFBundleDocumentTypes" and "document"
              or (entry.key == "UTExportedTypeDeclarations" or entry.key == "UTImportedTypeDeclarations") and "declaration"
            if kind then
              for _, item in ipairs(value.items) do
                if item.kind == "dictionary" then check_keys(report, item, kind, entry.key, app.platform) end
              end
            end
          end
        end
      end
    end
  end,
}

uniform.check {
  id = "binds-nothing",
  severity = "warning",
  description = "A document type has none of LSItemContentTypes, CFBundleTypeExtensions, CFBundleTypeMIMETypes, CFBundleTypeOSTypes: it binds nothing.",
  source = "Apple, CFBundleDocumentTypes (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes): an entry names its types with LSItemContentTypes (or the legacy tag keys).",
  related = { "misspelled-key", "legacy-keys-only" },
  examples = {
    triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- The legacy keys bind too (legacy-keys-only says they are deprecated).
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>CFBundleTypeExtensions</key><array><string>pdf</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      for _, claim in ipairs(app.claims) do
        if claim.binds_nothing then
          report { at = claim.location, subject = claim.name,
                   message = "document type " .. (claim.name and ("'" .. claim.name .. "'") or ("#" .. claim.index)) .. " binds nothing; add LSItemContentTypes" }
        end
      end
    end
  end,
}

uniform.check {
  id = "missing-type-name",
  severity = "warning",
  description = "A document type that opens files (role Editor, Viewer or Shell) has no CFBundleTypeName, which Apple marks required; a note for role None. Quick Look and Spotlight claims are exempt (Apple's own plug-in templates omit it).",
  source = "Apple, CFBundleDocumentTypes (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes): CFBundleTypeName, 'Required. The abstract name for the document type'.",
  related = { "binds-nothing", "missing-role" },
  examples = {
    triggering = {
      -- A warning: the entry opens files.
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- A note: role None, the app only says it knows the type.
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeRole</key><string>None</string>
          <key>LSItemContentTypes</key><array><string>public.folder</string></array>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- A Quick Look generator's claim is exempt (Apple's own templates omit the name).
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer.quicklook</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeRole</key><string>QLGenerator</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    local handler_roles = { Editor = true, Viewer = true, Shell = true }
    for _, app in ipairs(uniform.apps()) do
      if not app.synthetic then
        -- Entries that open files (a warning) and those that do not, role None (a note: the
        -- key is still required, but nothing a user sees is missing its name).
        local missing, quiet = {}, {}
        for _, claim in ipairs(app.claims) do
          if claim.name == nil and not claim.binds_nothing then
            if handler_roles[claim.role] then
              missing[#missing + 1] = claim
            elseif claim.role == "None" then
              quiet[#quiet + 1] = claim
            end
          end
        end
        -- One cause, one finding per app and kind: a manifest that never writes the key.
        for _, group in ipairs({ { list = missing }, { list = quiet, severity = "note" } }) do
          local list = group.list
          if #list > 0 then
            local related, which = {}, {}
            for i, claim in ipairs(list) do
              if i > 1 then related[#related + 1] = claim.location end
              if i <= 5 then which[#which + 1] = "#" .. claim.index end
            end
            report { at = list[1].location, subject = app.id, related = related, severity = group.severity,
                     message = (#list == 1 and ("document type " .. which[1] .. " has") or (#list .. " document types (" .. table.concat(which, ", ") .. (#list > 5 and ", …" or "") .. ") have")) ..
                       " no CFBundleTypeName, which Apple marks required: the type has no name in the app's document types (NSDocumentController, the Info tab); add <key>CFBundleTypeName</key>" }
          end
        end
      end
    end
  end,
}

uniform.check {
  id = "legacy-keys-only",
  severity = "note",
  description = "A document type names its files only with the legacy keys (CFBundleTypeExtensions, CFBundleTypeMIMETypes, CFBundleTypeOSTypes), deprecated since macOS 10.5 in favour of LSItemContentTypes. One note per app.",
  source = "Apple, Information Property List Key Reference, Core Foundation Keys (CFBundleDocumentTypes): the legacy keys are deprecated in OS X v10.5; LSItemContentTypes takes precedence.",
  related = { "shadowed-legacy-keys", "binds-nothing" },
  examples = {
    triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>CFBundleTypeExtensions</key><array><string>md</string><string>markdown</string></array>
        </dict></array>
      ]],
      -- Extension '*': a candidate for every file, which LSItemContentTypes public.data says.
      [[
        <key>CFBundleIdentifier</key><string>com.example.hexeditor</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Any File</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>CFBundleTypeExtensions</key><array><string>*</string></array>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
        </dict></array>
      ]],
      [[
        <key>CFBundleIdentifier</key><string>com.example.hexeditor</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Any File</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>public.data</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    local handler_roles = { Editor = true, Viewer = true, Shell = true }
    for _, app in ipairs(uniform.apps()) do
      local legacy, wildcard = {}, nil
      for _, claim in ipairs(app.claims) do
        if #claim.types == 0 and handler_roles[claim.role]
           and (#claim.extensions > 0 or #claim.mime_types > 0 or #claim.os_types > 0) then
          legacy[#legacy + 1] = claim
          for _, e in ipairs(claim.extensions) do if e == "*" then wildcard = wildcard or "CFBundleTypeExtensions '*'" end end
          for _, o in ipairs(claim.os_types) do if o == "****" then wildcard = wildcard or "CFBundleTypeOSTypes '****'" end end
        end
      end
      if #legacy > 0 then
        local names, related = {}, {}
        for i, claim in ipairs(legacy) do
          if i <= 3 then names[#names + 1] = claim.name and ("'" .. claim.name .. "'") or ("#" .. claim.index) end
          if i > 1 then related[#related + 1] = claim.location end
        end
        local which = #legacy == 1 and ("document type " .. names[1])
          or (#legacy .. " document types (" .. table.concat(names, ", ") .. (#legacy > 3 and (" and " .. (#legacy - 3) .. " more") or "") .. ")")
        local everything = wildcard and ("; " .. wildcard .. " makes the app a candidate for every file, which LSItemContentTypes public.data says in today's terms") or ""
        report { at = legacy[1].location, subject = app.id, related = related,
                 message = which .. " name" .. (#legacy == 1 and "s" or "") .. " files only with CFBundleTypeExtensions/MIMETypes/OSTypes, deprecated since macOS 10.5: list their types in LSItemContentTypes" .. everything }
      end
    end
  end,
}

uniform.check {
  id = "shadowed-legacy-keys",
  severity = "warning",
  description = "A document type has LSItemContentTypes, so its legacy extension/MIME keys are ignored, and some of those extensions or MIME types are not covered by the claimed types: files with them no longer open in the app.",
  source = "Apple, Information Property List Key Reference, Core Foundation Keys, LSItemContentTypes: when present, CFBundleTypeExtensions, CFBundleTypeMIMETypes and CFBundleTypeOSTypes are ignored.",
  related = { "legacy-keys-only", "import-loses-extension" },
  examples = {
    triggering = {
      -- .mkd is no extension of net.daringfireball.markdown: those files no longer open here.
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
          <key>CFBundleTypeExtensions</key><array><string>md</string><string>mkd</string></array>
        </dict></array>
      ]],
      -- A MIME type no declared type has: content served as application/csv is lost.
      [[
        <key>CFBundleIdentifier</key><string>com.example.tables</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>CSV Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>public.comma-separated-values-text</string></array>
          <key>CFBundleTypeMIMETypes</key><array><string>text/csv</string><string>application/csv</string></array>
        </dict></array>
      ]],
      -- With a catch-all claim besides, .nfo files still reach the app, but only as an Open With
      -- candidate, never as their default.
      [[
        <key>CFBundleIdentifier</key><string>com.example.texteditor</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Text Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
          <key>CFBundleTypeExtensions</key><array><string>txt</string><string>nfo</string></array>
        </dict><dict>
          <key>CFBundleTypeName</key><string>Any Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>public.data</string></array>
        </dict></array>
      ]],
    },
    non_triggering = {
      -- The import gives the system's Markdown type the extension too.
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
          <key>CFBundleTypeExtensions</key><array><string>md</string><string>mkd</string></array>
        </dict></array>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>net.daringfireball.markdown</string>
          <key>UTTypeConformsTo</key><array><string>public.utf8-plain-text</string></array>
          <key>UTTypeTagSpecification</key>
          <dict><key>public.filename-extension</key><array><string>md</string><string>markdown</string><string>mkd</string></array></dict>
        </dict></array>
      ]],
      -- A leftover extension the claimed type already has changes nothing.
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
          <key>CFBundleTypeExtensions</key><array><string>md</string><string>markdown</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    local opened = {} -- target → { bundle id → "specific" | "wildcard" }, once per run
    for _, app in ipairs(uniform.apps()) do
      for _, claim in ipairs(app.claims) do
        if #claim.types > 0 and (#claim.extensions > 0 or #claim.mime_types > 0) then
          -- A leftover legacy key whose extension the claimed types already cover changes
          -- nothing: only the tags no claimed type covers are lost.
          -- A claim on a wildcard type (public.data, public.item, …) matches such files only as
          -- a wildcard, never as their owner: it covers nothing the legacy key meant.
          local specific = {}
          for _, t in ipairs(claim.types) do
            if not uniform.type("uti:" .. t).wildcard then specific[#specific + 1] = t end
          end
          local function covered(...)
            for _, target in ipairs({ ... }) do
              for _, t in ipairs(specific) do
                if uniform.conforms(target, t) then return true end
              end
            end
            return false
          end
          -- The consequence is said only where it holds: a file the app still opens as a
          -- specific handler through another of its claims (its own exported type for .go) is
          -- not lost, as `uniform resolve` answers for the same world. A catch-all claim
          -- (public.data, `*`) keeps it only as an Open With candidate, never the default.
          local function reach(...)
            local best = nil
            for _, target in ipairs({ ... }) do
              local handlers = opened[target]
              if not handlers then
                handlers = {}
                for _, h in ipairs(uniform.resolve(target).handlers) do
                  if h.match ~= "wildcard" then handlers[h.bundle_id] = "specific"
                  elseif not handlers[h.bundle_id] then handlers[h.bundle_id] = "wildcard" end
                end
                opened[target] = handlers
              end
              local how = handlers[app.id]
              if how == "specific" then return how end
              best = best or how
            end
            return best
          end
          local lost, catch_all = {}, true
          local function lose(tag, how)
            lost[#lost + 1] = tag
            catch_all = catch_all and how == "wildcard"
          end
          for _, e in ipairs(claim.extensions) do
            -- A file or a folder (packages such as themes are folders) with the extension.
            if e ~= "*" and e ~= "" and not e:find("[%s/]") and not covered("." .. e, "dir:x." .. e) then
              -- A folder of that name is typed as a folder unless the claim is for packages.
              local how = claim.is_package and reach("." .. e, "dir:x." .. e) or reach("." .. e)
              if how ~= "specific" then lose("." .. e, how) end
            end
          end
          -- A package claim's MIME types say nothing: a folder is never typed by MIME. A claim
          -- is for packages when it says so or all its specific types are packages.
          local packages = claim.is_package or (#claim.mime_types > 0 and #specific > 0)
          if packages and not claim.is_package then
            for _, t in ipairs(specific) do
              packages = packages and uniform.conforms("uti:" .. t, "com.apple.package")
            end
          end
          for _, m in ipairs(packages and {} or claim.mime_types) do
            if m:find("^[%w%-%.%+]+/[%w%-%.%+]+$") and not covered("mime:" .. m) then
              local how = reach("mime:" .. m)
              if how ~= "specific" then lose(m, how) end
            end
          end
          if #lost > 0 then
            report { at = claim.location, subject = claim.name,
                     message = "document type " .. (claim.name and ("'" .. claim.name .. "'") or ("#" .. claim.index)) ..
                       " has LSItemContentTypes, so its legacy CFBundleTypeExtensions/MIMETypes are ignored, and " ..
                       table.concat(lost, ", ", 1, math.min(#lost, 8)) .. (#lost > 8 and ", …" or "") ..
                       (#lost == 1 and " is" or " are") .. " not covered by its types: " ..
                       (catch_all and "those files reach this app only through its catch-all claim (an Open With candidate, never their default)"
                         or "those files no longer open in this app") ..
                       "; declare a type with those tags and claim it" }
          end
        end
      end
    end
  end,
}
