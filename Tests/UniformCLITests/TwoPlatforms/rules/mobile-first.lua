-- A policy written as if every candidate were on one device: it pins the first iOS app it
-- meets in `pairs` order. Run over one merged list it put an iOS app ahead of the Mac app on
-- macOS (issue 30); per platform, the macOS answer has no iOS app to pin.
seen = {}

uniform.policy("mobile first", function(q, candidates)
  local ids, mobile = {}, nil
  for _, c in pairs(candidates) do
    ids[#ids + 1] = c.bundle_id
    if not mobile and c.bundle_id:find("iOS", 1, true) then mobile = c.bundle_id end
  end
  if mobile then candidates:pin(mobile, "mobile first") end
  table.sort(ids)
  seen[#seen + 1] = tostring(q.platform) .. ": " .. table.concat(ids, " ")
end)
