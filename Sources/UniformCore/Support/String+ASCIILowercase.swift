extension String {
    /// `lowercased()`, without allocating when nothing changes — tags and identifiers are
    /// nearly always lowercase ASCII already, and the resolver normalises several per query.
    var lowercasedIfNeeded: String {
        for byte in utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) {
            return lowercased()
        }
        return self
    }
}
