/// One world size of the scaling benchmark: ours (load + build + one resolve) against
/// Foundation parsing the same files, each in a fresh child process.
struct ScalePoint {
    var apps: Int
    var bytes: Int
    var types: Int
    var seconds: Double
    var peakBytes: Int
    var foundationSeconds: Double
    var foundationPeakBytes: Int
}
