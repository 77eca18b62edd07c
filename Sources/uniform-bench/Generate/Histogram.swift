/// An empirical distribution: values with their observed counts, sampled in proportion.
/// The counts are copied from measurements, so the code reads like the table it came from.
struct Histogram<Value: Sendable>: Sendable {
    private let values: [Value]
    private let cumulative: [Double]

    init(_ entries: [(Value, Double)]) {
        values = entries.map(\.0)
        var total = 0.0
        cumulative = entries.map {
            total += $0.1
            return total
        }
    }

    func sample(_ random: inout SeededGenerator) -> Value {
        let x = random.unit() * cumulative[cumulative.count - 1]
        var low = 0, high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] <= x { low = mid + 1 } else { high = mid }
        }
        return values[low]
    }
}
