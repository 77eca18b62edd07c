import Foundation

/// Parses the dates of XML plists (`2024-01-02T03:04:05Z`) without `DateFormatter`, which is
/// slow to create and locale-sensitive. Also accepts a fractional second and a `±hh:mm` offset,
/// which some hand-written files use.
enum ISO8601DateParser {
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        let n = text.count
        func number(_ digits: Int) -> Int? {
            guard i + digits <= n else { return nil }
            var value = 0
            for _ in 0..<digits {
                let d = text[i] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                value = value * 10 + Int(d)
                i += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < n, text[i] == byte else { return false }
            i += 1
            return true
        }
        var negativeYear = false
        if i < n && text[i] == UInt8(ascii: "-") {
            negativeYear = true
            i += 1
        }
        guard var year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2)
        else { return nil }
        if negativeYear { year = -year }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offsetSeconds = 0
        if i < n {
            guard expect(UInt8(ascii: "T")), let h = number(2), expect(UInt8(ascii: ":")), let m = number(2),
                expect(UInt8(ascii: ":")), let s = number(2)
            else { return nil }
            hour = h
            minute = m
            second = s
            if i < n && text[i] == UInt8(ascii: ".") {
                i += 1
                var scale = 0.1
                let start = i
                while i < n, text[i] &- UInt8(ascii: "0") < 10 {
                    fraction += Double(text[i] - UInt8(ascii: "0")) * scale
                    scale /= 10
                    i += 1
                }
                if i == start { return nil }
            }
            if expect(UInt8(ascii: "Z")) {
            } else if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = number(2) else { return nil }
                _ = expect(UInt8(ascii: ":"))
                guard let om = number(2) else { return nil }
                offsetSeconds = sign * (oh * 3600 + om * 60)
            } else {
                return nil
            }
        }
        guard i == n, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
