-- Policy suite for the DocInteraction example (seed 003). Run `uniform test` in examples/docinteraction.
-- Every `it` gets a fresh world: the apps/ manifests, rules/docinteraction.lua and the standard rules.

local PDF1      = "com.example.docinteraction.pdf1"
local DOC       = "com.example.docinteraction"
local COMPANION = "com.example.docinteraction.companion"
local INKWELL   = "com.inkwellsoft.pdfviewer"
local ANYVIEWER = "io.openhouse.anyviewer"
local VENDOR    = { "com.example.docinteraction*" }
local REPORT    = "Report.pdf1"

local function exclusion(target, app)
  for _, e in ipairs(uniform.resolve(target).excluded) do
    if e.bundle_id == app then return e end
  end
end

describe("the seed's pdf1 type (no parents)", function()
  it("is a root type: it conforms to nothing", function()
    local t = uniform.type(REPORT)
    assert.equal(PDF1, t.id)
    assert.same({}, t.supertypes)
    assert.not_conforms(PDF1, "public.data")
    assert.not_conforms(PDF1, "com.adobe.pdf")
  end)

  it("is offered only to the vendor's two apps", function()
    assert.handlers(REPORT, { DOC, COMPANION })
    assert.default_handler(REPORT, DOC)
    assert.cannot_open(REPORT, INKWELL)
    assert.cannot_open(REPORT, ANYVIEWER)
    assert.is_false(uniform.resolve(REPORT).previewable)
  end)

  it("is not exposed, not even to wildcard viewers", function()
    assert.not_exposed(PDF1, VENDOR)
    assert.equal(0, #uniform.exposure { type = PDF1, inside = VENDOR }.wildcard)
    assert.no_reports("vendor-type-exposed")
  end)

  it("gets the macOS 'unbindable' finding as a note, as .uniform.lua configures", function()
    assert.reports("unbindable-export", { subject = PDF1, severity = "note" })
  end)
end)

describe("a normal PDF", function()
  it("is untouched by the hide rule: every PDF reader is offered it", function()
    assert.handlers("Report.pdf", { DOC, INKWELL, ANYVIEWER })
    assert.default_handler(".pdf", DOC)
    assert.is_true(uniform.resolve(".pdf").previewable)
  end)
end)

describe("Open In for pdf1 #handoff", function()
  it("copies the file into the companion's Inbox, with no annotation", function()
    local r = assert.sends { file = REPORT, from = DOC, to = COMPANION }
    assert.equal("file:///private/var/mobile/Containers/Data/Application/" .. COMPANION .. "/Documents/Inbox/" .. REPORT, r.url)
    assert.equal(DOC, r.source_application)
    assert.is_nil(r.annotation)
  end)

  it("is refused for apps that cannot open pdf1 (presentOpenInMenu returns NO)", function()
    assert.refuses({ file = REPORT, from = DOC, to = INKWELL }, "does not claim " .. PDF1)
    assert.refuses({ file = REPORT, from = DOC, to = ANYVIEWER }, "not offered in Open In")
  end)
end)

describe("the conforming variant (pdf1 conforms to public.data)", function()
  before_each(function()
    -- conforming/DocInteraction replaces apps/DocInteraction (paths relative to this file).
    fixture.manifests("../conforming", "../apps/DocCompanion", "../apps/InkwellPDF", "../apps/AnyViewer")
  end)

  it("now conforms to public.data, so AnyViewer's wildcard claim reaches it…", function()
    assert.conforms(REPORT, "public.data")
    assert.same({ "public.data", "public.item" }, uniform.type(REPORT).supertypes)
  end)

  it("…but the hide rule keeps it inside the vendor", function()
    assert.handlers(REPORT, { DOC, COMPANION })
    assert.cannot_open(REPORT, ANYVIEWER)
    assert.matches("only its own apps", exclusion(REPORT, ANYVIEWER).reason)
  end)

  it("refuses the hand-off to AnyViewer with the hide rule's reason #handoff", function()
    assert.refuses({ file = REPORT, from = DOC, to = ANYVIEWER }, "hidden by the rule")
  end)

  it("is clean: bindable on macOS and not exposed", function()
    assert.no_reports("unbindable-export")
    assert.no_reports("vendor-type-exposed")
  end)
end)

describe("what-if #whatif", function()
  it("another vendor claiming pdf1 exactly is hidden too", function()
    uniform.declare_app { id = "com.rival.pdfreader", platform = "ios", claims = { { types = { PDF1 }, rank = "Owner" } } }
    assert.handlers(REPORT, { DOC, COMPANION })
    assert.matches("only its own apps", exclusion(REPORT, "com.rival.pdfreader").reason)
  end)

  it("a second private type under public.plain-text is reported as exposed", function()
    uniform.declare_app {
      id = "com.example.docinteraction.notes", platform = "ios",
      exports = { { id = "com.example.docinteraction.note", conforms_to = { "public.plain-text" }, extensions = { "dinote" } } },
      claims = { { types = { "com.example.docinteraction.note" }, rank = "Owner" } },
    }
    uniform.declare_app { id = "com.other.texteditor", platform = "ios", claims = { { types = { "public.plain-text" }, role = "Editor" } } }
    assert.can_open("Meeting.dinote", "com.other.texteditor")
    assert.reports("vendor-type-exposed", { subject = "com.example.docinteraction.note", message = "com.other.texteditor", severity = "error" })
  end)

  it("the what-if apps did not leak into the next test", function()
    assert.is_nil(uniform.app("com.example.docinteraction.notes"))
    assert.is_false(uniform.is_declared("com.example.docinteraction.note"))
    assert.no_reports("vendor-type-exposed")
  end)
end)
