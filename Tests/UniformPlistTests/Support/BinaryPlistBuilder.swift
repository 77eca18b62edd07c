/// Builds `bplist00` files object by object, so tests can make valid files with exotic
/// objects and damaged ones (cycles, bad offsets, absurd counts) that no writer produces.
struct BinaryPlistBuilder {
    var objects: [[UInt8]] = []
    var refSize = 1

    /// Adds an object's bytes and returns its index.
    @discardableResult
    mutating func add(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    func ref(_ index: Int) -> [UInt8] {
        Self.bigEndian(UInt64(index), size: refSize)
    }

    static func marker(_ high: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [high << 4 | UInt8(count)] }
        return [high << 4 | 0x0F, 0x13] + bigEndian(UInt64(count), size: 8)
    }

    static func ascii(_ string: String) -> [UInt8] {
        marker(0x5, count: string.utf8.count) + Array(string.utf8)
    }

    static func utf16(_ string: String) -> [UInt8] {
        let units = Array(string.utf16)
        return marker(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static func int(_ value: Int64) -> [UInt8] {
        [0x13] + bigEndian(UInt64(bitPattern: value), size: 8)
    }

    func array(_ items: [Int], marker high: UInt8 = 0xA) -> [UInt8] {
        Self.marker(high, count: items.count) + items.flatMap { ref($0) }
    }

    func dictionary(_ pairs: [(Int, Int)]) -> [UInt8] {
        Self.marker(0xD, count: pairs.count) + pairs.flatMap { ref($0.0) } + pairs.flatMap { ref($0.1) }
    }

    /// The whole file; `offsetOverride` replaces entries of the offset table.
    func build(
        top: Int = 0, offsetSize: Int? = nil, objectCountOverride: UInt64? = nil,
        offsetOverride: [Int: UInt64] = [:]
    ) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(file.count))
            file += object
        }
        let tableOffset = file.count
        let size = offsetSize ?? (file.count < 256 ? 1 : file.count < 65_536 ? 2 : 4)
        for (index, offset) in offsets.enumerated() {
            file += Self.bigEndian(offsetOverride[index] ?? offset, size: size)
        }
        file += [0, 0, 0, 0, 0, 0, UInt8(size), UInt8(refSize)]
        file += Self.bigEndian(objectCountOverride ?? UInt64(objects.count), size: 8)
        file += Self.bigEndian(UInt64(top), size: 8)
        file += Self.bigEndian(UInt64(tableOffset), size: 8)
        return file
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }
}
