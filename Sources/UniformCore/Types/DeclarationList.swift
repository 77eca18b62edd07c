/// Every declaration of a world once, in load order, left in the arrays it came in (the
/// catalog's, each app's exports and imports, the rules'). The type graph refers to
/// declarations by load position; copying a world of 100,000 apps' 450,000 declarations into
/// one array retained every string and array of every declaration, most of which the graph
/// never reads, and kept a second copy of each.
struct DeclarationList: Sendable {
    /// Non-empty arrays only.
    let segments: [[TypeDeclaration]]
    /// The segment of each load position, and where each segment starts.
    private let segmentOf: [Int32]
    private let segmentStart: [Int32]

    init(_ all: [[TypeDeclaration]]) {
        var segments: [[TypeDeclaration]] = []
        var segmentStart: [Int32] = []
        var total = 0
        for segment in all where !segment.isEmpty {
            segmentStart.append(Int32(total))
            total += segment.count
            segments.append(segment)
        }
        var segmentOf = [Int32](repeating: 0, count: total)
        for s in segments.indices {
            let start = Int(segmentStart[s])
            for i in start..<start + segments[s].count { segmentOf[i] = Int32(s) }
        }
        self.segments = segments
        self.segmentOf = segmentOf
        self.segmentStart = segmentStart
    }

    var count: Int { segmentOf.count }

    /// Segment and offset of a load position.
    func position(_ order: Int) -> (segment: Int32, offset: Int32) {
        let s = segmentOf[order]
        return (s, Int32(order) - segmentStart[Int(s)])
    }

    subscript(order: Int) -> TypeDeclaration {
        _read {
            let s = Int(segmentOf[order])
            yield segments[s][order - Int(segmentStart[s])]
        }
    }
}
