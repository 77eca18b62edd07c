import Foundation
import ZIPFoundation

/// Reads one archive member into memory within `ArchiveLimits`, never to disk.
///
/// The sizes in a zip's headers are claims: the reader checks them before inflating, stops as
/// soon as more bytes arrive than were declared, and checks the CRC at the end.
struct ArchiveMemberReader {
    let archive: Archive
    let limits: ArchiveLimits

    /// Why a member was not read; the message says what to do.
    struct Refusal: Error {
        var message: String
    }

    private struct Overflow: Error {}

    func read(_ entry: Entry) throws(Refusal) -> [UInt8] {
        let declared = entry.uncompressedSize
        let compressed = entry.compressedSize
        guard declared <= limits.maxMemberBytes else {
            throw Refusal(
                message:
                    "refused: it inflates to \(declared) bytes, over the \(limits.maxMemberBytes)-byte limit for a plist (a zip bomb, or not a manifest)"
            )
        }
        if declared > limits.ratioCheckFloor {
            guard compressed > 0, declared / compressed <= limits.maxCompressionRatio else {
                throw Refusal(
                    message:
                        "refused: it would inflate \(compressed) bytes to \(declared), a ratio over \(limits.maxCompressionRatio):1 (a zip bomb)"
                )
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(declared))
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                guard UInt64(bytes.count + chunk.count) <= declared else { throw Overflow() }
                bytes.append(contentsOf: chunk)
            }
        } catch is Overflow {
            throw Refusal(
                message:
                    "refused: it holds more than the \(declared) bytes its header declares (a damaged or hostile archive)"
            )
        } catch {
            throw Refusal(
                message: "cannot read it: the archive is damaged or truncated (\(error)); rebuild or download it again")
        }
        guard UInt64(bytes.count) == declared else {
            throw Refusal(
                message:
                    "cannot read it: \(bytes.count) of \(declared) bytes; the archive is truncated — rebuild or download it again"
            )
        }
        guard checksum == entry.checksum else {
            throw Refusal(
                message:
                    "cannot read it: the checksum does not match; the archive is damaged — rebuild or download it again"
            )
        }
        return bytes
    }
}
