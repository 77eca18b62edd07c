/// Parses integer text (`<integer>` in XML) into the plist integer cases: decimal or `0x` hex,
/// optional sign, the full `Int64` range plus unsigned values up to `UInt64.max`.
enum IntegerText {
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> PlistValue? {
        var start = 0, end = text.count
        while start < end, ByteScanning.isWhitespace(text[start]) { start += 1 }
        while end > start, ByteScanning.isWhitespace(text[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var negative = false
        if text[start] == UInt8(ascii: "-") || text[start] == UInt8(ascii: "+") {
            negative = text[start] == UInt8(ascii: "-")
            start += 1
        }
        var radix: UInt64 = 10
        if end - start > 2, text[start] == UInt8(ascii: "0"), text[start + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            start += 2
        }
        guard start < end else { return nil }
        var magnitude: UInt64 = 0
        for i in start..<end {
            let byte = text[i]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            let (product, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = product.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .integer(Int64.min) }
            return nil
        }
        if magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
        return .unsignedInteger(magnitude)
    }
}
