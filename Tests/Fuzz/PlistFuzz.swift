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
    limits.maxObjects = 100_000  // keep each run small; the limit itself is what is tested
    do {
        let document = try PlistReader.read(bytes: bytes, file: "fuzz", limits: limits, format: format)
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
