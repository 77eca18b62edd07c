/// Writes property lists as XML (round trips, `uniform plist --format xml`).
public enum PlistWriter {
    /// TEMPORARY placeholder until the writer lands.
    public static func xml(_ root: PlistNode) -> String {
        fatalError("PlistWriter.xml is not implemented yet")
    }
}
