-- App Store validation: what App Store Connect says about document types at upload.
-- ITMS-90243 refuses the upload (an error); ITMS-90788 and ITMS-90737 are warnings there.
-- Each check is an ordinary rule on the public `uniform` API.

-- Examples (`uniform rules ID` prints them; RuleExampleTests runs each through `uniform check`)
-- give an Info.plist as its root keys, indented like the code around them: uniform.check wraps
-- them in the plist's XML.

local function claim_name(claim)
  return claim.name and ("'" .. claim.name .. "'") or ("#" .. claim.index)
end

-- App Store Connect's document-type messages are warnings at upload ("Your delivery was
-- successful"), and Launch Services treats a missing LSHandlerRank as Default. For an app
-- distributed outside the App Store nothing ever shows them: a note there.
-- A Mac app of unknown distribution most often ships outside the store (open-source Mac apps
-- do): a note that says how to make it a warning. iOS apps ship through the store.
-- An Info.plist without CFBundleIdentifier, read without its Xcode project, is the partial one
-- Xcode completes at build time from build settings (GENERATE_INFOPLIST_FILE, INFOPLIST_KEY_*):
-- a key it lacks may still reach the built app, which a plist-only run cannot see.
local function completed_by_build_settings(app)
  return app.declared_id == nil and app.target == nil and not app.synthetic
end

local function store_severity(app)
  if app.distribution == "app-store" then return "warning" end
  if app.distribution == "outside" then return "note" end
  return app.platform == "ios" and "warning" or "note"
end

-- Quick Look and Spotlight plug-ins claim types to preview or index, not to open: ranks mean
-- nothing for those roles.
local handler_roles = { Editor = true, Viewer = true, Shell = true }

uniform.check {
  id = "missing-handler-rank",
  severity = "warning",
  description = "A document type has no LSHandlerRank: App Store Connect warns (ITMS-90788); Launch Services uses Default. A note for apps distributed outside the App Store.",
  variant = { severity = "note", when = "for apps distributed outside the App Store" },
  source = "Apple, LSHandlerRank (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes/lshandlerrank): Owner, Default, Alternate, None; a missing rank is Default. App Store Connect ITMS-90788 is an upload warning.",
  related = { "owner-without-export", "ios-document-support-key" },
  examples = {
    triggering = {
      -- An iOS app: a warning (App Store Connect warns at upload).
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>LSSupportsOpeningDocumentsInPlace</key><true/>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- A Mac app updated by Sparkle (SUFeedURL) ships outside the App Store: a note.
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown</string>
        <key>SUFeedURL</key><string>https://example.com/appcast.xml</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>Markdown Document</string>
          <key>CFBundleTypeRole</key><string>Editor</string>
          <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
        </dict></array>
      ]],
      -- A Mac app the team ships through the App Store: a warning.
      {
        [".uniform.lua"] = [[return { distribution = "app-store" }]],
        ["App/Info.plist"] = [[
          <key>CFBundleIdentifier</key><string>com.example.markdown</string>
          <key>CFBundleDocumentTypes</key>
          <array><dict>
            <key>CFBundleTypeName</key><string>Markdown Document</string>
            <key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
          </dict></array>
        ]],
      },
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>LSSupportsOpeningDocumentsInPlace</key><true/>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- A Quick Look generator previews the type, it does not open it: no rank to give.
      [[
        <key>CFBundleIdentifier</key><string>com.example.markdown.quicklook</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeRole</key><string>QLGenerator</string>
          <key>LSItemContentTypes</key><array><string>net.daringfireball.markdown</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      local missing = {}
      for _, claim in ipairs(app.claims) do
        if claim.declared_rank == nil and not app.synthetic and handler_roles[claim.role] then
          missing[#missing + 1] = claim
        end
      end
      local outside = store_severity(app) == "note"
      local consequence = outside
        and ("Launch Services uses Default (App Store Connect would warn, ITMS-90788" ..
             (app.distribution == nil and "; set distribution = \"app-store\" in .uniform.lua if this app ships there)" or ")"))
        or "App Store Connect warns (ITMS-90788) and Launch Services uses Default"
      if #missing <= 3 then
        for _, claim in ipairs(missing) do
          report {
            at = claim.location, subject = claim.name, severity = store_severity(app),
            message = outside
              and ("document type " .. claim_name(claim) .. " has no LSHandlerRank; " .. consequence)
              or ("document type " .. claim_name(claim) .. " has no LSHandlerRank: " .. consequence .. "; add <key>LSHandlerRank</key> with Owner, Default, Alternate or None"),
          }
        end
      else
        -- One cause, one finding: an app whose 60 document types all lack the key (CodeEdit)
        -- gets one finding at the first, naming a few and pointing at the others.
        local names, related = {}, {}
        for i, claim in ipairs(missing) do
          if i <= 3 then names[#names + 1] = claim_name(claim) end
          if i > 1 then related[#related + 1] = claim.location end
        end
        local list = table.concat(names, ", ") .. " and " .. (#missing - 3) .. " more"
        report {
          at = missing[1].location, subject = app.id, severity = store_severity(app), related = related,
          message = #missing .. " document types have no LSHandlerRank (" .. list .. "); " .. consequence ..
            (outside and "" or "; add <key>LSHandlerRank</key> to each with Owner, Default, Alternate or None"),
        }
      end
    end
  end,
}

uniform.check {
  id = "document-types-shape",
  severity = "error",
  description = "CFBundleDocumentTypes is not an array of dictionaries (App Store: ITMS-90243).",
  source = "Apple, CFBundleDocumentTypes (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes): an array of dictionaries; App Store Connect refuses the upload otherwise (ITMS-90243).",
  related = { "manifest.invalid-value" },
  -- One cause, one finding: the loader's "must be an array of dictionaries" at the same value.
  supersedes = { "manifest.invalid-value" },
  examples = {
    triggering = {
      -- One document type written as the dictionary itself, without its array.
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict>
      ]],
      -- An item that is a type identifier rather than a document type.
      [[
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array><string>com.adobe.pdf</string></array>
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
    },
  },
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      local root = uniform.plist(app.id)
      if root and root.kind == "dictionary" then
        for _, entry in ipairs(root.entries) do
          if entry.key == "CFBundleDocumentTypes" then
            local value = entry.value
            if value.kind ~= "array" then
              report { at = value.location, subject = "CFBundleDocumentTypes",
                       message = "CFBundleDocumentTypes must be an array of dictionaries, found " .. value.kind .. " (ITMS-90243)" }
            else
              for i, item in ipairs(value.items) do
                if item.kind ~= "dictionary" then
                  report { at = item.location, subject = "CFBundleDocumentTypes",
                           message = "CFBundleDocumentTypes item " .. i .. " must be a dictionary, found " .. item.kind .. " (ITMS-90243)" }
                end
              end
            end
          end
        end
      end
    end
  end,
}

uniform.check {
  id = "ios-document-support-key",
  severity = "warning",
  description = "An iOS app declares CFBundleDocumentTypes without LSSupportsOpeningDocumentsInPlace or UISupportsDocumentBrowser: App Store Connect warns (ITMS-90737). A note for apps distributed outside the App Store, and for a partial Info.plist read without its Xcode project (build settings may add the key).",
  variant = { severity = "note", when = "outside the App Store, and for a partial Info.plist read without its Xcode project" },
  source = "Apple, LSSupportsOpeningDocumentsInPlace (https://developer.apple.com/documentation/bundleresources/information-property-list/lssupportsopeningdocumentsinplace); App Store Connect warning ITMS-90737.",
  related = { "missing-handler-rank", "bundle-id-missing" },
  examples = {
    triggering = {
      -- A warning: App Store Connect warns at upload.
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- A note: without CFBundleIdentifier this is the partial Info.plist Xcode completes from
      -- build settings, which may add the key.
      [[
        <key>LSRequiresIPhoneOS</key><true/>
        <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- A note: an app distributed outside the App Store.
      {
        [".uniform.lua"] = [[return { distribution = "outside" }]],
        ["App/Info.plist"] = [[
          <key>CFBundleIdentifier</key><string>com.example.reader</string>
          <key>LSRequiresIPhoneOS</key><true/>
          <key>CFBundleDocumentTypes</key>
          <array><dict>
            <key>CFBundleTypeName</key><string>PDF Document</string>
            <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
            <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
          </dict></array>
        ]],
      },
    },
    non_triggering = {
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>LSSupportsOpeningDocumentsInPlace</key><true/>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
      -- A document browser app says so with UISupportsDocumentBrowser.
      [[
        <key>CFBundleIdentifier</key><string>com.example.reader</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>UISupportsDocumentBrowser</key><true/>
        <key>CFBundleDocumentTypes</key>
        <array><dict>
          <key>CFBundleTypeName</key><string>PDF Document</string>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array>
        </dict></array>
      ]],
    },
  },
  run = function(report)
    for _, app in ipairs(uniform.apps()) do
      if app.platform == "ios" and #app.claims > 0 and not app.synthetic
         and app.opens_in_place == nil and app.supports_document_browser == nil then
        local partial = completed_by_build_settings(app)
        report {
          at = app.location, subject = app.id, severity = partial and "note" or store_severity(app),
          message = "iOS app " .. app.id .. " declares document types but sets neither LSSupportsOpeningDocumentsInPlace nor UISupportsDocumentBrowser: "
            .. (store_severity(app) == "note" and "App Store Connect would warn (ITMS-90737) if it shipped there" or "App Store Connect warns (ITMS-90737)")
            .. "; add one of them (YES or NO)"
            .. (partial and " — unless the build settings do (INFOPLIST_KEY_LSSupportsOpeningDocumentsInPlace): this Info.plist has no CFBundleIdentifier, so Xcode completes it from build settings, which a run on the plist alone cannot see; check the Xcode project instead" or ""),
        }
      end
    end
  end,
}
