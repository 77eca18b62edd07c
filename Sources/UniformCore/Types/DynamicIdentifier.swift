/// A dynamic type identifier (`dyn.a…`): the identifier macOS makes up for a tag no declared type
/// claims, e.g. `dyn.ah62d4rv4ge81g6xy` for a `.srt` file on a Mac that knows no `srt` type.
///
/// Users paste these strings from `mdls` and logs, and the tool must produce the same strings
/// macOS would, so encoding and decoding follow macOS exactly:
/// 1. payload: `?0=<conformance>:` when a conformance is part of the request, then
///    `<class>=<tag>` pairs joined by `:`; well-known strings are replaced by short codes
///    (`DynamicShortCode`), and `:`, `=` and `\` inside names and values are backslash-escaped;
///    extension and MIME tags are lower-cased first (they match ignoring case);
/// 2. the payload's UTF-8 bytes in `DynamicBase32`;
/// 3. the prefix `dyn.a`.
/// Several conformances are written as several leading `0=` pairs — a form macOS has not been
/// observed to produce, chosen as the natural extension of the single-conformance one.
public struct DynamicIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// Every dynamic identifier starts with this (the `a` is a format letter; only `a` exists).
    public static let prefix = "dyn.a"

    /// Types the dynamic type conforms to (its only supertypes besides their own ancestors).
    public var conformsTo: [String]
    /// The tags it stands for, in payload order.
    public var tags: [DynamicTag]

    /// The identifier macOS gives an unclaimed tag, e.g. `(public.filename-extension, "srt",
    /// "public.data")` → `dyn.ah62d4rv4ge81g6xy`; with `conformingTo: nil` the payload has no
    /// conformance pair (`1=webvtt`), as with `UTTypeCreatePreferredIdentifierForTag(…, NULL)`.
    public init(tagClass: String, tag: String, conformingTo conformance: String?) {
        self.init(
            conformsTo: conformance.map { [$0] } ?? [],
            tags: [DynamicTag(tagClass: tagClass, tag: tag)])
    }

    /// A dynamic type with any conformances and tags; extension and MIME tags are lower-cased so
    /// that `SRT` and `srt` give one identifier, as they do on macOS.
    public init(conformsTo: [String], tags: [DynamicTag]) {
        self.conformsTo = conformsTo
        self.tags = tags.map { tag in
            TagClass.isCaseInsensitive(tag.tagClass)
                ? DynamicTag(tagClass: tag.tagClass, tag: tag.tag.lowercased()) : tag
        }
    }

    /// Decodes `dyn.a…` (prefix matched ignoring case, like any identifier). Returns `nil` for
    /// anything macOS could not have produced: other prefixes, letters outside the alphabet, a
    /// non-canonical tail, bytes that are not UTF-8, or a malformed payload. Tags are kept
    /// exactly as encoded (no lower-casing), so what the identifier says is what you get.
    public init?(decoding identifier: String) {
        let utf8 = Array(identifier.utf8)
        let prefix = Array(Self.prefix.utf8)
        guard utf8.count > prefix.count,
            zip(utf8, prefix).allSatisfy({ Self.asciiLowercased($0) == $1 }),
            let bytes = DynamicBase32.decode(utf8[prefix.count...]),
            let payload = Self.utf8String(bytes),
            let parsed = DynamicPayload.parse(payload)
        else { return nil }
        self.conformsTo = parsed.conformsTo
        self.tags = parsed.tags
    }

    /// Whether `identifier` is in the `dyn` domain (prefix `dyn.`, any case). Such identifiers
    /// are never declared, whether or not they decode.
    public static func isDynamic(_ identifier: String) -> Bool {
        let utf8 = identifier.utf8
        return utf8.count >= 4 && zip(utf8, "dyn.".utf8).allSatisfy { asciiLowercased($0) == $1 }
    }

    /// The payload text, e.g. `?0=6:1=srt`. It renders the stored values as they are (the
    /// initialisers already lower-cased what needs it), so decoding then encoding gives back
    /// the same identifier.
    public var payload: String {
        DynamicPayload.render(conformsTo: conformsTo, tags: tags)
    }

    /// The encoded identifier, e.g. `dyn.ah62d4rv4ge81g6xy`.
    public var identifier: String {
        Self.prefix + DynamicBase32.encode(payload.utf8)
    }

    public var description: String { identifier }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func utf8String(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
