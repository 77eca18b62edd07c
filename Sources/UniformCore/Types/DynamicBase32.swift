/// The base32 variant inside `dyn.a…` identifiers.
///
/// Alphabet `abcdefghkmnpqrstuvwxyz0123456789` (a–z without i, j, l, o, then digits); bits are
/// taken most significant first in 5-bit groups, a last partial group is padded with zero bits
/// on the right, and there is no `=` padding. This reproduces every identifier macOS has been
/// seen to produce (the right-padding is what other reimplementations get wrong).
enum DynamicBase32 {
    static let alphabet: [UInt8] = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)

    /// Letter → 5-bit value; 0xFF for bytes outside the alphabet. Upper case is accepted because
    /// identifiers compare ignoring case and the alphabet has no case-only distinctions.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, letter) in alphabet.enumerated() {
            table[Int(letter)] = UInt8(value)
            if letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") {
                table[Int(letter - 32)] = UInt8(value)
            }
        }
        return table
    }()

    static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                output.append(alphabet[Int((buffer >> UInt32(bitCount)) & 0x1F)])
            }
            buffer &= (1 << UInt32(bitCount)) - 1
        }
        if bitCount > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bitCount)) & 0x1F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes, or `nil` for a letter outside the alphabet or a non-canonical tail (a whole
    /// superfluous letter, i.e. 5 or more leftover bits, or nonzero padding bits).
    static func decode<Letters: Sequence>(_ letters: Letters) -> [UInt8]?
    where Letters.Element == UInt8 {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for letter in letters {
            let value = values[Int(letter)]
            guard value != 0xFF else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bitCount += 5
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bitCount)))
                buffer &= (1 << UInt32(bitCount)) - 1
            }
        }
        guard bitCount < 5, buffer == 0 else { return nil }
        return output
    }
}
