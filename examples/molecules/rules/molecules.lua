-- The Protein Lab's house rules for the Molecules suite (seed 000).
--
-- Policies run in load order, each on the previous one's output. They may reorder, drop (with a
-- reason) or pin candidates, never add one; every change shows up in `uniform resolve --explain`.
--
-- A policy changes the list it is given in place (drop, pin, move, sort); it may also return a
-- new order as a list of bundle ids.

local PDB       = "com.sunsetlakesoftware.molecules.pdb"
local GZIP      = "org.gnu.gnu-zip-archive"
local MOLECULES = "com.sunsetlakesoftware.molecules"
local UNZIPPER  = "com.zipwerk.unzipper"

-- 1. A structure file is useless in an "open any file" viewer: it shows the raw atom records and
--    no model. Drop the wildcard matches (apps claiming public.data / public.item) for PDB files.
--    Text editors stay: they match through public.plain-text, and editing a PDB by hand is normal.
uniform.policy("pdb-no-generic-viewers", function(query, candidates)
  if not uniform.conforms(query.type, PDB) then return end
  for _, id in ipairs(candidates:ids()) do
    if candidates:find(id).match == "wildcard" then
      candidates:drop(id, "a generic file viewer cannot show a molecular structure")
    end
  end
end)

-- 2. Molecules claims Owner on *every* gzip archive (the seed lists org.gnu.gnu-zip-archive in its
--    one claim), so it would open backup.tar.gz too. LaunchServices only reads the last extension;
--    the lab decides from the whole name: "*.pdb.gz" is a compressed structure, so pin Molecules;
--    any other .gz goes to the archive utility first.
uniform.policy("gzip-by-full-name", function(query, candidates)
  if query.type ~= GZIP then return end
  if query.text:lower():find("%.pdb%.gz$") and candidates:find(MOLECULES) then
    candidates:pin(MOLECULES, "a .pdb.gz file is a compressed structure")
  elseif candidates:find(UNZIPPER) then
    candidates:move(UNZIPPER, 1)
  end
end)

-- 3. Mail hands attachments over by MIME type, so every type the lab's world exports must carry
--    one (UTTypeTagSpecification → public.mime-type). uniform.declarations() lists manifest
--    exports and what rules or tests declare with uniform.export / declare_app.
uniform.check {
  id = "export-needs-mime-type",
  severity = "error",
  description = "An exported type has no public.mime-type tag, so mail attachments never map to it.",
  example = "UTTypeTagSpecification = { public.filename-extension = (cif) } with no MIME type",
  run = function(report)
    for _, d in ipairs(uniform.declarations()) do
      local mime = d.tags["public.mime-type"]
      if d.kind == "exported" and not (mime and #mime > 0) then
        report { at = d.location, subject = d.id,
                 message = "'" .. d.id .. "' is exported without a MIME type; add public.mime-type to UTTypeTagSpecification" }
      end
    end
  end,
}
