-- Policy suite for the SysStats example (seed 004). Run `uniform test` in examples/sysstats.
-- Every `it` gets a fresh world: the apps/ manifests, rules/sysstats.lua and the standard rules.

local BOOKMARK   = "jp.example.sysstats.bookmark"
local MONITOR    = "jp.example.sysstats.monitor"
local LITE       = "jp.example.sysstats.lite"
local TEXTEDITOR = "com.quillworks.texteditor"
local HEXVIEWER  = "net.bytepeek.hexviewer"
local FILESYNC   = "com.cloudharbor.filesync"
local FILE       = "Dashboard.sysstatsbookmark"
local CONTAINERS = "file:///private/var/mobile/Containers/Data/Application/"

-- What Lite attaches (the same values as annotation.plist).
local function annotation()
  return { bookmarkTitle = "Dashboard", bookmarkCount = 12, sourceVersion = "3.2",
           sessionToken = "c2Vzc2lvbi0xZjRlOWIyNy1kZW1v" }
end

describe("the bookmark type", function()
  it("conforms only to public.item, as the seed recommends", function()
    local t = uniform.type(FILE)
    assert.equal(BOOKMARK, t.id)
    assert.same({ "public.item" }, t.supertypes)
    assert.equal(BOOKMARK, uniform.type("application/x-sysstats-bookmark").id)
    assert.not_conforms(BOOKMARK, "public.data")
    assert.not_conforms(BOOKMARK, "public.text")
  end)

  it("opens in Monitor; only FileSync's public.item claim also reaches it", function()
    assert.handlers(FILE, { MONITOR, FILESYNC })
    assert.default_handler(FILE, MONITOR)
    assert.is_false(uniform.resolve(FILE).previewable)
  end)

  it("is not offered to the text editor or the hex viewer", function()
    assert.cannot_open(FILE, TEXTEDITOR)
    assert.cannot_open(FILE, HEXVIEWER)
  end)

  it("is offered outside the suite only to FileSync's catch-all claim", function()
    -- exposed/not_exposed count wildcard claims too: Open With lists FileSync.
    local offered = assert.exposed(BOOKMARK, { "jp.example.sysstats.*" })
    assert.equal(1, #offered)
    assert.equal(FILESYNC, offered[1].app)
    assert.equal("wildcard", offered[1].match)
    local exposure = uniform.exposure { type = BOOKMARK, inside = { "jp.example.sysstats.*" } }
    assert.equal(0, #exposure)
    assert.equal(FILESYNC, exposure.wildcard[1].app)
  end)

  it("gets the macOS note from the standard rules, not an error", function()
    assert.reports("unbindable-export", { subject = BOOKMARK, severity = "note" })
    assert.no_reports("exposed-private-type")
  end)
end)

describe("Lite → Monitor #handoff", function()
  it("copies the file into Monitor's Inbox", function()
    local r = assert.sends { file = FILE, from = LITE, to = MONITOR, annotation = annotation() }
    assert.equal(CONTAINERS .. MONITOR .. "/Documents/Inbox/" .. FILE, r.url)
    assert.equal(LITE, r.source_application)
    assert.is_false(r.open_in_place)
  end)

  it("delivers the bookmark keys and strips sessionToken", function()
    local r = assert.sends { file = FILE, from = LITE, to = MONITOR, annotation = annotation() }
    assert.same({ bookmarkTitle = "Dashboard", bookmarkCount = 12, sourceVersion = "3.2" }, r.annotation)
    assert.is_nil(r.annotation.sessionToken)
  end)

  it("de-duplicates against a file already in the Inbox", function()
    local r = assert.sends { file = FILE, from = LITE, to = MONITOR, inbox = { FILE } }
    assert.equal(CONTAINERS .. MONITOR .. "/Documents/Inbox/Dashboard-1.sysstatsbookmark", r.url)
  end)

  it("sends a bare file when Lite attaches no annotation", function()
    local r = assert.sends { file = FILE, from = LITE, to = MONITOR }
    assert.is_nil(r.annotation)
  end)
end)

describe("hand-offs outside the suite #handoff", function()
  it("refuses the text editor: it is not offered the type at all", function()
    assert.refuses({ file = FILE, from = LITE, to = TEXTEDITOR }, "does not claim " .. BOOKMARK)
    assert.refuses({ file = FILE, from = LITE, to = HEXVIEWER }, "not offered in Open In")
  end)

  it("refuses an annotated hand-off to FileSync (routing rule)", function()
    assert.refuses({ file = FILE, from = LITE, to = FILESYNC, annotation = annotation() },
                   "annotations go only to jp.example.sysstats.* apps")
  end)

  it("lets FileSync open a bare bookmark in place", function()
    local r = assert.sends { file = FILE, from = LITE, to = FILESYNC }
    assert.is_true(r.open_in_place)
    assert.is_nil(r.annotation)
    assert.equal(CONTAINERS .. LITE .. "/Documents/" .. FILE, r.url, "in place: the original URL, not an Inbox copy")
  end)
end)

describe("what-if: a third suite app #whatif", function()
  it("a new jp.example.sysstats.* app receives the annotation without the token", function()
    uniform.declare_app {
      id = "jp.example.sysstats.widget", platform = "ios",
      claims = { { types = { BOOKMARK }, role = "Viewer", rank = "Alternate" } },
    }
    assert.handlers(FILE, { MONITOR, "jp.example.sysstats.widget", FILESYNC })
    local r = assert.sends { file = FILE, from = LITE, to = "jp.example.sysstats.widget", annotation = annotation() }
    assert.same({ bookmarkTitle = "Dashboard", bookmarkCount = 12, sourceVersion = "3.2" }, r.annotation)
  end)

  it("the widget did not leak into the next test", function()
    assert.is_nil(uniform.app("jp.example.sysstats.widget"))
    assert.handlers(FILE, { MONITOR, FILESYNC })
  end)

  it("an app declared without platform = 'ios' is a Mac app, never offered on this iOS world", function()
    uniform.declare_app { id = "jp.example.sysstats.mac", claims = { { types = { BOOKMARK } } } }
    assert.cannot_open(FILE, "jp.example.sysstats.mac")
  end)
end)

describe("the leaky variant (bookmark conforms to public.text)", function()
  before_each(function()
    -- Replace the world: leaky/Monitor instead of apps/Monitor (paths are relative to this file).
    fixture.manifests("../leaky", "../apps/Lite", "../apps/TextEditor", "../apps/HexViewer", "../apps/FileSync")
  end)

  it("offers the bookmark to every text editor and hex viewer", function()
    assert.handlers(FILE, { MONITOR, TEXTEDITOR, HEXVIEWER, FILESYNC })
    assert.default_handler(FILE, MONITOR)
    assert.conforms(BOOKMARK, "public.text")
  end)

  it("is reported by the exposure check", function()
    local exposed = assert.exposed(BOOKMARK, { "jp.example.sysstats.*" })
    assert.equal(TEXTEDITOR, exposed[1].app)
    assert.reports("exposed-private-type", { subject = BOOKMARK, message = TEXTEDITOR })
  end)

  it("lets the bare file reach the text editor, but never the annotation #handoff", function()
    local r = assert.sends { file = FILE, from = LITE, to = TEXTEDITOR }
    assert.equal(CONTAINERS .. TEXTEDITOR .. "/Documents/Inbox/" .. FILE, r.url)
    assert.refuses({ file = FILE, from = LITE, to = TEXTEDITOR, annotation = annotation() }, "jp.example.sysstats.*")
  end)
end)
