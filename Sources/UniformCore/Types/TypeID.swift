/// An interned type identifier: an index into the type graph's tables.
///
/// Resolution and conformance run on these small integers rather than on strings, so the
/// hot paths compare integers and the case-insensitive string work happens once, at build.
public struct TypeID: Hashable, Sendable, Comparable {
    public let raw: Int32

    public init(_ raw: Int32) { self.raw = raw }
    init(_ index: Int) { self.raw = Int32(index) }

    @inlinable var index: Int { Int(raw) }

    public static func < (a: TypeID, b: TypeID) -> Bool { a.raw < b.raw }
}

/// One supertype of a type: its id, its breadth-first distance, and the type through which
/// it was first reached (for the conformance path shown in explanations).
public struct Ancestor: Hashable, Sendable {
    public var id: TypeID
    public var distance: Int
    /// `nil` for the type itself (distance 0).
    public var via: TypeID?
}
