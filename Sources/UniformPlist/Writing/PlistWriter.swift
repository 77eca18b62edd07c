import Foundation

/// Writes property lists as XML (round trips, `uniform plist --format xml`).
public enum PlistWriter {
    /// Apple-style XML: the usual header and DOCTYPE, tab indentation, `&`, `<` and `>`
    /// escaped, reals in their shortest round-trip form (`nan`, `inf`, `-inf`), dates in ISO 8601
    /// with `Z`, data as wrapped base64. Foundation and this module read the output back to the
    /// same values. UIDs, which XML cannot express, are written as `{CF$UID = n}` dictionaries,
    /// as Foundation does.
    public static func xml(_ root: PlistNode) -> String {
        var output = XMLPlistOutput()
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.append(
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        )
        output.append("<plist version=\"1.0\">\n")
        output.write(root.value, indent: 0)
        output.append("</plist>\n")
        return output.text
    }
}
