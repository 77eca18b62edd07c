/// Chooses the format from the content, never from the file name: Info.plist files of every
/// format share the same name.
enum PlistFormatDetector {
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> PlistFormat {
        if bytes.count >= 8, let base = bytes.baseAddress,
            ByteScanning.matches("bplist00", in: base, at: 0, end: bytes.count)
        {
            return .binary
        }
        var i = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        // UTF-16 with a byte-order mark: look at the first non-space code unit.
        if bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)) {
            let bigEndian = bytes[0] == 0xFE
            var j = 2
            while j + 1 < bytes.count {
                let unit =
                    bigEndian
                    ? UInt16(bytes[j]) << 8 | UInt16(bytes[j + 1]) : UInt16(bytes[j + 1]) << 8 | UInt16(bytes[j])
                if unit == 0x20 || unit == 0x0A || unit == 0x0D || unit == 0x09 {
                    j += 2
                    continue
                }
                return unit == 0x3C ? .xml : .openStep
            }
            return .openStep
        }
        while i < bytes.count && ByteScanning.isWhitespace(bytes[i]) { i += 1 }
        // `<` also starts OpenStep `<hex data>`; XML is told apart by what follows.
        if i + 1 < bytes.count && bytes[i] == UInt8(ascii: "<") {
            let next = bytes[i + 1]
            let isHexData =
                (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
                || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "f")
                    && !startsWithName(bytes, at: i + 1))
                || ByteScanning.isWhitespace(next) || next == UInt8(ascii: ">")
            return isHexData ? .openStep : .xml
        }
        return .openStep
    }

    /// `<data>`, `<dict>`, `<array>`... start with a hex letter too; a name continues past
    /// the hex letters.
    private static func startsWithName(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var i = start
        while i < bytes.count {
            let byte = bytes[i] | 0x20
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
                if byte > UInt8(ascii: "f") { return true }
                i += 1
                continue
            }
            return false
        }
        return false
    }
}
