import UniformCore

/// "Did you mean" for type identifiers: declared identifiers that share the last two
/// components (`com.bittorrent.torrent` → `org.bittorrent.torrent`) or are a few edits away.
enum SimilarTypes {
    static func suggestions(for identifier: String, in graph: TypeGraph, limit: Int = 3) -> [String] {
        let wanted = identifier.lowercased()
        let tail = wanted.split(separator: ".").suffix(2).joined(separator: ".")
        var scored: [(Int, String)] = []
        for id in graph.allIDs where graph.isDeclared(id) {
            let name = graph.identifier(id)
            let lower = name.lowercased()
            guard lower != wanted else { continue }
            if lower.split(separator: ".").suffix(2).joined(separator: ".") == tail {
                scored.append((0, name))
                continue
            }
            guard abs(lower.count - wanted.count) <= 3 else { continue }
            let distance = EditDistance.between(lower, wanted, limit: 3)
            if distance <= 3 { scored.append((distance, name)) }
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }
}
