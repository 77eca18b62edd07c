import Foundation

/// Reads `bplist00` files.
///
/// Everything is read through bounds-checked helpers over the validated trailer. Counts read
/// from the file are checked against the bytes that remain before anything is allocated;
/// references are checked against the object count; the objects currently being decoded are
/// tracked so a reference cycle is an error rather than endless recursion; and depth is checked
/// before recursing. Strings are cached per object because keys are uniqued in the format.
struct BinaryPlistParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let trailer: BinaryPlistTrailer
    private let limits: PlistLimits
    /// Objects on the current decoding path (cycle detection).
    private var inProgress: [Bool]
    /// Where each object starts, or -1 (see `objectOffsets`).
    private let offsets: [Int]
    /// Per object: index into `strings` once decoded, else -1. Plain integers, so creating and
    /// freeing the table per file is cheap (an array of optionals was not).
    private var stringIndex: [Int32]
    private var strings: [String] = []
    private var decodedObjects = 0
    /// Reused for every UTF-16 string, so decoding one allocates only the `String`.
    private var utf16Scratch: [UInt16] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: PlistLimits) throws(BinaryPlistProblem) {
        self.bytes = bytes
        self.limits = limits
        trailer = try BinaryPlistTrailer(bytes)
        offsets = Self.objectOffsets(bytes, trailer)
        inProgress = [Bool](repeating: false, count: trailer.objectCount)
        stringIndex = [Int32](repeating: -1, count: trailer.objectCount)
        strings.reserveCapacity(trailer.objectCount / 2)
    }

    mutating func parse() throws(BinaryPlistProblem) -> PlistNode {
        try object(trailer.topObject, depth: 1)
    }

    // MARK: Low-level reads

    /// Big-endian unsigned integer of `size` (1...8) bytes at `at`, bounds-checked.
    @inline(__always)
    private func readUInt(_ at: Int, size: Int) throws(BinaryPlistProblem) -> UInt64 {
        guard at >= 0, size <= bytes.count, at <= bytes.count - size else {
            throw BinaryPlistProblem(offset: at, message: "read of \(size) bytes past the end of the file")
        }
        let raw = UnsafeRawPointer(bytes.baseAddress!) + at
        switch size {
        case 1: return UInt64(raw.load(as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: raw.loadUnaligned(as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)))
        case 8: return UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        default: break
        }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        return value
    }

    /// Every object's offset, read once (-1 where it lies outside the object area, refused only
    /// if the object is used): shared objects are visited once per use, and one array load is
    /// cheaper than decoding a 1–8 byte big-endian integer each time.
    private static func objectOffsets(_ bytes: UnsafeBufferPointer<UInt8>, _ trailer: BinaryPlistTrailer) -> [Int] {
        let size = trailer.offsetIntSize, table = trailer.offsetTableOffset
        let base = bytes.baseAddress!
        return [Int](unsafeUninitializedCapacity: trailer.objectCount) { buffer, initialized in
            for index in 0..<trailer.objectCount {
                // The trailer has checked that the whole table lies before it.
                let entry = UnsafeRawPointer(base + table + index * size)
                var raw: Int
                switch size {
                case 2: raw = Int(UInt16(bigEndian: entry.loadUnaligned(as: UInt16.self)))
                case 4: raw = Int(UInt32(bigEndian: entry.loadUnaligned(as: UInt32.self)))
                default:
                    raw = 0
                    for k in 0..<size { raw = raw << 8 | Int(entry.load(fromByteOffset: k, as: UInt8.self)) }
                }
                buffer[index] = raw >= BinaryPlistTrailer.headerSize && raw < table ? raw : -1
            }
            initialized = trailer.objectCount
        }
    }

    /// `index` is below the object count (checked by `reference(at:)` and the trailer).
    @inline(__always)
    private func offset(ofObject index: Int) throws(BinaryPlistProblem) -> Int {
        let at = offsets[index]
        guard at >= 0 else {
            let entry = trailer.offsetTableOffset + index * trailer.offsetIntSize
            let raw = (try? readUInt(entry, size: trailer.offsetIntSize)) ?? 0
            throw BinaryPlistProblem(
                offset: entry,
                message: "object \(index) has offset \(raw), outside the object area 8..<\(trailer.offsetTableOffset)")
        }
        return at
    }

    /// The object number stored at `at`. One- and two-byte references (every file below 65,536
    /// objects) are read directly.
    @inline(__always)
    private func reference(at: Int) throws(BinaryPlistProblem) -> Int {
        let raw: UInt64
        switch trailer.objectRefSize {
        case 1 where at >= 0 && at < bytes.count:
            raw = UInt64(bytes[at])
        case 2 where at >= 0 && at < bytes.count - 1:
            raw = UInt64(UInt16(bigEndian: UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt16.self)))
        default:
            raw = try readUInt(at, size: trailer.objectRefSize)
        }
        guard raw < UInt64(trailer.objectCount) else {
            throw BinaryPlistProblem(
                offset: at, message: "object reference \(raw) past the offset table (\(trailer.objectCount) objects)")
        }
        return Int(raw)
    }

    /// The element count of a marker whose low nibble is a count, or 0xF followed by an int object.
    /// Returns the count and where the payload starts; checks that `count * unit` bytes remain.
    /// (`unit` is at most 16 and a count at most the file size, so the product cannot overflow;
    /// a multiplication, not a division, because this runs for every string and container.)
    @inline(__always)
    private func count(marker at: Int, unit: Int) throws(BinaryPlistProblem) -> (count: Int, payload: Int) {
        let nibble = Int(bytes[at] & 0x0F)
        if nibble != 0x0F && nibble * unit <= trailer.offsetTableOffset - (at + 1) {
            return (nibble, at + 1)
        }
        return try longCount(marker: at, unit: unit)
    }

    private func longCount(marker at: Int, unit: Int) throws(BinaryPlistProblem) -> (count: Int, payload: Int) {
        let nibble = Int(bytes[at] & 0x0F)
        var count = nibble
        var payload = at + 1
        if nibble == 0x0F {
            guard payload < bytes.count else {
                throw BinaryPlistProblem(offset: at, message: "count past the end of the file")
            }
            let intMarker = bytes[payload]
            guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
                throw BinaryPlistProblem(
                    offset: payload,
                    message:
                        "invalid count: expected an integer object (0x10...0x13), found 0x\(String(intMarker, radix: 16))"
                )
            }
            let size = 1 << Int(intMarker & 0x0F)
            let raw = try readUInt(payload + 1, size: size)
            payload += 1 + size
            guard raw <= UInt64(bytes.count) else {
                throw BinaryPlistProblem(offset: at, message: "implausible count \(raw) for a \(bytes.count)-byte file")
            }
            count = Int(raw)
        }
        let available = trailer.offsetTableOffset - payload
        guard available >= 0, count * unit <= available else {
            throw BinaryPlistProblem(
                offset: at,
                message:
                    "count \(count) needs \(count * unit) bytes but only \(max(available, 0)) remain before the offset table"
            )
        }
        return (count, payload)
    }

    // MARK: Objects

    private mutating func object(_ index: Int, depth: Int) throws(BinaryPlistProblem) -> PlistNode {
        let at = try offset(ofObject: index)
        decodedObjects += 1
        if decodedObjects > limits.maxObjects {
            throw BinaryPlistProblem(
                offset: at,
                message:
                    "more than \(limits.maxObjects) objects (PlistLimits.maxObjects), counting shared objects each time they are used"
            )
        }
        let mark = Mark(readerOffset: at)
        let marker = bytes[at]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return PlistNode(.boolean(false), mark: mark)
            case 0x09: return PlistNode(.boolean(true), mark: mark)
            case 0x00: throw BinaryPlistProblem(offset: at, message: "null object: property lists have no null value")
            case 0x0F: throw BinaryPlistProblem(offset: at, message: "fill byte where an object was expected")
            default: break
            }
        case 0x1:
            let sizeLog = Int(marker & 0x0F)
            switch sizeLog {
            case 0, 1, 2:
                return PlistNode(.integer(Int64(try readUInt(at + 1, size: 1 << sizeLog))), mark: mark)
            case 3:
                return PlistNode(.integer(Int64(bitPattern: try readUInt(at + 1, size: 8))), mark: mark)
            case 4:
                let high = try readUInt(at + 1, size: 8), low = try readUInt(at + 9, size: 8)
                if high == 0 {
                    return PlistNode(
                        low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low), mark: mark)
                }
                if high == UInt64.max && Int64(bitPattern: low) < 0 {
                    return PlistNode(.integer(Int64(bitPattern: low)), mark: mark)
                }
                throw BinaryPlistProblem(offset: at, message: "128-bit integer out of the 64-bit range")
            default: break
            }
        case 0x2:
            switch marker & 0x0F {
            case 2:
                return PlistNode(.real(Double(Float(bitPattern: UInt32(try readUInt(at + 1, size: 4))))), mark: mark)
            case 3: return PlistNode(.real(Double(bitPattern: try readUInt(at + 1, size: 8))), mark: mark)
            default: break
            }
        case 0x3:
            if marker == 0x33 {
                let seconds = Double(bitPattern: try readUInt(at + 1, size: 8))
                return PlistNode(.date(Date(timeIntervalSinceReferenceDate: seconds)), mark: mark)
            }
        case 0x4:
            let (count, payload) = try count(marker: at, unit: 1)
            return PlistNode(.data(Array(UnsafeBufferPointer(rebasing: bytes[payload..<payload + count]))), mark: mark)
        case 0x5, 0x6:
            return PlistNode(.string(try string(index, at: at)), mark: mark)
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            guard size <= 8 else { break }
            return PlistNode(.uid(try readUInt(at + 1, size: size)), mark: mark)
        case 0xA, 0xC:
            let (count, payload) = try count(marker: at, unit: trailer.objectRefSize)
            try enter(index, at: at, depth: depth)
            var items: [PlistNode] = []
            items.reserveCapacity(count)
            for i in 0..<count {
                let child = try reference(at: payload + i * trailer.objectRefSize)
                items.append(try object(child, depth: depth + 1))
            }
            inProgress[index] = false
            return PlistNode(.array(items), mark: mark)
        case 0xD:
            let (count, payload) = try count(marker: at, unit: 2 * trailer.objectRefSize)
            try enter(index, at: at, depth: depth)
            var entries: [PlistEntry] = []
            entries.reserveCapacity(count)
            let valuesStart = payload + count * trailer.objectRefSize
            for i in 0..<count {
                let keyIndex = try reference(at: payload + i * trailer.objectRefSize)
                let keyAt = try offset(ofObject: keyIndex)
                guard bytes[keyAt] >> 4 == 0x5 || bytes[keyAt] >> 4 == 0x6 else {
                    throw BinaryPlistProblem(
                        offset: keyAt,
                        message: "dictionary key is not a string (marker 0x\(String(bytes[keyAt], radix: 16)))")
                }
                let key = try string(keyIndex, at: keyAt)
                let valueIndex = try reference(at: valuesStart + i * trailer.objectRefSize)
                let value = try object(valueIndex, depth: depth + 1)
                entries.append(PlistEntry(key: key, keyMark: Mark(readerOffset: keyAt), value: value))
            }
            inProgress[index] = false
            return PlistNode(.dictionary(PlistDictionary(entries: entries)), mark: mark)
        default:
            break
        }
        throw BinaryPlistProblem(
            offset: at, message: "unknown object marker 0x\(String(marker, radix: 16, uppercase: true))")
    }

    /// Marks a container as being decoded; refuses cycles and excessive depth.
    @inline(__always)
    private mutating func enter(_ index: Int, at: Int, depth: Int) throws(BinaryPlistProblem) {
        if inProgress[index] {
            throw BinaryPlistProblem(offset: at, message: "object \(index) contains itself (reference cycle)")
        }
        if depth > limits.maxDepth {
            throw BinaryPlistProblem(
                offset: at, message: "nesting deeper than \(limits.maxDepth) levels (PlistLimits.maxDepth)")
        }
        inProgress[index] = true
    }

    private mutating func string(_ index: Int, at: Int) throws(BinaryPlistProblem) -> String {
        let cached = Int(stringIndex[index])
        if cached >= 0 { return strings[cached] }
        let isASCII = bytes[at] >> 4 == 0x5
        let (count, payload) = try count(marker: at, unit: isASCII ? 1 : 2)
        let result: String
        if isASCII {
            let slice = UnsafeBufferPointer(rebasing: bytes[payload..<payload + count])
            // ASCII strings are often really Latin-1 in files made by old tools; decoding as
            // UTF-8 is correct for pure ASCII and repairs anything else visibly.
            if ByteScanning.isASCII(slice) {
                let base = bytes.baseAddress!
                if count < 16 {
                    result = SmallString.make(base, from: payload, count: count, end: bytes.count)
                } else {
                    let hash = StringInterner.hash(base, from: payload, count: count)
                    result =
                        WellKnownStrings.shared.string(base, from: payload, count: count, hash: hash)
                        ?? String(decoding: slice, as: UTF8.self)
                }
            } else {
                result = String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))
            }
        } else {
            utf16Scratch.removeAll(keepingCapacity: true)
            for i in 0..<count {
                utf16Scratch.append(UInt16(bytes[payload + 2 * i]) << 8 | UInt16(bytes[payload + 2 * i + 1]))
            }
            result = String(decoding: utf16Scratch, as: UTF16.self)
        }
        stringIndex[index] = Int32(truncatingIfNeeded: strings.count)
        strings.append(result)
        return result
    }
}
