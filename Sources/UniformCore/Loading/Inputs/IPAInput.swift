import Foundation
import ZIPFoundation

/// An `.ipa` (a zip holding `Payload/*.app/…`), read in memory without unpacking.
///
/// Each app in `Payload/` is read like an `.app` folder (`BundleLayout`), and every location
/// names the archive: `MyApp.ipa!/Payload/MyApp.app/Info.plist:12:5`. A hostile or damaged
/// archive — entries that climb out with `../`, zip bombs, members sharing bytes or listed
/// twice, headers that disagree, truncation — is refused with an error naming the archive, and
/// nothing of it is used.
struct IPAInput {
    let path: String
    let displayPath: String
    let seed: String
    var limits = ArchiveLimits()

    func entries() -> [ManifestLoader.Entry] {
        do {
            return try read()
        } catch {
            return [.refusal(displayPath, error.message)]
        }
    }

    private func read() throws(ArchiveMemberReader.Refusal) -> [ManifestLoader.Entry] {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw .init(
                message:
                    "not a readable zip archive (\(error)): the file is truncated or not an .ipa; rebuild or download it again"
            )
        }
        let layout = try ZipLayout(path: path, maxEntries: limits.maxEntries)
        let tree = try index(archive)
        let apps = tree.children(of: "Payload").filter {
            InputKind.classify(name: $0, isDirectory: tree.node("Payload/" + $0) == .directory) == .bundle
        }
        guard !apps.isEmpty else {
            throw .init(
                message:
                    "no Payload/*.app in the archive: an .ipa holds its app under Payload/ (is this a zip of something else?)"
            )
        }
        let reader = ArchiveMemberReader(archive: archive, limits: limits)
        var entries: [ManifestLoader.Entry] = []
        var inflated: UInt64 = 0
        for app in apps {
            for found in BundleLayout.manifests(of: "Payload/" + app, in: tree) {
                switch found {
                case .manifest(let member, let nested):
                    let shown = displayPath + "!/" + member
                    guard let entry = tree.files[member] else { continue }
                    guard inflated + entry.uncompressedSize <= limits.maxTotalBytes else {
                        throw .init(
                            message:
                                "refused: its manifests would inflate to more than \(limits.maxTotalBytes) bytes in all (ArchiveLimits.maxTotalBytes; a zip bomb, or not an app archive)"
                        )
                    }
                    do {
                        try layout.checkLocalHeader(of: entry.path)
                        let bytes = try reader.read(entry)
                        inflated += UInt64(bytes.count)
                        entries.append(
                            ManifestLoader.Entry(
                                path: path, displayPath: shown, standInSeed: seed + "/" + member,
                                explicit: !nested, contents: .bytes(bytes), nested: nested))
                    } catch {
                        entries.append(.refusal(shown, error.message))
                    }
                case .refused(let member, let reason):
                    entries.append(.refusal(displayPath + "!/" + member, "refused: \(reason)"))
                }
            }
        }
        return entries
    }

    /// The archive's entries as a tree; refuses the whole archive on a name that could escape
    /// a folder if anyone unpacked it (`../x`, `/etc/x`, `C:\x`).
    private func index(_ archive: Archive) throws(ArchiveMemberReader.Refusal) -> ZipBundleTree {
        var tree = ZipBundleTree()
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.maxEntries else {
                throw .init(
                    message:
                        "refused: more than \(limits.maxEntries) entries (ArchiveLimits.maxEntries); not an app archive"
                )
            }
            let name = entry.path
            let components = name.split(omittingEmptySubsequences: true) { $0 == "/" || $0 == "\\" }
            if name.hasPrefix("/") || name.hasPrefix("\\") || components.contains("..")
                || components.first?.contains(":") == true
            {
                throw .init(
                    message:
                        "refused: the entry '\(name)' climbs out of the archive (path traversal); a genuine .ipa has no such names"
                )
            }
            tree.add(entry, path: components.filter { $0 != "." }.joined(separator: "/"))
        }
        return tree
    }
}
