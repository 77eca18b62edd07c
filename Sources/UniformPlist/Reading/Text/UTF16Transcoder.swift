/// Converts UTF-16 text plists (which always start with a byte-order mark) to UTF-8 so that one
/// byte parser serves both. Marks in such files are positions in the UTF-8 form: lines are the
/// same, columns count UTF-8 bytes, and offsets are offsets in the transcoded text.
enum UTF16Transcoder {
    /// `nil` when the bytes do not start with a UTF-16 byte-order mark.
    static func transcodeIfUTF16(_ bytes: UnsafeBufferPointer<UInt8>) throws(TextValidator.Problem) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        let bigEndian: Bool
        if bytes[0] == 0xFE && bytes[1] == 0xFF {
            bigEndian = true
        } else if bytes[0] == 0xFF && bytes[1] == 0xFE {
            bigEndian = false
        } else {
            return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 2
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        if i < bytes.count {
            throw TextValidator.Problem(offset: i, message: "odd number of bytes in a UTF-16 file")
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var unitIndex = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                UTF8.encode(scalar) { output.append($0) }
                unitIndex += scalar.value > 0xFFFF ? 2 : 1
            case .emptyInput:
                return output
            case .error:
                throw TextValidator.Problem(offset: 2 + unitIndex * 2, message: "invalid UTF-16 (unpaired surrogate)")
            }
        }
    }
}
