import UniformCore

/// "Did you mean" for type identifiers: declared identifiers that share the last two
/// components (`com.bittorrent.torrent` → `org.bittorrent.torrent`) or are a few edits away.
/// Among equally near ones, one that differs only in punctuation comes first: `public.mpeg4`
/// is one edit from both `public.mpeg` and `public.mpeg-4`, and meant the second.
enum SimilarTypes {
    static func suggestions(for identifier: String, in graph: TypeGraph, limit: Int = 3) -> [String] {
        let wanted = identifier.lowercased()
        let tail = wanted.split(separator: ".").suffix(2).joined(separator: ".")
        func alphanumerics(_ s: String) -> String { s.filter { $0.isLetter || $0.isNumber } }
        let wantedAlphanumerics = alphanumerics(wanted)
        var scored: [(Int, Int, String)] = []
        for id in graph.allIDs where graph.isDeclared(id) {
            let name = graph.identifier(id)
            let lower = name.lowercased()
            guard lower != wanted else { continue }
            if lower.split(separator: ".").suffix(2).joined(separator: ".") == tail {
                scored.append((0, 0, name))
                continue
            }
            guard abs(lower.count - wanted.count) <= 3 else { continue }
            let distance = EditDistance.between(lower, wanted, limit: 3)
            if distance <= 3 { scored.append((distance, alphanumerics(lower) == wantedAlphanumerics ? 0 : 1, name)) }
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.2)
    }
}
