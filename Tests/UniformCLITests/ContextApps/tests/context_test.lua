-- uniform test's worlds hold the context apps: they answer, and nothing about them is reported.
describe("context apps", function()
  it("are in the world, marked", function()
    assert.is_true(uniform.app("com.vendor.viewer").context)
    assert.is_true(uniform.app("com.other.markdown").context)
    assert.is_false(uniform.app("com.acme.notes").context)
  end)

  it("take part in resolution", function()
    assert.opens_first(".md", "com.other.markdown")
  end)

  it("are not checked", function()
    for _, f in ipairs(fixture.findings()) do
      assert.is_nil(f.location and f.location.file:find("Vendor/", 1, true), f.rule .. ": " .. f.message)
    end
  end)
end)
