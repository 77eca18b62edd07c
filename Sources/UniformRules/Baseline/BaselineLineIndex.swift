import Foundation

/// Where each `"fingerprint": "…"` value sits in a baseline file, built in one pass over its
/// bytes. Stale-entry findings point at an entry's line; searching the file once per entry was
/// quadratic, and a fingerprint written with a JSON escape (`"\u0030…"`) never matched its
/// decoded value, so every entry scanned to the end of the file (a 619 KB baseline: 70 s).
/// Values are compared decoded, and lines are handed out in file order.
struct BaselineLineIndex {
    /// Decoded fingerprint → its 1-based lines, ascending; `next` is how many were handed out.
    private var lines: [String: (lines: [Int], next: Int)] = [:]

    init(_ data: Data) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let key = Array("fingerprint".utf8)
            var line = 1
            var i = 0
            // After the key "fingerprint": waiting for its colon, then for its string value.
            var afterKey = false
            var afterColon = false
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    i += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    i += 1
                case UInt8(ascii: ":") where afterKey:
                    (afterKey, afterColon) = (false, true)
                    i += 1
                case UInt8(ascii: "\""):
                    // A string runs to the next quote not escaped; JSON strings hold no newline.
                    let start = i + 1
                    var end = start
                    var escaped = false
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
                        if bytes[end] == UInt8(ascii: "\\") {
                            escaped = true
                            end += 1
                        }
                        end += 1
                    }
                    let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<min(end, bytes.count)])
                    if afterColon {
                        if let value = Self.decode(raw, escaped: escaped) {
                            lines[value, default: ([], 0)].lines.append(line)
                        }
                        afterColon = false
                    } else {
                        afterKey = !escaped && raw.elementsEqual(key)
                    }
                    i = end + 1
                    if end < bytes.count, bytes[end] == UInt8(ascii: "\n") { line += 1 }
                default:
                    (afterKey, afterColon) = (false, false)
                    i += 1
                }
            }
        }
    }

    /// The first line holding `fingerprint` at or after `line` not handed out yet.
    mutating func line(of fingerprint: String, atOrAfter line: Int) -> Int? {
        guard var slot = lines.removeValue(forKey: fingerprint) else { return nil }
        defer { lines[fingerprint] = slot }
        while slot.next < slot.lines.count, slot.lines[slot.next] < line { slot.next += 1 }
        guard slot.next < slot.lines.count else { return nil }
        slot.next += 1
        return slot.lines[slot.next - 1]
    }

    private static func decode(_ raw: UnsafeRawBufferPointer, escaped: Bool) -> String? {
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String
    }
}
