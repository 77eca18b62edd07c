-- Policy suite for the document-based app example (seed 001). Run `uniform test` in examples/document-app.
-- Every `it` gets a fresh world: the apps/ manifests, rules/document-app.lua and the standard rules.

local DRAWING   = "com.fernleaf.sketchpad.drawing"
local VNOTE     = "com.quillmark.vectornote.note"
local SKETCHPAD = "com.fernleaf.sketchpad"
local GLANCE    = "com.glanceapp.glance"
local RETRODRAW = "com.retrodraw.importer"
local HEXLENS   = "net.hexlens.HexLens"

describe("the drawing package", function()
  it("is exported under com.apple.package, so it is a directory, not data", function()
    local t = uniform.type("Drawing.sketchpkg/")
    assert.equal(DRAWING, t.id)
    assert.same({ "com.apple.package", "public.composite-content", "public.directory", "public.content", "public.item" }, t.supertypes)
    assert.conforms(DRAWING, "com.apple.package")
    assert.not_conforms(DRAWING, "public.data")
  end)

  it("opens in Sketchpad (Owner), then Glance; the legacy importer is dropped", function()
    assert.handlers("Drawing.sketchpkg/", { SKETCHPAD, GLANCE })
    assert.default_handler("Drawing.sketchpkg/", SKETCHPAD)
    local dropped
    for _, e in ipairs(uniform.resolve("Drawing.sketchpkg/").excluded) do
      if e.bundle_id == RETRODRAW then dropped = e end
    end
    assert.equal("legacy", dropped.match)
    assert.matches("packages%-need%-a%-uti%-claim", dropped.reason)
  end)

  it("has only Sketchpad as an editor", function()
    assert.handlers("Drawing.sketchpkg/", { SKETCHPAD }, { role = "editor" })
    assert.default_handler("Drawing.sketchpkg/", SKETCHPAD, { role = "editor" })
  end)

  it("is never offered to HexLens: '*' matches only public.data documents", function()
    assert.cannot_open("Drawing.sketchpkg/", HEXLENS)
  end)

  it("satisfies the package-flags check, and the disabled exposure check stays quiet", function()
    assert.no_reports("package-type-flags")
    assert.no_reports("exposed-private-type")
  end)
end)

describe("flat documents", function()
  it("a .vnote opens in Sketchpad, then HexLens's legacy wildcard", function()
    assert.equal(VNOTE, uniform.type(".vnote").id)
    assert.handlers(".vnote", { SKETCHPAD, HEXLENS })
    assert.default_handler(".vnote", SKETCHPAD)
  end)

  it("a .txt has only a wildcard handler, so there is no default: the user chooses", function()
    assert.handlers("Notes.txt", { HEXLENS })
    assert.default_handler("Notes.txt", nil)
  end)
end)

describe("what-if #whatif", function()
  it("a second package type claimed without LSTypeIsPackage is reported", function()
    -- declare_app claims cannot set LSTypeIsPackage, so this claim is exactly the mistake.
    uniform.declare_app {
      id = "com.fernleaf.album",
      exports = { { id = "com.fernleaf.album.book", conforms_to = { "com.apple.package" }, extensions = { "albumpkg" } } },
      claims = { { types = { "com.fernleaf.album.book" }, role = "Editor", rank = "Owner" } },
    }
    assert.reports("package-type-flags", { subject = "com.fernleaf.album.book", message = "without LSTypeIsPackage", severity = "error" })
  end)

  it("a new legacy claim on sketchpkg is dropped too, even ranked Owner", function()
    uniform.declare_app { id = "com.oldtimer.paint", claims = { { extensions = { "sketchpkg" }, rank = "Owner" } } }
    assert.cannot_open("Drawing.sketchpkg/", "com.oldtimer.paint")
    assert.handlers("Drawing.sketchpkg/", { SKETCHPAD, GLANCE })
  end)

  it("the what-if apps did not leak into the next test", function()
    assert.is_nil(uniform.app("com.fernleaf.album"))
    assert.is_nil(uniform.app("com.oldtimer.paint"))
    assert.no_reports("package-type-flags")
  end)
end)
