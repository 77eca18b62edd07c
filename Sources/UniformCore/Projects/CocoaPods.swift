/// Files CocoaPods writes into a project (`pod install`), which repositories commonly leave out
/// of version control (`Pods/` in .gitignore): their absence is the checkout's, not a defect.
enum CocoaPods {
    /// `Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig` and the like.
    static func writes(_ path: String) -> Bool {
        path.contains("Pods/Target Support Files/") || path.hasPrefix("Target Support Files/")
            || path == "Pods/Pods.xcodeproj" || path.hasSuffix("/Pods/Pods.xcodeproj")
    }
}
