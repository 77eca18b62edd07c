/// The 32-byte trailer at the end of a `bplist00` file, validated so that every later read can
/// rely on it: sizes are 1...8, the object count fits the file, the offset table lies inside
/// the file before the trailer, and the top object exists.
struct BinaryPlistTrailer {
    var offsetIntSize: Int
    var objectRefSize: Int
    var objectCount: Int
    var topObject: Int
    var offsetTableOffset: Int

    static let size = 32
    static let headerSize = 8

    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(BinaryPlistProblem) {
        let count = bytes.count
        guard count >= Self.headerSize + Self.size + 1 else {
            throw BinaryPlistProblem(
                offset: count,
                message: "binary plist is truncated: \(count) bytes, too short for a header, one object and a trailer")
        }
        let t = count - Self.size
        func uint64(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in 0..<8 { value = value << 8 | UInt64(bytes[at + i]) }
            return value
        }
        offsetIntSize = Int(bytes[t + 6])
        objectRefSize = Int(bytes[t + 7])
        let objects = uint64(t + 8), top = uint64(t + 16), table = uint64(t + 24)
        guard (1...8).contains(offsetIntSize) else {
            throw BinaryPlistProblem(
                offset: t + 6,
                message:
                    "invalid offset size \(offsetIntSize) in the binary plist trailer (expected 1...8); the file is damaged or truncated"
            )
        }
        guard (1...8).contains(objectRefSize) else {
            throw BinaryPlistProblem(
                offset: t + 7,
                message:
                    "invalid object reference size \(objectRefSize) in the binary plist trailer (expected 1...8); the file is damaged or truncated"
            )
        }
        // Each object needs an offset-table entry, so the count is bounded by the file size;
        // this check comes before anything is allocated from it.
        guard objects >= 1, objects <= UInt64(count / offsetIntSize) else {
            throw BinaryPlistProblem(
                offset: t + 8,
                message: "implausible object count \(objects) in the binary plist trailer for a \(count)-byte file")
        }
        objectCount = Int(objects)
        guard top < objects else {
            throw BinaryPlistProblem(
                offset: t + 16, message: "top object \(top) is out of range (the file has \(objects) objects)")
        }
        topObject = Int(top)
        guard table >= UInt64(Self.headerSize), table <= UInt64(t),
            UInt64(t) - table >= objects * UInt64(offsetIntSize)
        else {
            throw BinaryPlistProblem(
                offset: t + 24, message: "offset table at \(table) does not fit between the header and the trailer")
        }
        offsetTableOffset = Int(table)
    }
}

/// A binary-format problem at a byte offset; the reader turns it into a `PlistError`.
struct BinaryPlistProblem: Error {
    var offset: Int
    var message: String
}
