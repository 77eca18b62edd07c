extension String {
    /// `lowercased()`, without allocating when nothing changes — tags and identifiers are
    /// nearly always lowercase ASCII already, and the resolver normalises several per query.
    var lowercasedIfNeeded: String {
        // The bytes in one buffer: iterating `utf8` an index at a time cost more than the
        // check itself, on every tag of a world being built.
        let clean =
            utf8.withContiguousStorageIfAvailable { bytes in
                !bytes.contains { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }
            } ?? !utf8.contains { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }
        return clean ? self : lowercased()
    }
}
