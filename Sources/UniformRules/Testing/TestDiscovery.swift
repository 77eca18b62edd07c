import Foundation

/// Finds policy test files: `*_test.lua` and `*_spec.lua` under the given paths, sorted so runs
/// are stable.
public enum TestDiscovery {
    public static func isTestFile(_ name: String) -> Bool {
        name.hasSuffix("_test.lua") || name.hasSuffix("_spec.lua")
    }

    /// Files named directly are kept even if their names do not match; directories are searched.
    public static func files(in paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            var found: [String] = []
            if let enumerator = fm.enumerator(atPath: path) {
                while let relative = enumerator.nextObject() as? String {
                    let name = (relative as NSString).lastPathComponent
                    if name.hasPrefix(".") && name != "." {
                        enumerator.skipDescendants()
                        continue
                    }
                    if isTestFile(name) { found.append(relative) }
                }
            }
            let base = path == "." ? "" : (path.hasSuffix("/") ? path : path + "/")
            files += found.sorted().map { base + $0 }
        }
        var seen = Set<String>()
        return (files.filter { seen.insert($0).inserted }, missing)
    }
}
