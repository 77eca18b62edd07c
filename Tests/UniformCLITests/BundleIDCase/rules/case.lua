-- Rules name apps in another case than their manifests (com.microsoft.VSCode,
-- com.apple.TextEdit, com.google.Chrome): Launch Services compares bundle ids ignoring case.
uniform.set_default { type = "public.json", app = "com.microsoft.vscode" }
uniform.hide { type = "public.html", only = { "COM.GOOGLE.*" }, reason = "pages open in the browser" }
uniform.policy("asked by the browser", function(query, candidates)
  -- query.from is the manifest's spelling, whatever case the caller wrote.
  if query.from == "com.google.Chrome" then candidates:pin("COM.MICROSOFT.VSCODE", "view source") end
end)
uniform.route(function(annotation, from, to)
  -- The ids arrive as the manifests spell them, whatever case the sender wrote.
  if from ~= "com.microsoft.VSCode" or to ~= "com.apple.TextEdit" then
    return false, "unexpected spelling: " .. from .. " to " .. to
  end
  return annotation
end)
