/// Decodes the base64 text of `<data>` elements, skipping the whitespace Apple's writer puts
/// between lines. Returns `nil` (and the offending offset) on a character that is not base64.
enum Base64Decoder {
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        return table
    }()

    /// `.failure(offset)` names the first byte (relative to `bytes`) that is not base64.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], Base64Error> {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = false
        for (offset, byte) in bytes.enumerated() {
            if ByteScanning.isWhitespace(byte) { continue }
            if byte == UInt8(ascii: "=") {
                padding = true
                continue
            }
            let value = table[Int(byte)]
            if value == 0xFF || padding { return .failure(Base64Error(offset: offset)) }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return .success(output)
    }

    struct Base64Error: Error {
        var offset: Int
    }
}
