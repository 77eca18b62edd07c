/// A tiny indenting XML writer, so the JUnit reporters cannot forget to escape or close.
struct XMLWriter {
    private(set) var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []
    /// Set between a start tag and its first child, so an element left empty closes as `<x/>`.
    private var openedEmpty = false

    /// `<name a="1">`; attributes with nil values are left out.
    mutating func start(_ name: String, _ attributes: [(String, String?)] = []) {
        output += indent + "<" + name + Self.render(attributes) + ">\n"
        open.append(name)
        openedEmpty = true
    }

    /// `<name a="1"/>`, or `<name a="1">text</name>` when there is text.
    mutating func element(_ name: String, _ attributes: [(String, String?)] = [], text: String? = nil) {
        openedEmpty = false
        if let text {
            output += indent + "<" + name + Self.render(attributes) + ">" + XMLEscaping.text(text) + "</" + name + ">\n"
        } else {
            output += indent + "<" + name + Self.render(attributes) + "/>\n"
        }
    }

    mutating func end() {
        let name = open.removeLast()
        if openedEmpty {
            output.removeLast(2)
            output += "/>\n"
        } else {
            output += indent + "</" + name + ">\n"
        }
        openedEmpty = false
    }

    private var indent: String { String(repeating: "  ", count: open.count) }

    private static func render(_ attributes: [(String, String?)]) -> String {
        attributes.reduce(into: "") { out, attribute in
            guard let value = attribute.1 else { return }
            out += " " + attribute.0 + "=\"" + XMLEscaping.attribute(value) + "\""
        }
    }
}
