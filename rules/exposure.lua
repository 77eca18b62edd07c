-- Private types reachable by generic handlers (the seeds' "hidden type" question).

-- Examples (`uniform rules ID` prints them; RuleExampleTests runs each through `uniform check`)
-- give an Info.plist as its root keys, indented like the code around them: uniform.check wraps
-- them in the plist's XML.
--- Another vendor's text editor, installed beside the app: it opens any plain text.
local text_editor = [[
  <key>CFBundleIdentifier</key><string>org.textmate.TextMate</string>
  <key>CFBundleDocumentTypes</key>
  <array><dict>
    <key>CFBundleTypeName</key><string>Plain Text</string>
    <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Default</string>
    <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
  </dict></array>
]]

--- A notes app that exports its bookmark type conforming to `parents`, with `more` keys in the
--- declaration (plist text).
local function notes_app(parents, more)
  return ([[
    <key>CFBundleIdentifier</key><string>com.example.notes</string>
    <key>UTExportedTypeDeclarations</key>
    <array><dict>
      <key>UTTypeIdentifier</key><string>com.example.notes.bookmark</string>
      <key>UTTypeConformsTo</key><array>]] .. parents .. "</array>\n" .. (more and ("      " .. more .. "\n") or "") .. [[
      <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>notesbookmark</string></array></dict>
    </dict></array>
    <key>CFBundleDocumentTypes</key>
    <array><dict>
      <key>CFBundleTypeName</key><string>Notes Bookmark</string>
      <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>
      <key>LSItemContentTypes</key><array><string>com.example.notes.bookmark</string></array>
    </dict></array>
  ]])
end

local function vendor_pattern(id)
  local a, b = id:match("^([^%.]+)%.([^%.]+)")
  if a then return a .. "." .. b .. ".*" end
end

--- The apps of each host and each Xcode project, gathered once per run: looking them up per
--- exported type made the rule quadratic in the number of apps.
local function team_index()
  local embedded, by_project = {}, {}
  for _, other in ipairs(uniform.apps()) do
    if other.host then
      embedded[other.host] = embedded[other.host] or {}
      table.insert(embedded[other.host], other.id)
    end
    if other.project then
      by_project[other.project] = by_project[other.project] or {}
      table.insert(by_project[other.project], other.id)
    end
  end
  return { embedded = embedded, by_project = by_project }
end

--- The app's team: itself, the apps it embeds and the app that embeds it, the apps of the same
--- Xcode project. None of them is "outside".
local function team(app, index)
  local inside = { app.id }
  for _, pattern in ipairs(uniform.team().suite) do inside[#inside + 1] = pattern end
  if app.host then inside[#inside + 1] = app.host end
  for _, id in ipairs(index.embedded[app.id] or {}) do inside[#inside + 1] = id end
  for _, id in ipairs(app.project and index.by_project[app.project] or {}) do
    if id ~= app.id then inside[#inside + 1] = id end
  end
  return inside
end

uniform.check {
  id = "exposed-private-type",
  severity = "warning",
  description = "An app's own private type can be opened by apps outside its team because it conforms to a type those apps claim generically.",
  source = "How Launch Services reaches handlers through conformance: docs/evidence.md (candidates by supertype distance; wildcard claims).",
  related = { "unbindable-export" },
  examples = {
    triggering = {
      -- The bookmark is plain text, so TextMate's claim on public.plain-text reaches it.
      {
        ["Notes/Info.plist"] = notes_app("<string>public.plain-text</string>"),
        ["TextMate/Info.plist"] = text_editor,
      },
      -- A format with a reference URL counts as published, unless the team says it is private.
      {
        [".uniform.lua"] = [[return { private_types = { "com.example.notes.*" } }]],
        ["Notes/Info.plist"] = notes_app("<string>public.plain-text</string>",
          "<key>UTTypeReferenceURL</key><string>https://example.com/notes/bookmarks</string>"),
        ["TextMate/Info.plist"] = text_editor,
      },
    },
    non_triggering = {
      -- Conforming to public.data alone, it reaches only apps that claim it by name.
      {
        ["Notes/Info.plist"] = notes_app("<string>public.data</string>"),
        ["TextMate/Info.plist"] = text_editor,
      },
      -- The other app is the team's own (suite in .uniform.lua).
      {
        [".uniform.lua"] = [[return { suite = { "com.example.*", "org.textmate.*" } }]],
        ["Notes/Info.plist"] = notes_app("<string>public.plain-text</string>"),
        ["TextMate/Info.plist"] = text_editor,
      },
      -- A published format (it has a reference URL) is meant to travel.
      {
        ["Notes/Info.plist"] = notes_app("<string>public.plain-text</string>",
          "<key>UTTypeReferenceURL</key><string>https://example.com/notes/bookmarks</string>"),
        ["TextMate/Info.plist"] = text_editor,
      },
    },
  },
  run = function(report)
    local seen = {}
    local index = team_index()
    for _, app in ipairs(uniform.apps()) do
      for _, d in ipairs(app.exports) do
        local id = d.id:lower()
        local pattern = vendor_pattern(d.id)
        -- Private: in the app's own domain (unknown for a stand-in id: taken as its own) and not a
        -- published format (a reference URL points at a public specification); Apple's types and
        -- others' formats are meant to travel.
        local private = pattern and not id:find("^public%.") and not id:find("^com%.apple%.") and not id:find("%$")
          and (app.id:find("^standin%.") or uniform.same_vendor(d.id, app.id)) and not d.reference_url
        -- `private_types` in .uniform.lua says so outright.
        for _, glob in ipairs(uniform.team().private_types) do
          local lua_pattern = "^" .. glob:lower():gsub("[%.%-%+%?%(%)%[%]%^%$%%]", "%%%0"):gsub("%*", ".*") .. "$"
          if id:find(lua_pattern) then private = true end
        end
        if private and not seen[id] then
          seen[id] = true
          local inside = team(app, index)
          inside[#inside + 1] = pattern
          local names, via = {}, {}
          for _, entry in ipairs(uniform.exposure { type = d.id, inside = inside }) do
            -- An app that names the type exactly was meant to open it: only conformance leaks.
            if entry.match ~= "exact" then
              names[#names + 1] = entry.app
              via[entry.claimed_type] = true
            end
          end
          if #names > 0 then
            local through = {}
            for t in pairs(via) do through[#through + 1] = t end
            table.sort(through)
            report { at = d.location, subject = d.id,
                     message = "'" .. d.id .. "' can be opened by " .. #names .. " app(s) outside its team (" ..
                       table.concat(names, ", ", 1, math.min(#names, 5)) .. (#names > 5 and ", …" or "") ..
                       ") because it conforms to " .. table.concat(through, ", ") ..
                       "; to keep it to its own apps, conform to public.data alone (claims on public.data only match as a wildcard, never by default)" }
          end
        end
      end
    end
  end,
}
