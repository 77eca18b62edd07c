-- Type declarations and claims: identifiers that are undeclared, malformed, dynamic,
-- reserved, or declared in ways the system will not bind.

-- Examples (`uniform rules ID` prints them; RuleExampleTests runs each through `uniform check`)
-- give an Info.plist as its root keys, indented like the code around them: uniform.check wraps
-- them in the plist's XML.

--- On a Mac a package type and a flat-file type sharing an extension do not compete: a folder
--- x.pdb stays the bundler's, a file x.pdb was never its (quiet for every lookup rule).
local pdb_package_and_file = {
  ["Bundler/Info.plist"] = [[
    <key>CFBundleIdentifier</key><string>com.other.bundler</string>
    <key>UTExportedTypeDeclarations</key>
    <array><dict>
      <key>UTTypeIdentifier</key><string>com.other.pdb-bundle</string>
      <key>UTTypeConformsTo</key><array><string>com.apple.package</string></array>
      <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>pdb</string></array></dict>
    </dict></array>
  ]],
  ["Viewer/Info.plist"] = [[
    <key>CFBundleIdentifier</key><string>com.example.molecules</string>
    <key>UTExportedTypeDeclarations</key>
    <array><dict>
      <key>UTTypeIdentifier</key><string>com.example.pdb</string>
      <key>UTTypeConformsTo</key><array><string>public.data</string></array>
      <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>pdb</string></array></dict>
    </dict></array>
  ]],
}

--- PyMOL, exporting its type for Protein Data Bank files (.pdb).
local pymol = [[
  <key>CFBundleIdentifier</key><string>org.pymol.PyMOL</string>
  <key>UTExportedTypeDeclarations</key>
  <array><dict>
    <key>UTTypeIdentifier</key><string>org.pymol.pdb</string>
    <key>UTTypeConformsTo</key><array><string>public.data</string></array>
    <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>pdb</string></array></dict>
  </dict></array>
  <key>CFBundleDocumentTypes</key>
  <array><dict>
    <key>CFBundleTypeName</key><string>Protein Data Bank File</string>
    <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>
    <key>LSItemContentTypes</key><array><string>org.pymol.pdb</string></array>
  </dict></array>
]]

--- A molecule viewer that opens .pdb files as `id`, declared under `list` (exported or imported).
local function molecule_viewer(id, list)
  return ([[
    <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>]] .. list .. [[</key>
    <array><dict>
      <key>UTTypeIdentifier</key><string>]] .. id .. [[</string>
      <key>UTTypeConformsTo</key><array><string>public.data</string></array>
      <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>pdb</string></array></dict>
    </dict></array>
    <key>CFBundleDocumentTypes</key>
    <array><dict>
      <key>CFBundleTypeName</key><string>Protein Data Bank File</string>
      <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
      <key>LSItemContentTypes</key><array><string>]] .. id .. [[</string></array>
    </dict></array>
  ]])
end

--- PyMOL and the molecule viewer side by side, `uniform check` run with `arguments`.
local function pdb_apps(id, list, arguments)
  return { ["PyMOL/Info.plist"] = pymol, ["Viewer/Info.plist"] = molecule_viewer(id, list), arguments = arguments }
end
local viewer_id = { "--define", "PRODUCT_BUNDLE_IDENTIFIER=com.example.molecules" }

--- An import of YAML under an identifier of its own, from before the system declared public.yaml.
local yaml_import = [[
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>org.yaml.yaml</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>yaml</string><string>yml</string></array></dict>
        </dict></array>
]]

--- Whether `id` types only folders and packages for `app`: on a Mac a flat file is typed only
--- among types conforming to public.data, so such a type and a flat-file type sharing a tag do
--- not compete (`resolve dir:x.pdb` keeps it).
local function folders_only(app, id)
  return app.platform == "macos" and not uniform.conforms("uti:" .. id, "public.data")
end

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

--- Whether an app's bundle id is a real one (not a stand-in for a missing or placeholder id).
local function known_id(app)
  return not app.id:find("^standin%.") and not is_placeholder(app.id) and app.id:find("%.") ~= nil
end

--- Labels of a bundle id that name a product rather than a platform, an edition or a role
--- (`SubEthaEdit` in `de.opensource.SubEthaEdit.MacFULL`, not `MacFULL`).
local generic_label = {
  app = true, apps = true, mac = true, macos = true, osx = true, ios = true, ipad = true, iphone = true,
  mobile = true, desktop = true, free = true, full = true, lite = true, pro = true, beta = true, debug = true,
  release = true, document = true, documents = true, editor = true, viewer = true, player = true,
  reader = true, quicklook = true, preview = true, extension = true, plugin = true, importer = true,
  helper = true, macfull = true, appstore = true,
}

--- The organisations this run knows to be the app's team's own, from every signal it has
--- rather than one string: the written bundle ids of the other targets of its Xcode project (a
--- placeholder id on the main app does not hide the vendor its sibling targets name) and the
--- `suite` of `.uniform.lua`. Loose manifests read side by side are not one team.
local team_ids_cache
local function team_ids(app)
  if not team_ids_cache then
    team_ids_cache = { by_project = {}, suite = {} }
    local domains = {}
    for _, other in ipairs(uniform.apps()) do
      if other.project and not other.synthetic and known_id(other) then
        local list = team_ids_cache.by_project[other.project] or {}
        team_ids_cache.by_project[other.project] = list
        -- One id per organisation: a project of thousands of targets has a handful of vendors.
        local domain = other.project .. " " .. (other.id:lower():match("^[^%.]+%.[^%.]+") or other.id:lower())
        if not domains[domain] and #list < 16 then
          domains[domain] = true
          list[#list + 1] = other.id
        end
      end
    end
    for _, pattern in ipairs(uniform.team().suite) do
      local literal = pattern:match("^([%w%-%.]+)%.%*$") or pattern:match("^([%w%-%.]+)$")
      if literal and literal:find("%.") then team_ids_cache.suite[#team_ids_cache.suite + 1] = literal end
    end
  end
  local ids = {}
  for _, id in ipairs(app.project and team_ids_cache.by_project[app.project] or {}) do ids[#ids + 1] = id end
  for _, id in ipairs(team_ids_cache.suite) do ids[#ids + 1] = id end
  return ids
end

--- Whether a type identifier is the app's own: the vendor of its bundle id or of a sibling's, or
--- a type named after the app's product (`de.codingmonkeys.subethaedit.go-source` exported by
--- `de.opensource.SubEthaEdit.MacFULL`, where the repository's default id is the contributors'
--- placeholder domain). Apple's namespaces are never an app's own.
--- What own_type reads of an app, once per app and run: its labels, the product names they
--- and its name hold, and its team's ids.
local app_facts_cache = setmetatable({}, { __mode = "k" })
local function app_facts(app)
  local facts = team_ids_cache and app_facts_cache[app]
  if facts then return facts end
  facts = { labels = {}, products = {}, team = team_ids(app), known = known_id(app) }
  for label in app.id:lower():gmatch("[^%.]+") do facts.labels[#facts.labels + 1] = label end
  for i = 3, #facts.labels do
    local label = facts.labels[i]
    if #label >= 5 and not generic_label[label] then facts.products[label] = true end
  end
  if app.name then
    local name = app.name:lower():gsub("[%s%-_]", "")
    if #name >= 5 and not generic_label[name] then facts.products[name] = true end
  end
  app_facts_cache[app] = facts
  return facts
end

local function own_type(app, id)
  local lower = id:lower()
  if lower:find("^public%.") or lower:find("^com%.apple%.") then return false end
  local facts = app_facts(app)
  if facts.known and uniform.same_vendor(id, app.id) then return true end
  for _, other in ipairs(facts.team) do
    if uniform.same_vendor(id, other) then return true end
  end
  -- A namespace label, never the format's own name (`net.daringfireball.markdown` is not a
  -- Markdown editor's own type).
  local type_labels = {}
  for label in lower:gmatch("[^%.]+") do type_labels[#type_labels + 1] = label end
  for i = 2, #type_labels - 1 do
    if facts.products[type_labels[i]] then return true end
  end
  -- An identifier that is not reverse-DNS but named after the app (`ppsspp.iso` exported by
  -- `org.ppsspp.ppsspp`): its own, if badly namespaced (malformed-identifier's business).
  local first = type_labels[1]
  if #type_labels >= 2 and first and #first >= 4 then
    for i = 2, #facts.labels do
      if facts.labels[i] == first then return true end
    end
  end
  return false
end

--- Whether the app's vendor is known at all: a written bundle id, a sibling's, or the suite.
local function vendor_known(app)
  return known_id(app) or #team_ids(app) > 0
end

uniform.check {
  id = "undeclared-type",
  severity = "warning",
  description = "A claimed type, or a parent of a declared type, is declared nowhere (catalog, manifests or rules). Another vendor's identifier, cleanly written, is a note: an interop claim that binds where that vendor's app is installed.",
  source = "Apple, Defining file and data types for your app (https://developer.apple.com/documentation/uniformtypeidentifiers/defining-file-and-data-types-for-your-app): a type an app uses and does not own is imported.",
  related = { "unbindable-export", "malformed-identifier", "import-loses-extension" },
  examples = {
    triggering = {
      -- A typo of a declared type: a warning with the likely name.
      [[
        <key>CFBundleIdentifier</key><string>com.example.photos</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>JPEG Image</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>public.jpg</string></array>
        </dict></array>
      ]],
      -- Another vendor's identifier nobody here declares: a note (it binds where that
      -- vendor's app is installed).
      [[
        <key>CFBundleIdentifier</key><string>com.example.hiking</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>GPS Track</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.topografix.gpx</string></array>
        </dict></array>
      ]],
      -- A declared type's parent, misspelt.
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-txt</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.photos</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>JPEG Image</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>public.jpeg</string></array>
        </dict></array>
      ]],
      -- Imported with its tags, the other vendor's type binds everywhere.
      [[
        <key>CFBundleIdentifier</key><string>com.example.hiking</string>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.topografix.gpx</string>
          <key>UTTypeConformsTo</key><array><string>public.xml</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>gpx</string></array></dict>
        </dict></array>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>GPS Track</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.topografix.gpx</string></array>
        </dict></array>
      ]],
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    team_ids_cache = nil
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
      -- The vendor is known from the bundle ids the repository writes, else from the app's
      -- exports; with neither (a placeholder id, nothing exported) nobody can tell whose the
      -- identifier is.
      if own_type(app, id) then return false end
      if vendor_known(app) then return true end
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
  source = "Apple, UTCoreTypes.h: types 'must also conform to UTTypeData or UTTypePackage in order for the system to bind documents to them'.",
  related = { "exposed-private-type" },
  examples = {
    triggering = {
      -- public.content is no file type: a warning.
      [[
        <key>CFBundleIdentifier</key><string>com.example.sketch</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.sketch.drawing</string>
          <key>UTTypeConformsTo</key><array><string>public.content</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sketchdoc</string></array></dict>
        </dict></array>
      ]],
      -- public.item alone: a note (private on iOS as intended, unbindable on macOS).
      [[
        <key>CFBundleIdentifier</key><string>com.example.sketch</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.sketch.drawing</string>
          <key>UTTypeConformsTo</key><array><string>public.item</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sketchdoc</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.sketch</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.sketch.drawing</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string><string>public.content</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sketchdoc</string></array></dict>
        </dict></array>
      ]],
      -- A document that is a folder conforms to com.apple.package.
      [[
        <key>CFBundleIdentifier</key><string>com.example.sketch</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.sketch.library</string>
          <key>UTTypeConformsTo</key><array><string>com.apple.package</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sketchlibrary</string></array></dict>
        </dict></array>
      ]],
    },
  },
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

--- Whether the system's own catalog declares an identifier (not an app or a rule of this world).
local function system_declares(id)
  for _, d in ipairs(uniform.type("uti:" .. id).declarations or {}) do
    if d.origin == "catalog" then return true end
  end
  return false
end

--- The identifier moved into the app's own domain, for advice (`public.retro.crt` exported by
--- `de.dirkwhoffmann.VC64` → `de.dirkwhoffmann.retro.crt`).
local function renamed(app, id)
  local rest = id:gsub("^[Pp][Uu][Bb][Ll][Ii][Cc]%.", ""):gsub("^[Cc][Oo][Mm]%.[Aa][Pp][Pp][Ll][Ee]%.", "")
  local domain = known_id(app) and app.id:match("^([^%.]+%.[^%.]+)") or "com.yourcompany"
  return domain .. "." .. rest
end

uniform.check {
  id = "foreign-export",
  -- One root cause, one finding: the graph's duplicate note and the lost extensions at the
  -- same declaration are this export's consequences.
  supersedes = { "duplicate-declaration", "extension-claimed-by-several-types", "export-loses-extension" },
  severity = "warning",
  description = "An app exports a type reserved for Apple (public.*, com.apple.*) or owned by another vendor. The app's vendor is read from its bundle id, its repository's other bundle ids and the product its exports are named after.",
  source = "Apple, UTType.h: public.* identifiers are Apple's; Defining file and data types for your app: export only the types your app owns, import the others.",
  related = { "exported-and-imported", "duplicate-declaration", "type-takeover" },
  examples = {
    triggering = {
      -- A type the system declares: import it instead.
      [[
        <key>CFBundleIdentifier</key><string>com.example.texteditor</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>public.plain-text</string>
          <key>UTTypeConformsTo</key><array><string>public.text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>txt</string></array></dict>
        </dict></array>
      ]],
      -- The app's own format under Apple's reserved prefix: rename it.
      [[
        <key>CFBundleIdentifier</key><string>com.example.c64emulator</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>public.retro.d64</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>d64</string></array></dict>
        </dict></array>
      ]],
      -- Another vendor's file format.
      [[
        <key>CFBundleIdentifier</key><string>com.example.hiking</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.topografix.gpx</string>
          <key>UTTypeConformsTo</key><array><string>public.xml</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>gpx</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.c64emulator</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.c64emulator.d64</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>d64</string></array></dict>
        </dict></array>
      ]],
      [[
        <key>CFBundleIdentifier</key><string>com.example.hiking</string>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.topografix.gpx</string>
          <key>UTTypeConformsTo</key><array><string>public.xml</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>gpx</string></array></dict>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    team_ids_cache = nil
    for _, app in ipairs(uniform.apps()) do
      -- An app that imports the type as well has already written the right declaration: the
      -- advice is then to drop the export, and the import is the related place.
      local imported = {}
      for _, d in ipairs(app.imports) do imported[d.id:lower()] = d end
      for _, d in ipairs(app.exports) do
        local id = d.id:lower()
        if id:find("^public%.") or id:find("^com%.apple%.") then
          if system_declares(d.id) then
            -- Apple defines it (UTType.h: public types are Apple's); the system's own
            -- declaration wins over an app's export, so nothing breaks at run time: a likely
            -- mistake, not an error.
            report { at = d.location, subject = d.id,
                     message = "exports '" .. d.id .. "', a type the system declares: import it instead (UTImportedTypeDeclarations); the system's declaration wins and this one is ignored" }
          else
            -- An identifier in Apple's namespace that no system declares is the app's own
            -- format under a borrowed name: importing it would declare nothing anyone owns.
            report { at = d.location, subject = d.id,
                     message = "exports '" .. d.id .. "', an identifier in Apple's reserved domain (public.*, com.apple.*) that no system declares: rename it into your own domain (e.g. '" .. renamed(app, d.id) .. "'); a future system type of that name would replace it" }
          end
        elseif not is_placeholder(d.id) and types_files(d) and vendor_known(app) and not own_type(app, d.id)
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
  supersedes = { "duplicate-declaration" },  -- the graph's duplicate note says it again
  severity = "warning",
  description = "An app both exports and imports the same type.",
  source = "Apple, Defining file and data types for your app: a type is exported by its owner and imported by everyone else, never both.",
  related = { "duplicate-declaration", "foreign-export" },
  examples = {
    triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      -- The owner only exports its type.
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
      ]],
    },
  },
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
  source = "Apple, LSHandlerRank: Owner means 'this app is the primary creator of files of this type': the app that exports the type.",
  related = { "missing-handler-rank", "foreign-export" },
  examples = {
    triggering = {
      -- Another vendor's format: the app is not its owner.
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- The vendor's own format, declared only by an import: the fix is the export.
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.reader.theme</string>
          <key>UTTypeConformsTo</key><array><string>com.apple.package</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>readertheme</string></array></dict>
        </dict></array>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Reader Theme</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>com.example.reader.theme</string></array>
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
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.reader.theme</string>
          <key>UTTypeConformsTo</key><array><string>com.apple.package</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>readertheme</string></array></dict>
        </dict></array>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Reader Theme</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>com.example.reader.theme</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    team_ids_cache = nil
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
            local own = own_type(app, id)
            -- With no known vendor (a stand-in id, no sibling id) only Apple's identifiers are
            -- surely someone else's; `vendor-unknown` says so once per app.
            local apple = id:lower():find("^public%.") or id:lower():find("^com%.apple%.")
            -- The vendor's own type declared nowhere is undeclared-type's business.
            if not exported[id:lower()] and not is_placeholder(id) and (own or apple or vendor_known(app))
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
  id = "vendor-unknown",
  severity = "note",
  description = "An app's vendor is unknown (a stand-in for a missing or placeholder bundle id, no other bundle id in the repository, no suite): foreign-export and owner-without-export judged only Apple's identifiers. Says which identifiers went unjudged.",
  source = "uniform's own policy (rules/README.md): what a run cannot see is said, not guessed.",
  related = { "bundle-id-placeholder", "bundle-id-missing", "foreign-export", "owner-without-export" },
  examples = {
    triggering = {
      -- A bundle id without a domain says nothing about whose com.example.notes.note is. (A
      -- placeholder or missing id is told by bundle-id-placeholder or bundle-id-missing.)
      [[
        <key>CFBundleIdentifier</key><string>Notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
      ]],
      -- The team's bundle ids, named in .uniform.lua.
      {
        [".uniform.lua"] = [[return { suite = { "com.example.*" } }]],
        ["App/Info.plist"] = [[
          <key>CFBundleIdentifier</key><string>Notes</string>
          <key>UTExportedTypeDeclarations</key>
          <array><dict>
            <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
          </dict></array>
        ]],
      },
    },
  },
  run = function(report)
    team_ids_cache = nil
    local stand_in_notes -- manifest file → where its stand-in id was reported
    for _, app in ipairs(uniform.apps()) do
      if not app.synthetic and not vendor_known(app) then
        local unjudged = {}
        local function add(id)
          local lower = id:lower()
          if not is_placeholder(id) and not lower:find("^public%.") and not lower:find("^com%.apple%.")
             and not own_type(app, id) then unjudged[#unjudged + 1] = id end
        end
        for _, d in ipairs(app.exports) do
          if types_files(d) then add(d.id) end
        end
        local exported = {}
        for _, d in ipairs(app.exports) do exported[d.id:lower()] = true end
        for _, claim in ipairs(app.claims) do
          if claim.rank == "Owner" then
            for _, id in ipairs(claim.types) do
              if not exported[id:lower()] then add(id) end
            end
          end
        end
        if #unjudged > 0 then
          -- Told where the stand-in was chosen: that note (bundle-id-missing, -placeholder)
          -- already says so, and one cause is one finding (RootCauses).
          if not stand_in_notes then
            stand_in_notes = {}
            for _, f in ipairs(uniform.findings()) do
              if (f.rule == "bundle-id-missing" or f.rule == "bundle-id-placeholder") and f.location then
                stand_in_notes[f.location.file] = f.location
              end
            end
          end
          report { at = stand_in_notes[app.file] or app.location, subject = app.id,
                   message = (app.id:find("^standin%.") or is_placeholder(app.id)
                       and "the app's bundle id is not known here (stand-in '" .. app.id .. "')"
                       or "the app's bundle id '" .. app.id .. "' names no vendor (no reverse-DNS domain)")
                     .. ", so foreign-export and owner-without-export could not tell whether " ..
                     #unjudged .. " identifier(s) are its own (" .. some(unjudged) .. "); run uniform check where its Xcode project is, or name the team's bundle ids in suite (.uniform.lua)" }
        end
      end
    end
  end,
}

--- Roles that preview or index a type rather than open it.
local plug_in_roles = { QLGenerator = true, MDImporter = true, None = true }

uniform.check {
  id = "dynamic-identifier-in-manifest",
  severity = "warning",
  description = "A dyn.* identifier is written into a manifest: they are generated by the system for undeclared tags and stop naming the files once any app declares a type for the tag. In a Quick Look or Spotlight claim (a working technique for types nobody declares) it is a note; conformances to dyn.* ids are one finding per app.",
  source = "Apple, UTType.h: dynamic identifiers are generated by the system for undeclared tags and are not stable names to declare or claim. Severity by consequence (rules/README.md): nothing here fails at run time.",
  related = { "undeclared-type", "malformed-identifier" },
  examples = {
    triggering = {
      -- An editor claims the dynamic identifier of .srt: a warning.
      [[
        <key>CFBundleIdentifier</key><string>com.example.subtitles</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>SubRip Subtitles</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>dyn.ah62d4rv4ge81g6xy</string></array>
        </dict></array>
      ]],
      -- A Quick Look generator previewing it: a note (it works until a type is declared).
      [[
        <key>CFBundleIdentifier</key><string>com.example.subtitles.quicklook</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeRole</key><string>QLGenerator</string>
          <key>LSItemContentTypes</key><array><string>dyn.ah62d4rv4ge81g6xy</string></array>
        </dict></array>
      ]],
      -- A declared type conforming to a dynamic identifier.
      [[
        <key>CFBundleIdentifier</key><string>com.example.subtitles</string>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.subtitles.srt</string>
          <key>UTTypeConformsTo</key><array><string>dyn.ah62d4rv4ge81g6xy</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>srt</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      -- A declared type for the extension, claimed by its name.
      [[
        <key>CFBundleIdentifier</key><string>com.example.subtitles</string>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.subtitles.srt</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>srt</string></array></dict>
        </dict></array>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>SubRip Subtitles</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>com.example.subtitles.srt</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      local plug_in_claims = {}
      for _, claim in ipairs(app.claims) do
        for i, id in ipairs(claim.types) do
          if id:lower():find("^dyn%.") then
            if plug_in_roles[claim.role] or claim.rank == "None" then
              plug_in_claims[#plug_in_claims + 1] = { id = id, at = claim.type_locations[i] or claim.location }
            else
              report { at = claim.type_locations[i] or claim.location, subject = id,
                       message = "claims the dynamic identifier '" .. id .. "': it matches files of that tag only while no app declares a type for it; claim a declared type instead (declare one for the extension)" }
            end
          end
        end
      end
      -- Quick Look and Spotlight plug-ins have long claimed dyn.* ids to preview or index files
      -- no declared type names; it works: information, once per app.
      if #plug_in_claims > 0 then
        local ids, related = {}, {}
        for i, c in ipairs(plug_in_claims) do
          ids[i] = c.id
          if i > 1 then related[#related + 1] = c.at end
        end
        report { at = plug_in_claims[1].at, subject = app.id, severity = "note", related = related,
                 message = "previews or indexes " .. #ids .. " dynamic identifier(s) (" .. some(ids) .. "): a working way to reach files no declared type names, until an app declares a type for their tags" }
      end
      -- One practice, one finding: an app whose 74 imports each conform to the dynamic id of
      -- their extension made one decision, not 74.
      local edges, related = {}, {}
      local function declarations(list)
        for _, d in ipairs(list) do
          if d.id:lower():find("^dyn%.") then
            report { at = d.location, subject = d.id, message = "declares the dynamic identifier '" .. d.id .. "'; use a reverse-DNS identifier" }
          end
          for i, parent in ipairs(d.parents) do
            if parent:lower():find("^dyn%.") then
              edges[#edges + 1] = { text = "'" .. d.id .. "' → '" .. parent .. "'", at = d.parent_locations[i] or d.location }
            end
          end
        end
      end
      declarations(app.exports)
      declarations(app.imports)
      if #edges > 0 then
        local texts = {}
        for i, e in ipairs(edges) do
          texts[i] = e.text
          if i > 1 then related[#related + 1] = e.at end
        end
        report { at = edges[1].at, subject = app.id, related = related,
                 message = (#edges == 1 and "a declared type conforms" or (#edges .. " declared types conform")) ..
                   " to a dynamic identifier (" .. some(texts) .. "): such a parent names an undeclared tag and relates to nothing once any app declares a type for it; conform to declared types" }
      end
    end
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
  source = "Apple, Uniform Type Identifiers overview: identifiers are reverse-DNS strings of letters, digits, hyphens and periods.",
  related = { "undeclared-type", "empty-identifier" },
  examples = {
    triggering = {
      -- A space in a claimed identifier.
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Note</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>com.example.notes.my note</string></array>
        </dict></array>
      ]],
      -- A declared identifier that is not reverse-DNS.
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>exnote</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
      ]],
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>exnote</string></array></dict>
        </dict></array>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Note</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>com.example.notes.note</string></array>
        </dict></array>
      ]],
    },
  },
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
  source = "Apple, UTType.h: when several types declare one tag, the lookup prefers public types and exported declarations; the rest is undefined (docs/evidence.md).",
  related = { "export-loses-extension", "type-takeover", "duplicate-declaration" },
  examples = {
    triggering = {
      -- Two apps export a type for .pdb; PyMOL's is read first and wins. (Where the loser's
      -- identifier is written out, export-loses-extension tells this at the same place.)
      pdb_apps("$(PRODUCT_BUNDLE_IDENTIFIER).pdb", "UTExportedTypeDeclarations"),
    },
    non_triggering = {
      pdb_package_and_file,
      -- The viewer imports PyMOL's type instead of declaring another for the same extension.
      pdb_apps("org.pymol.pdb", "UTImportedTypeDeclarations", viewer_id),
      -- With its identifier known, the loser is export-loses-extension's (a note).
      pdb_apps("$(PRODUCT_BUNDLE_IDENTIFIER).pdb", "UTExportedTypeDeclarations", viewer_id),
    },
  },
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
              -- On a Mac a folder or package type and a flat-file type do not compete: each
              -- types its own kind of item.
              if mine and winner:lower() ~= d.id:lower() and not folders_only(app, d.id) then
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
  -- The loser of a lookup is told why its files are not its own; that the extension is shared
  -- is part of that sentence.
  supersedes = { "extension-claimed-by-several-types" },
  severity = "note",
  description = "An app exports a type whose own extension the lookup gives to another type, so its files are not typed as its own.",
  source = "Apple, UTType.h tag lookup preference: public types first, exported over imported (docs/evidence.md).",
  related = { "extension-claimed-by-several-types", "type-takeover" },
  examples = {
    triggering = {
      -- .log files are the system's com.apple.log, not this app's type.
      [[
        <key>CFBundleIdentifier</key><string>com.example.console</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.console.log</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>log</string></array></dict>
        </dict></array>
      ]],
      -- Another app's export for .pdb is read first.
      pdb_apps("$(PRODUCT_BUNDLE_IDENTIFIER).pdb", "UTExportedTypeDeclarations", viewer_id),
    },
    non_triggering = {
      pdb_package_and_file,
      -- The app's own format has an extension of its own.
      [[
        <key>CFBundleIdentifier</key><string>com.example.console</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.console.session</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>consolesession</string></array></dict>
        </dict></array>
      ]],
      -- The viewer imports PyMOL's type.
      pdb_apps("org.pymol.pdb", "UTImportedTypeDeclarations", viewer_id),
    },
  },
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
            -- On a Mac a folder or package type is never a flat file's: the lookup that hands
            -- flat files to another type takes nothing from it (`resolve dir:x.EXT` keeps it).
            if map.winner and map.winner:lower() ~= d.id:lower() and not folders_only(app, d.id) then
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

--- Who claims each tag, read once per tag and run (checks run once per platform world, so
--- every cache here starts empty in each run): the winner, the declarations it beats that a
--- takeover can be about (the system's, exported ones), and the apps each of those had.
local tag_cache, id_cache
--- Every declared identifier carrying a tag, best first (`uniform.lookup{all=true}`): cheap,
--- where the claim map is not (building one per tag made a 56-manifest check 2.4 times slower).
local function tag_ids(tag)
  local ids = id_cache[tag]
  if not ids then
    ids = tag:sub(1, 1) == "." and uniform.lookup { extension = tag:sub(2), all = true }
      or uniform.lookup { mime = tag, all = true }
    id_cache[tag] = ids
  end
  return ids
end

local data_cache
--- Whether an identifier conforms to public.data (a flat file can be typed as it), once per run.
local function is_data(id)
  local known = data_cache[id]
  if known == nil then
    known = uniform.conforms("uti:" .. id, "public.data")
    data_cache[id] = known
  end
  return known
end

--- The identifier a flat file with the tag is typed as: the first carrying it that a file can
--- be (`uniform claims` names the same winner; GroundedFindingsTests holds them together).
local function file_winner(tag)
  local ids = tag_ids(tag)
  for _, id in ipairs(ids) do
    if is_data(id) then return id end
  end
  return ids[1]
end

local effective
--- The origin and kind of the declaration of an identifier that takes precedence among the
--- manifests' and rules' (nil: the system's catalog's counts, or nobody declares it), once per
--- identifier and run. Asked only for identifiers of contested tags: building every
--- declaration of a 56-app world as tables cost more than the whole check.
local function effective_declaration(id)
  local key = id:lower()
  local known = effective[key]
  if known == nil then
    local winner = uniform.type("uti:" .. id).declared_by
    known = (winner and winner.origin ~= "catalog") and { origin = winner.origin, kind = winner.kind } or false
    effective[key] = known
  end
  return known or nil
end

local system_cache
--- `system_declares`, once per identifier and run.
local function is_system(id)
  local known = system_cache[id:lower()]
  if known == nil then
    known = system_declares(id)
    system_cache[id:lower()] = known
  end
  return known
end

local function tag_facts(tag)
  local facts = tag_cache[tag]
  if facts then return facts end
  local ids = tag_ids(tag)
  if #ids <= 1 then
    facts = { winner = ids[1], losers = {}, sole = true }
    tag_cache[tag] = facts
    return facts
  end
  local map = uniform.claims(tag)
  facts = { winner = map.winner, losers = {} }
  -- A type the system declares stays the system's where an app's own declaration of it takes
  -- precedence (MarkEdit imports net.daringfireball.markdown and exports app.markedit.md for
  -- the same .md): the system's declaration is then listed as shadowed.
  local system = {}
  for _, t in ipairs(map.types) do
    if t.origin == "catalog" then system[t.id:lower()] = true end
  end
  for _, t in ipairs(map.types) do
    if t.wins then
      facts.winner_origin = t.origin
    elseif not t.shadowed and (system[t.id:lower()] or t.kind == "exported")
           and t.origin ~= "rule" and t.origin ~= "dynamic" and #facts.losers < 20 then
      t.system = system[t.id:lower()] or false
      facts.losers[#facts.losers + 1] = t
    end
  end
  tag_cache[tag] = facts
  return facts
end

--- The apps that open a target as a specific handler (not through a catch-all claim), and its
--- default, once per tag and run.
local handler_cache
local function specific_handlers(tag)
  local known = handler_cache[tag]
  if not known then
    known = { handlers = {} }
    local resolution = uniform.resolve(tag)
    known.default = resolution.default
    for _, h in ipairs(resolution.handlers) do
      if h.match ~= "wildcard" then known.handlers[h.bundle_id] = true end
    end
    handler_cache[tag] = known
  end
  return known.handlers, known.default
end

--- The tags of a declaration that decide how files are typed, as `uniform.claims` queries.
local function file_tags(d)
  local list, seen = {}, {}
  local function add(query, shown)
    if not seen[query:lower()] then
      seen[query:lower()] = true
      list[#list + 1] = { query = query:lower(), shown = shown }
    end
  end
  for _, ext in ipairs(d.tags["public.filename-extension"] or {}) do
    if ext ~= "*" and ext ~= "" and not ext:find("[%$@%s/]") then add("." .. ext, "'." .. ext .. "'") end
  end
  for _, mime in ipairs(d.tags["public.mime-type"] or {}) do
    if mime:find("^[%w%-%.%+]+/[%w%-%.%+]+$") then add(mime, mime) end
  end
  return list
end

uniform.check {
  id = "type-takeover",
  severity = "warning",
  description = "An app's type declaration wins a filename extension or MIME type from a type the system declares, or from another vendor's exported type: files of that tag change type, and the apps that opened them lose them. Computed from the same lookup as `uniform claims`.",
  source = "Apple, UTType.h and Defining file and data types for your app: a tag maps to one type; declare only tags your format owns (docs/evidence.md for the lookup order).",
  related = { "export-loses-extension", "foreign-export", "import-loses-extension" },
  examples = {
    triggering = {
      -- .md files stop being the system's net.daringfireball.markdown.
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>UTExportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>com.example.markdown.document</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>md</string></array></dict>
        </dict></array>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>com.example.markdown.document</string></array>
        </dict></array>
      ]],
    },
    non_triggering = {
      pdb_package_and_file,
      -- The editor claims the system's Markdown type.
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    tag_cache, id_cache, data_cache, handler_cache, team_ids_cache, effective = {}, {}, {}, {}, nil, {}
    system_cache = {}
    for _, app in ipairs(uniform.apps()) do
      local function check(d)
        if is_placeholder(d.id) then return end
        -- One declaration, one loser, one finding: `.webp` and `image/webp` taken from the same
        -- type are one cause.
        local by_loser, order = {}, {}
        for _, tag in ipairs(file_tags(d)) do
          -- Only a tag another type also has can be taken; the app's own declaration must be
          -- the one that counts (where the system or another app declares the same
          -- identifier, theirs may).
          local mine = #tag_ids(tag.query) > 1 and file_winner(tag.query):lower() == d.id:lower()
            and effective_declaration(d.id)
          if mine and mine.origin == app.id then
            -- Cheap first: is any other identifier carrying the tag the system's, or another
            -- vendor's export? Only then the claim map, for the lookup's reason and claimants.
            local candidate = false
            for _, other in ipairs(tag_ids(tag.query)) do
              local theirs = effective_declaration(other)
              if other:lower() ~= d.id:lower() and (theirs == nil or is_system(other)
                   or (theirs.kind == "exported" and theirs.origin ~= app.id and theirs.origin ~= "rule" and not own_type(app, other))) then
                candidate = true
                break
              end
            end
            local facts = candidate and tag_facts(tag.query) or { losers = {} }
            for _, t in ipairs(facts.losers) do
              -- Two apps' exports decided only by load order are undefined on a real system
              -- (docs/evidence.md): extension-claimed-by-several-types tells that one.
              local by_order = (t.reason or ""):find("loaded first", 1, true)
              -- A folder or package type never typed a flat file on a Mac: nothing is taken from it.
              if t.id:lower() ~= d.id:lower() and not folders_only(app, t.id)
                 and (t.system or (t.origin ~= app.id and not by_order and not own_type(app, t.id))) then
                local entry = by_loser[t.id]
                if not entry then
                  entry = { loser = t, tags = {} }
                  by_loser[t.id] = entry
                  order[#order + 1] = t.id
                end
                entry.tags[#entry.tags + 1] = tag
                break
              end
            end
          end
        end
        for _, loser_id in ipairs(order) do
          local entry = by_loser[loser_id]
          local loser, first = entry.loser, entry.tags[1]
          local shown = {}
          for i, tag in ipairs(entry.tags) do shown[i] = tag.shown end
          local takers = {}
          for _, c in ipairs(loser.claimed_by or {}) do
            if c.app ~= app.id and #takers < 6 then takers[#takers + 1] = c.app end
          end
          local whose = loser.system and "the system's" or (loser.origin .. "'s")
          local _, default = specific_handlers(first.query)
          local effect
          if default == app.id then
            effect = app.id .. " becomes their default app"
          elseif default then
            effect = default .. " stays their default app"
          else
            effect = "no app is their default"
          end
          local losers = #takers > 0 and ("; " .. some(takers) .. ", which open '" .. loser.id .. "', no longer get them")
            or ("; apps that open '" .. loser.id .. "' no longer get them")
          local tags = table.concat(shown, " and ")
          report { at = d.location, subject = d.id .. " " .. first.query,
                   message = tags .. " files are typed as '" .. d.id .. "', declared here, instead of " .. whose .. " '" .. loser.id ..
                     "', which " .. (loser.reason or "loses the lookup") .. ": " .. effect .. losers ..
                     "; give the type a tag of its own or drop " .. tags .. " (see `uniform claims " .. first.query .. "`)" }
        end
      end
      for _, d in ipairs(app.exports) do check(d) end
      for _, d in ipairs(app.imports) do check(d) end
    end
  end,
}

uniform.check {
  id = "import-loses-extension",
  severity = "warning",
  description = "An app claims a type it imports, but extensions of that type are typed as other types that do not conform to it: the claim never matches those files (none at all when every extension is lost). A warning when the app then does not open them; a note when another of its claims still does.",
  source = "Apple, UTType.h tag lookup preference: public types first, exported over imported (docs/evidence.md); CFBundleDocumentTypes: a claim matches files whose type conforms to a claimed type.",
  related = { "undeclared-type", "type-takeover", "shadowed-legacy-keys" },
  examples = {
    triggering = {
      -- .yaml and .yml are the system's public.yaml, which does not conform to org.yaml.yaml:
      -- the app opens neither (a warning).
      [[
        <key>CFBundleIdentifier</key><string>com.example.yamleditor</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>YAML Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>org.yaml.yaml</string></array>
        </dict></array>
      ]] .. "\n" .. yaml_import,
      -- A claim on public.text opens them anyway: the import is dead weight (a note).
      [[
        <key>CFBundleIdentifier</key><string>com.example.yamleditor</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Text Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>org.yaml.yaml</string><string>public.text</string></array>
        </dict></array>
      ]] .. "\n" .. yaml_import,
      -- A Quick Look generator's claim: those files are not previewed (a note).
      [[
        <key>CFBundleIdentifier</key><string>com.example.yamleditor.quicklook</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeRole</key><string>QLGenerator</string>
          <key>LSItemContentTypes</key><array><string>org.yaml.yaml</string></array>
        </dict></array>
      ]] .. "\n" .. yaml_import,
      -- A file's extension follows its last dot: 'tar.gz' names no file (archive.tar.gz is a
      -- .gz file, org.gnu.gnu-zip-archive).
      [[
        <key>CFBundleIdentifier</key><string>com.example.unarchiver</string>
        <key>UTImportedTypeDeclarations</key>
        <array><dict>
          <key>UTTypeIdentifier</key><string>org.gnu.gnu-zip-tar-archive</string>
          <key>UTTypeConformsTo</key><array><string>org.gnu.gnu-zip-archive</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>tgz</string><string>tar.gz</string></array></dict>
        </dict></array>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Tar Archive</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>org.gnu.gnu-zip-tar-archive</string></array>
        </dict></array>
      ]],
    },
    non_triggering = {
      -- The editor claims the type the files get.
      [[
        <key>CFBundleIdentifier</key><string>com.example.yamleditor</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>YAML Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
          <key>LSItemContentTypes</key><array><string>public.yaml</string></array>
        </dict></array>
      ]],
      [[
        <key>CFBundleIdentifier</key><string>com.example.unarchiver</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Gzip Archive</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>org.gnu.gnu-zip-archive</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    tag_cache, id_cache, data_cache, handler_cache = {}, {}, {}, {}
    for _, app in ipairs(uniform.apps()) do
      -- "open" for a claim that opens files; "preview" for a Quick Look or Spotlight plug-in's
      -- claim, whose lost files are only not previewed or indexed by it (a note).
      local claimed = {}
      for _, claim in ipairs(app.claims) do
        local how = (claim.role == "QLGenerator" or claim.role == "MDImporter") and "preview"
          or ((claim.role ~= "None" and claim.rank ~= "None") and "open" or nil)
        if how then
          for _, id in ipairs(claim.types) do
            if claimed[id:lower()] ~= "open" then claimed[id:lower()] = how end
          end
        end
      end
      for _, d in ipairs(app.imports) do
        if claimed[d.id:lower()] and not is_placeholder(d.id) then
          local extensions, lost, closed, dotted = 0, {}, {}, false
          for _, tag in ipairs(file_tags(d)) do
            if tag.query:sub(1, 1) == "." then
              extensions = extensions + 1
              local last = tag.query:match("^%..+(%.[^%.]+)$")
              if last then
                -- A file's extension is the text after its last dot (NSString pathExtension,
                -- UTType(filenameExtension:)): `ds.gba` never names a file; `game.ds.gba` is a
                -- `.gba` file.
                lost[#lost + 1] = tag.shown .. " matches no file name (a file's extension follows its last dot: '" .. last .. "')"
                dotted = true
                if not specific_handlers(last)[app.id] then closed[#closed + 1] = tag.shown end
              else
                local winner = file_winner(tag.query)
                if winner and winner:lower() ~= d.id:lower() and not uniform.conforms("uti:" .. winner, d.id) then
                  lost[#lost + 1] = tag.shown .. " → '" .. winner .. "'"
                  if not specific_handlers(tag.query)[app.id] then closed[#closed + 1] = tag.shown end
                end
              end
            end
          end
          if #lost > 0 then
            -- What happens to the files decides the severity: those the app no longer opens
            -- (no other claim of its own reaches them) make a warning; a claim that is only
            -- dead weight, a note.
            local all = #lost == extensions
            local first = lost[1]:match("^'(%.[^']+)'") or "." .. (d.id:match("[^%.]+$") or "")
            if claimed[d.id:lower()] == "preview" then
              report { at = d.location, subject = d.id, severity = "note",
                       message = "previews or indexes '" .. d.id .. "', imported here, but " ..
                         (all and "every extension it declares is" or (#lost .. " of its " .. extensions .. " extensions " .. (#lost == 1 and "is" or "are"))) ..
                         " typed as another type (" .. some(lost) .. "): this plug-in's claim does not reach those files" }
              goto next_import
            end
            report { at = d.location, subject = d.id, severity = #closed == 0 and "note" or nil,
                     message = "claims '" .. d.id .. "', imported here, but " ..
                       (all and "every extension it declares is" or (#lost .. " of its " .. extensions .. " extensions " .. (#lost == 1 and "is" or "are"))) ..
                       (dotted and " typed as another type or match no file (" or " typed as another type (") .. some(lost) .. "): " ..
                       (all and "the claim never matches a file" or "the claim does not match those files") ..
                       (#closed == 0 and "; the app still opens them through another claim, so that part of the claim and import is dead weight"
                         or ("; " .. some(closed) .. " files do not open in this app: claim the type they get, or see `uniform claims " .. first .. "`")) }
          end
          ::next_import::
        end
      end
    end
  end,
}
