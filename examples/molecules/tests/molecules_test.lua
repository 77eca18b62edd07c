-- Policy suite for the Molecules example (seed 000). Run `uniform test` in examples/molecules.
-- Every `it` gets a fresh world: the apps/ manifests, rules/molecules.lua and the standard rules.

local PDB        = "com.sunsetlakesoftware.molecules.pdb"
local MOLECULES  = "com.sunsetlakesoftware.molecules"
local TEXTPAD    = "com.brightleafapps.textpad"
local FILEBOX    = "com.harborlabs.filebox"
local UNZIPPER   = "com.zipwerk.unzipper"
local PDBPREVIEW = "org.proteinlab.pdbpreview"
local LABNOTES   = "com.benchtop.labnotes"

local function excluded(target, app, options)
  for _, e in ipairs(uniform.resolve(target, options).excluded) do
    if e.bundle_id == app then return e end
  end
end

describe("a .pdb file", function()
  it("is the type Molecules exports, by extension, MIME type or file name", function()
    assert.equal(PDB, uniform.type(".pdb").id)
    assert.equal(PDB, uniform.type("chemical/x-pdb").id)
    assert.equal(PDB, uniform.type("file:Structure.pdb").id)
    assert.conforms(".pdb", "public.plain-text")
    assert.not_conforms("public.plain-text", PDB)
  end)

  it("opens in Molecules, then TextPad: the lab's policy drops the generic viewer", function()
    assert.handlers(".pdb", { MOLECULES, TEXTPAD })
    assert.default_handler(".pdb", MOLECULES)
    assert.opens_first("Structure.pdb", MOLECULES)
  end)

  it("records why FileBox was dropped, with the rule's file", function()
    local e = excluded(".pdb", FILEBOX)
    assert.not_nil(e, "FileBox should be in the excluded list")
    assert.matches("pdb%-no%-generic%-viewers", e.reason)
    assert.matches("rules/molecules%.lua", e.reason)
  end)

  it("never offers the Quick Look plug-in or a claim ranked None", function()
    assert.cannot_open(".pdb", PDBPREVIEW)
    assert.cannot_open(".pdb", LABNOTES)
    assert.matches("QLGenerator", excluded(".pdb", PDBPREVIEW).reason)
    assert.matches("None", excluded(".pdb", LABNOTES).reason)
  end)

  it("is previewable in Quick Look, because it conforms to public.text", function()
    assert.is_true(uniform.resolve(".pdb").previewable)
  end)

  it("has only TextPad as an editor (a Viewer claim does not satisfy editor)", function()
    assert.handlers(".pdb", { TEXTPAD }, { role = "editor" })
    assert.default_handler(".pdb", TEXTPAD, { role = "editor" })
  end)
end)

describe("a plain .txt file", function()
  it("is untouched by the PDB policy: TextPad, then FileBox", function()
    assert.handlers(".txt", { TEXTPAD, FILEBOX })
    assert.default_handler(".txt", TEXTPAD)
    assert.cannot_open(".txt", MOLECULES)
  end)
end)

describe("gzip files", function()
  it("Structure.pdb.gz is a gzip archive pinned to Molecules", function()
    local r = uniform.resolve("Structure.pdb.gz")
    assert.equal("org.gnu.gnu-zip-archive", r.type.id)
    assert.handlers("Structure.pdb.gz", { MOLECULES, UNZIPPER, FILEBOX })
    assert.is_true(r.handlers[1].pinned)
    assert.default_handler("Structure.pdb.gz", MOLECULES)
  end)

  it("any other .gz opens in the archive utility first", function()
    assert.handlers("backup.tar.gz", { UNZIPPER, MOLECULES, FILEBOX })
    assert.default_handler(".gz", UNZIPPER)
  end)
end)

describe("what-if: the lab ships its own viewer #whatif", function()
  it("a declared app claiming pdb exactly ranks between Owner and the text editor", function()
    uniform.declare_app {
      id = "org.proteinlab.viewer", platform = "ios",
      claims = { { types = { PDB }, role = "Viewer", rank = "Default" } },
    }
    assert.handlers(".pdb", { MOLECULES, "org.proteinlab.viewer", TEXTPAD })
  end)

  it("the declared app did not leak into the next test", function()
    assert.is_nil(uniform.app("org.proteinlab.viewer"))
    assert.handlers(".pdb", { MOLECULES, TEXTPAD })
  end)
end)

describe("checks", function()
  it("the suite's exports all carry a MIME type", function()
    assert.no_reports("export-needs-mime-type")
  end)

  it("an export without a MIME type is reported #whatif", function()
    uniform.export { id = "org.proteinlab.mmcif", conforms_to = { "public.plain-text" }, extensions = { "cif" } }
    assert.reports("export-needs-mime-type", { subject = "org.proteinlab.mmcif", severity = "error", message = "without a MIME type" })
  end)

  it("the standard rules flag Molecules' Owner claim on gzip", function()
    assert.reports("owner-without-export", { message = "org.gnu.gnu-zip-archive", severity = "warning" })
  end)

  it("the exposure to text editors is only a note, as .uniform.lua configures", function()
    assert.reports("exposed-private-type", { subject = PDB, severity = "note" })
    assert.exposed(PDB, { "com.sunsetlakesoftware.*" })
  end)
end)
