import Foundation

/// A zip's central directory as its bytes say, read beside ZIPFoundation to check what a hostile
/// archive can lie about before anything is inflated: entries that share bytes (one compressed
/// member listed under hundreds of names inflated 57 KB into 3.5 GB), duplicate names (the last
/// one silently won), and local headers that disagree with the central directory.
///
/// Layout from PKWARE's APPNOTE.TXT (4.3.6 overall format, 4.3.7 local header, 4.3.12 central
/// header, 4.3.14–4.3.16 ZIP64 end records, 4.5.3 ZIP64 extra field).
struct ZipLayout {
    struct Record {
        var name: String
        var nameLength: Int
        var offset: UInt64
        var compressed: UInt64
        var uncompressed: UInt64
        var flags: UInt16
    }

    typealias Refusal = ArchiveMemberReader.Refusal

    private(set) var records: [String: Record] = [:]
    private let file: FileHandle
    private let size: UInt64

    /// Reads the central directory and refuses overlapping entries and duplicate names.
    init(path: String, maxEntries: Int) throws(Refusal) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Refusal(message: "cannot open the archive") }
        file = handle
        do { size = try handle.seekToEnd() } catch { throw Refusal(message: "cannot read the archive's size") }
        let (offset, length, count) = try Self.directory(handle, size: size)
        guard count <= UInt64(maxEntries) else {
            throw Refusal(
                message: "refused: more than \(maxEntries) entries (ArchiveLimits.maxEntries); not an app archive")
        }
        let bytes = try Self.read(handle, at: offset, count: Int(length))
        var list: [Record] = []
        list.reserveCapacity(Int(count))
        var at = 0
        while at + 46 <= bytes.count, Self.u32(bytes, at) == 0x0201_4b50 {
            let nameLength = Int(Self.u16(bytes, at + 28)), extraLength = Int(Self.u16(bytes, at + 30)),
                commentLength = Int(Self.u16(bytes, at + 32))
            guard at + 46 + nameLength + extraLength + commentLength <= bytes.count else { break }
            var record = Record(
                name: String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self),
                nameLength: nameLength,
                offset: UInt64(Self.u32(bytes, at + 42)), compressed: UInt64(Self.u32(bytes, at + 20)),
                uncompressed: UInt64(Self.u32(bytes, at + 24)), flags: Self.u16(bytes, at + 8))
            Self.applyZip64(bytes, from: at + 46 + nameLength, length: extraLength, to: &record)
            list.append(record)
            at += 46 + nameLength + extraLength + commentLength
        }
        guard list.count == count else {
            throw Refusal(
                message:
                    "refused: the central directory lists \(list.count) readable entries but declares \(count) (a damaged or hostile archive)"
            )
        }
        for record in list {
            guard records.updateValue(record, forKey: record.name) == nil else {
                throw Refusal(
                    message:
                        "refused: the entry '\(record.name)' appears twice (which one a tool reads differs; a genuine .ipa has no duplicates)"
                )
            }
        }
        let sorted = list.sorted { $0.offset < $1.offset }
        for (a, b) in zip(sorted, sorted.dropFirst())
        where a.offset + 30 + UInt64(a.nameLength) + a.compressed > b.offset {
            throw Refusal(
                message:
                    "refused: the entries '\(a.name)' and '\(b.name)' share bytes (overlapping members, a zip bomb)")
        }
        if let last = sorted.last, last.offset + 30 + UInt64(last.nameLength) + last.compressed > offset {
            throw Refusal(
                message:
                    "refused: the entry '\(last.name)' runs into the central directory (a damaged or hostile archive)")
        }
    }

    /// Refuses a member whose local header names another file or, without a data descriptor,
    /// declares other sizes than the central directory (readers that trust one or the other
    /// would see different contents).
    func checkLocalHeader(of name: String) throws(Refusal) {
        guard let record = records[name] else { return } // a name ZIPFoundation decodes differently
        let header = try Self.read(file, at: record.offset, count: 30 + record.nameLength)
        guard header.count == 30 + record.nameLength, Self.u32(header, 0) == 0x0403_4b50 else {
            throw Refusal(
                message:
                    "refused: no local header where the central directory says '\(name)' starts (a damaged or hostile archive)"
            )
        }
        guard Int(Self.u16(header, 26)) == record.nameLength,
            String(decoding: header[30...], as: UTF8.self) == record.name
        else {
            throw Refusal(message: "refused: the local header of '\(name)' names another file (a hostile archive)")
        }
        let flags = Self.u16(header, 6)
        let compressed = UInt64(Self.u32(header, 18)), uncompressed = UInt64(Self.u32(header, 22))
        if flags & 0x8 == 0, compressed != 0xFFFF_FFFF, uncompressed != 0xFFFF_FFFF,
            compressed != record.compressed || uncompressed != record.uncompressed
        {
            throw Refusal(
                message:
                    "refused: the local header of '\(name)' declares other sizes than the central directory (a hostile archive)"
            )
        }
    }

    // MARK: - Bytes

    /// (offset, length, entry count) of the central directory, from the end records.
    private static func directory(_ handle: FileHandle, size: UInt64) throws(Refusal) -> (UInt64, UInt64, UInt64) {
        let tailLength = min(size, 22 + 65_535)
        let tail = try read(handle, at: size - tailLength, count: Int(tailLength))
        guard tail.count >= 22,
            let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { u32(tail, $0) == 0x0605_4b50 })
        else {
            throw Refusal(message: "not a zip archive: no end of central directory record")
        }
        var count = UInt64(u16(tail, end + 10)), length = UInt64(u32(tail, end + 12)),
            offset = UInt64(u32(tail, end + 16))
        // A ZIP64 locator is followed whenever present, saturated fields or not, as ZIPFoundation
        // does: checking only the 32-bit record let a forged locator reach its reader, which
        // trapped on the offset (found by fuzzing).
        if end >= 20, u32(tail, end - 20) == 0x0706_4b50 {
            let at = u64(tail, end - 20 + 8)
            guard size >= 56, at <= size - 56 else {
                throw Refusal(
                    message: "refused: the ZIP64 end record lies outside the file (a truncated or hostile archive)")
            }
            let record = try read(handle, at: at, count: 56)
            guard record.count == 56, u32(record, 0) == 0x0606_4b50 else {
                throw Refusal(message: "refused: a broken ZIP64 end record")
            }
            count = u64(record, 32)
            length = u64(record, 40)
            offset = u64(record, 48)
        }
        guard offset <= size, length <= size - offset, length <= 1 << 30 else {
            throw Refusal(
                message: "refused: the central directory lies outside the file (a truncated or hostile archive)")
        }
        return (offset, length, count)
    }

    /// ZIP64 extended information: the 64-bit values of the fields saturated in the header, in
    /// the order uncompressed, compressed, offset.
    private static func applyZip64(_ bytes: [UInt8], from start: Int, length: Int, to record: inout Record) {
        var at = start
        while at + 4 <= start + length {
            let id = u16(bytes, at), size = Int(u16(bytes, at + 2))
            guard at + 4 + size <= start + length else { return }
            if id == 0x0001 {
                var field = at + 4
                func next() -> UInt64? {
                    guard field + 8 <= at + 4 + size else { return nil }
                    defer { field += 8 }
                    return u64(bytes, field)
                }
                if record.uncompressed == 0xFFFF_FFFF, let v = next() { record.uncompressed = v }
                if record.compressed == 0xFFFF_FFFF, let v = next() { record.compressed = v }
                if record.offset == 0xFFFF_FFFF, let v = next() { record.offset = v }
                return
            }
            at += 4 + size
        }
    }

    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) throws(Refusal) -> [UInt8] {
        // Foundation traps on an offset past Int64.max (found by fuzzing: a ZIP64 locator
        // pointing at 2^64 - 2^33).
        guard offset <= UInt64(Int64.max) else {
            throw Refusal(message: "refused: an offset past the end of any file (a hostile archive)")
        }
        do {
            try handle.seek(toOffset: offset)
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        } catch {
            throw Refusal(message: "cannot read the archive: it is truncated or damaged")
        }
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 { UInt32(u16(b, at)) | UInt32(u16(b, at + 2)) << 16 }
    private static func u64(_ b: [UInt8], _ at: Int) -> UInt64 { UInt64(u32(b, at)) | UInt64(u32(b, at + 4)) << 32 }
}
