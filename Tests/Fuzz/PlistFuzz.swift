// libFuzzer entry point for the plist readers. Not part of any SwiftPM target: it is compiled
// by hand together with the module's sources (see README.md), so it can force one parser.
//
//   -D FUZZ_XML       XML parser only
//   -D FUZZ_BINARY    bplist00 parser only
//   -D FUZZ_OPENSTEP  OpenStep parser only
//   (none)            format detection, as `PlistReader.read(bytes:)` does
//
// Any error other than `PlistError` is a bug; so is any crash, hang or sanitizer report.

@_cdecl("LLVMFuzzerTestOneInput")
public func plistFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    #if FUZZ_XML
    let format: PlistFormat? = .xml
    #elseif FUZZ_BINARY
    let format: PlistFormat? = .binary
    #elseif FUZZ_OPENSTEP
    let format: PlistFormat? = .openStep
    #else
    let format: PlistFormat? = nil
    #endif
    var limits = PlistLimits()
    limits.maxObjects = 100_000 // keep each run small; the limit itself is what is tested
    do {
        let document = try PlistReader.read(bytes: bytes, file: "fuzz", limits: limits, format: format)
        // (UTF-16 files are read as transcoded UTF-8; their marks count those bytes.)
        let isUTF16 = size >= 2 && (bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE)
        if document.format != .binary && !isUTF16 { checkMarks(document, bytes) }
        // Exercise the writer and the reader on its output too: it must read back equal.
        if case .xml = document.format, size < 4096 {
            let text = PlistWriter.xml(document.root)
            let again = try PlistReader.read(bytes: Array(text.utf8), file: "fuzz-roundtrip")
            if !again.root.isStructurallyEqual(to: document.root) {
                fatalError("writer round trip differs")
            }
        }
    } catch {
        // Expected: bad input is reported as PlistError.
    }
    return 0
}

/// Every mark of a text plist must agree with a plain count of newlines (the XML reader counts
/// lines as it moves, along several paths).
func checkMarks(_ document: PlistDocument, _ bytes: UnsafeBufferPointer<UInt8>) {
    var lines = [Int](repeating: 1, count: bytes.count + 1), starts = [Int](repeating: 0, count: bytes.count + 1)
    var line = 1, start = 0
    for i in 0...bytes.count {
        lines[i] = line
        starts[i] = start
        if i < bytes.count && bytes[i] == 0x0A {
            line += 1
            start = i + 1
        }
    }
    func check(_ mark: Mark) {
        let offset = mark.offset
        guard offset <= bytes.count, mark.line == lines[offset], mark.column == offset - starts[offset] + 1 else {
            fatalError("mark \(mark) at offset \(offset) disagrees with the newline count")
        }
    }
    func walk(_ node: PlistNode) {
        check(node.mark)
        switch node.value {
        case .dictionary(let dictionary):
            for entry in dictionary.entries {
                check(entry.keyMark)
                walk(entry.value)
            }
        case .array(let items):
            items.forEach(walk)
        default:
            break
        }
    }
    walk(document.root)
    (document.comments + document.strayText).forEach { check($0.mark) }
}
