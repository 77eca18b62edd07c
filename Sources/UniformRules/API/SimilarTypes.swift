import UniformCore

/// "Did you mean" for type identifiers: the declared identifiers an undeclared one plausibly
/// meant, best first, or none. Closeness alone is no evidence (`public.mp4` is one edit from
/// `public.mp2`, `public.opml` two from `public.html`): an identifier one or two edits from a
/// declared one is as often another format's real identifier as a typo. So a suggestion needs
/// one of these, in this order:
///
/// 1. A known alias: `aliases` below, or `public.<extension>` where a system type lists that
///    filename extension (`public.jpg` → `public.jpeg`, `public.gif` → `com.compuserve.gif`).
/// 2. The same letters and digits: only case, punctuation, spaces or invisible characters differ
///    (`public.mpeg4` → `public.mpeg-4`, `public.plain_text` → `public.plain-text`); or the same
///    words but for a kind word at the end (`public.png-image` → `public.png`).
/// 3. A typo inside one word: every other word (the parts between dots, dashes and underscores)
///    is the same, in the same place, so the vendor domain is kept, and the one word that differs
///    keeps its digits (`mp4` against `mp2` is another format) and changes no more than a slip of
///    the hand: for words of up to 4 letters an adjacent swap, a doubled letter or a dropped inner
///    vowel (`jpg`/`jpeg`, `tif`/`tiff`; not `opml`/`html`, `iso`/`disk`); up to 7 letters a swap
///    or one letter more or less, never another letter (`heifs`/`heics`); longer words two edits.
enum SimilarTypes {
    /// Identifiers observed in real Info.plists for a system type they do not name, where the
    /// same-word and extension tests cannot see it, keyed by their letters and digits (see
    /// `key`). Every entry names where it was seen: `Tests/UniformRulesTests/SimilarTypes.tsv`
    /// has the repositories.
    static let aliases: [String: String] = [
        // Microsoft's own names for the Office Open XML formats; the system's identifiers are the
        // openxmlformats ones (CoreTypes.catalog). Seen in Info.plists on GitHub.
        "commicrosoftworddocx": "org.openxmlformats.wordprocessingml.document",
        "commicrosoftexcelxlsx": "org.openxmlformats.spreadsheetml.sheet",
        "commicrosoftpowerpointpptx": "org.openxmlformats.presentationml.presentation",
        // Words in the other order.
        "publictextplain": "public.plain-text",
        // The Markdown type is net.daringfireball.markdown (UTType.markdown, see
        // AppleSupplement.catalog); sbarex/QLMarkdown claims public.markdown.
        "publicmarkdown": "net.daringfireball.markdown",
    ]

    /// At most `limit` declared identifiers that `identifier` plausibly meant, best first;
    /// `identifier` itself (in any case) is never one.
    static func suggestions(for identifier: String, in graph: TypeGraph, limit: Int = 3) -> [String] {
        let wanted = Shape(identifier)
        guard !wanted.key.isEmpty, limit > 0 else { return [] }
        var found: [(rank: Int, distance: Int, name: String)] = []
        func add(_ target: String, rank: Int) {
            guard let id = graph.id(of: target), graph.isDeclared(id) else { return }
            let name = graph.identifier(id)
            if name.lowercased() != wanted.lower { found.append((rank, 0, name)) }
        }
        if let alias = aliases[wanted.key] { add(alias, rank: 0) }
        if let system = systemType(forExtensionIn: wanted, graph) { add(system, rank: 0) }
        for id in graph.allIDs where graph.isDeclared(id) {
            let name = graph.identifier(id)
            let lower = name.lowercased()
            guard lower != wanted.lower, abs(lower.utf8.count - wanted.lower.utf8.count) <= 9 else { continue }
            let candidate = Shape(lower)
            if candidate.key == wanted.key {
                found.append((1, 0, name))
            } else if differsByKindWord(wanted.words, candidate.words) {
                found.append((1, 1, name))
            } else if let distance = typoDistance(wanted.words, candidate.words) {
                found.append((2, distance, name))
            }
        }
        // Ties in byte order, so the first suggestion never depends on load order.
        found.sort {
            ($0.rank, $0.distance) != ($1.rank, $1.distance)
                ? ($0.rank, $0.distance) < ($1.rank, $1.distance)
                : Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8))
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.name.lowercased()).inserted }.prefix(limit).map(\.name)
    }

    /// An identifier lowercased, its letters and digits alone, and its words.
    struct Shape {
        let lower: String
        let key: String
        let words: [Substring]

        init(_ identifier: String) {
            lower = identifier.lowercased()
            key = String(lower.filter(Self.isWordCharacter))
            words = lower.split(whereSeparator: { !Self.isWordCharacter($0) })
        }

        static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }
    }

    /// For `public.<extension>`: the system type the extension belongs to (the first in tag
    /// lookup order, as LaunchServices types a file), when the catalog has one.
    static func systemType(forExtensionIn wanted: Shape, _ graph: TypeGraph) -> String? {
        guard wanted.words.count == 2, wanted.words[0] == "public",
            wanted.lower == "public." + wanted.words[1]
        else { return nil }
        let tagged = graph.lookup(tag: String(wanted.words[1]), ofClass: "public.filename-extension")
        return
            tagged.first { graph.declaration($0)?.origin == .catalog }
            .map(graph.identifier)
    }

    /// The edits between two identifiers that differ in one word by a plausible slip, else nil.
    static func typoDistance(_ wanted: [Substring], _ candidate: [Substring]) -> Int? {
        guard wanted.count == candidate.count else { return nil }
        var differing: (Substring, Substring)?
        for (a, b) in zip(wanted, candidate) where a != b {
            guard differing == nil else { return nil }
            differing = (a, b)
        }
        guard let (a, b) = differing, a.filter(\.isNumber) == b.filter(\.isNumber) else { return nil }
        let x = Array(a), y = Array(b)
        if min(x.count, y.count) <= 4 {
            return isSwap(x, y) || isDoubling(x, y) || isDroppedVowel(x, y) ? 1 : nil
        }
        if isSwap(x, y) { return 1 }
        if min(x.count, y.count) <= 7 { return oneInserted(x, y) != nil ? 1 : nil }
        let distance = EditDistance.between(String(a), String(b), limit: 2)
        return distance <= 2 ? distance : nil
    }

    /// Two neighbouring letters swapped: `jpge` / `jpeg`.
    static func isSwap(_ x: [Character], _ y: [Character]) -> Bool {
        guard x.count == y.count else { return false }
        let at = x.indices.filter { x[$0] != y[$0] }
        return at.count == 2 && at[1] == at[0] + 1 && x[at[0]] == y[at[1]] && x[at[1]] == y[at[0]]
    }

    /// One word is the other with one letter written twice: `tif` / `tiff`.
    static func isDoubling(_ x: [Character], _ y: [Character]) -> Bool {
        guard let (long, at) = oneInserted(x, y) else { return false }
        return (at > 0 && long[at - 1] == long[at]) || (at + 1 < long.count && long[at + 1] == long[at])
    }

    /// One word is the other with a vowel inside it left out: `jpg` / `jpeg`, `txt` / `text`
    /// (not at either end: `wm` / `wma` are two formats).
    static func isDroppedVowel(_ x: [Character], _ y: [Character]) -> Bool {
        guard let (long, at) = oneInserted(x, y), at > 0, at < long.count - 1 else { return false }
        return "aeiou".contains(long[at])
    }

    /// Words that name a kind of content, which writers add to a format's name or leave off:
    /// `public.png-image` for `public.png`, `com.apple.m4a` for `com.apple.m4a-audio`.
    static let kindWords: Set<Substring> = ["image", "audio", "video", "movie", "text", "file", "document"]

    /// The same words, but for one kind word at the end of one of them.
    static func differsByKindWord(_ wanted: [Substring], _ candidate: [Substring]) -> Bool {
        let (short, long) = wanted.count < candidate.count ? (wanted, candidate) : (candidate, wanted)
        guard long.count == short.count + 1, short.count >= 2, let last = long.last else { return false }
        return kindWords.contains(last) && long.dropLast().elementsEqual(short)
    }

    /// When one word is the other with one character inserted: the longer, and where it went.
    static func oneInserted(_ x: [Character], _ y: [Character]) -> ([Character], Int)? {
        let (short, long) = x.count < y.count ? (x, y) : (y, x)
        guard long.count == short.count + 1 else { return nil }
        var at = 0
        while at < short.count && short[at] == long[at] { at += 1 }
        return short[at...] == long[(at + 1)...] ? (long, at) : nil
    }
}
