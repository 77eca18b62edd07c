import Foundation

/// Draws time and peak memory against the number of apps as a small SVG (two panels,
/// log-log axes so that linear growth is a straight line of slope 1, uniform beside Foundation).
enum ScalingPlot {
    static func svg(_ points: [ScalePoint]) -> String {
        let width = 900.0, height = 380.0
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        out += panel(
            title: "load + build + one resolve (s)", x0: 60, points: points,
            ours: points.map(\.seconds), theirs: points.map(\.foundationSeconds), unit: "s")
        out += panel(
            title: "peak memory (MB)", x0: 510, points: points,
            ours: points.map { Double($0.peakBytes) / 1e6 },
            theirs: points.map { Double($0.foundationPeakBytes) / 1e6 }, unit: "MB")
        out += """
            <line x1="60" y1="360" x2="90" y2="360" stroke="#1f77b4" stroke-width="2"/><text x="95" y="364">uniform (parallel load + world build)</text>
            <line x1="360" y1="360" x2="390" y2="360" stroke="#d62728" stroke-width="2" stroke-dasharray="5,3"/><text x="395" y="364">Foundation PropertyListSerialization (parse only)</text>
            </svg>

            """
        return out
    }

    private static func panel(
        title: String, x0: Double, points: [ScalePoint], ours: [Double], theirs: [Double], unit: String
    ) -> String {
        let w = 360.0, h = 260.0, y0 = 40.0
        let xs = points.map { log10(Double($0.apps)) }
        let all = (ours + theirs).filter { $0 > 0 }
        guard let minX = xs.min(), let maxX = xs.max(), let lo = all.min(), let hi = all.max(), maxX > minX else {
            return ""
        }
        let minY = floor(log10(lo)), maxY = ceil(log10(hi)) == floor(log10(lo)) ? floor(log10(lo)) + 1 : ceil(log10(hi))
        func px(_ x: Double) -> Double { x0 + (x - minX) / (maxX - minX) * w }
        func py(_ v: Double) -> Double { y0 + h - (log10(max(v, 1e-9)) - minY) / (maxY - minY) * h }
        var s = "<text x=\"\(x0)\" y=\"\(y0 - 12)\" font-weight=\"bold\">\(title)</text>\n"
        s += "<line x1=\"\(x0)\" y1=\"\(y0 + h)\" x2=\"\(x0 + w)\" y2=\"\(y0 + h)\" stroke=\"black\"/>\n"
        s += "<line x1=\"\(x0)\" y1=\"\(y0)\" x2=\"\(x0)\" y2=\"\(y0 + h)\" stroke=\"black\"/>\n"
        for (i, p) in points.enumerated() {
            s +=
                "<line x1=\"\(px(xs[i]))\" y1=\"\(y0 + h)\" x2=\"\(px(xs[i]))\" y2=\"\(y0 + h + 5)\" stroke=\"black\"/>"
            s += "<text x=\"\(px(xs[i]))\" y=\"\(y0 + h + 18)\" text-anchor=\"middle\">\(p.apps) apps</text>\n"
        }
        var decade = minY
        while decade <= maxY {
            let y = y0 + h - (decade - minY) / (maxY - minY) * h
            s += "<line x1=\"\(x0)\" y1=\"\(y)\" x2=\"\(x0 + w)\" y2=\"\(y)\" stroke=\"#ddd\"/>"
            s += "<text x=\"\(x0 - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">\(format(pow(10, decade)))</text>\n"
            decade += 1
        }
        func line(_ values: [Double], color: String, dash: String) -> String {
            let coords = zip(xs, values).map { "\(px($0.0)),\(py($0.1))" }.joined(separator: " ")
            var l = "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" \(dash) points=\"\(coords)\"/>\n"
            for (x, v) in zip(xs, values) {
                l += "<circle cx=\"\(px(x))\" cy=\"\(py(v))\" r=\"3\" fill=\"\(color)\"/>"
                l += "<text x=\"\(px(x) + 5)\" y=\"\(py(v) - 5)\" fill=\"\(color)\">\(format(v)) \(unit)</text>\n"
            }
            return l
        }
        s += line(theirs, color: "#d62728", dash: "stroke-dasharray=\"5,3\"")
        s += line(ours, color: "#1f77b4", dash: "")
        return s
    }

    private static func format(_ v: Double) -> String {
        v >= 100 ? String(format: "%.0f", v) : v >= 1 ? String(format: "%.3g", v) : String(format: "%.2g", v)
    }
}
