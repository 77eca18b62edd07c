import Foundation
import UniformCore
import UniformRules

/// The whole-run attacks of a hostile pull request, generated here and checked each in a fresh
/// child process (`uniform-bench hostile-one DIR`): wall time and peak memory, with the healthy
/// run over the 56 real manifests, measured the same way in the same run, as the baseline.
/// The tests hold loose bounds; these are the figures.
func runHostileBenchmark(sharedDirectory: String, workDirectory: String) {
    let root = workDirectory + "/hostile"
    try? FileManager.default.removeItem(atPath: root)
    var cases: [(name: String, directory: String)] = []
    func add(_ name: String, _ files: [(String, Data)]) {
        let directory = root + "/" + name
        for (path, data) in files {
            let url = URL(fileURLWithPath: directory + "/" + path)
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: url)
        }
        cases.append((name, directory))
    }
    let baseline = root + "/baseline"
    try? FileManager.default.createDirectory(atPath: baseline, withIntermediateDirectories: true)
    for file in (try? FileManager.default.contentsOfDirectory(atPath: sharedDirectory + "/realworld/plists")) ?? [] {
        try? FileManager.default.copyItem(
            atPath: sharedDirectory + "/realworld/plists/" + file, toPath: baseline + "/" + file)
    }
    cases.append(("56 real manifests (baseline)", baseline))
    add(
        "5,000 copies of one manifest",
        (0..<5_000).map { ("A\($0)/Info.plist", Data(HostileInputs.copiedManifest.utf8)) })
    add("80,000 shared document types", [("App/Info.plist", HostileInputs.sharedDocumentTypes(80_000))])
    add("400,000 shared document types", [("App/Info.plist", HostileInputs.sharedDocumentTypes(400_000))])
    add("20,000-long conformance chain", HostileInputs.chain(length: 20_000, perManifest: 2_000))

    print("== hostile inputs: uniform check with the standard rules, fresh process each ==")
    var base: (seconds: Double, bytes: Double)?
    for (name, directory) in cases {
        guard let outcome = try? ChildProcess.run(CommandLine.arguments[0], ["hostile-one", directory]) else {
            continue
        }
        let parts = outcome.output.split(whereSeparator: { $0 == " " || $0.isNewline }).compactMap { Double($0) }
        guard parts.count == 3 else {
            print("\(name): \(outcome.output)")
            continue
        }
        if base == nil { base = (parts[0], parts[1]) }
        print(
            String(
                format: "  %-32@ %7.2f s (%5.1f×)  %7.1f MB (%5.1f×)  %6.0f findings", name as NSString,
                parts[0], parts[0] / base!.seconds, parts[1] / 1e6, parts[1] / base!.bytes, parts[2]))
    }
}

/// One hostile case in this process: prints seconds, peak bytes and the number of findings.
func runHostileOne(_ directory: String) {
    var options = SessionOptions(directory: directory)
    options.standardRules = true
    options.repository.tolerateBrokenManifests = true
    let start = Clock.now()
    let count = (try? Session.open(options, output: { _ in }).checkedFindings().count) ?? -1
    print(String(format: "%.4f %d %d", Clock.now() - start, PeakMemory.bytes(), count))
}

/// Generators shared by the hostile benchmark (the tests build the same shapes).
enum HostileInputs {
    static let copiedManifest: String = {
        let declarations = (0..<5).map { i in
            "<dict><key>UTTypeIdentifier</key><string>com.acme.t\(i)</string><key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>"
                + "<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>txt</string><string>e\(i)</string></array></dict></dict>"
        }.joined()
        return
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>com.acme.app</string>"
            + "<key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>"
            + "<key>LSItemContentTypes</key><array><string>com.acme.t0</string></array></dict></array>"
            + "<key>UTExportedTypeDeclarations</key><array>\(declarations)</array></dict></plist>"
    }()

    /// A binary plist whose document types list one shared dictionary `count` times.
    static func sharedDocumentTypes(_ count: Int) -> Data {
        func be(_ v: Int, _ size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) }
        }
        func ascii(_ s: String) -> [UInt8] {
            (s.utf8.count < 15 ? [0x50 | UInt8(s.utf8.count)] : [0x5F, 0x10, UInt8(s.utf8.count)]) + Array(s.utf8)
        }
        func counted(_ marker: UInt8, _ n: Int) -> [UInt8] {
            n < 15 ? [marker | UInt8(n)] : [marker | 0x0F, 0x12] + be(n, 4)
        }
        func refs(_ list: [Int]) -> [UInt8] { list.flatMap { be($0, 4) } }
        let objects: [[UInt8]] = [
            counted(0xD0, 2) + refs([1, 3]) + refs([2, 4]), ascii("CFBundleIdentifier"), ascii("com.bomb"),
            ascii("CFBundleDocumentTypes"),
            counted(0xA0, count) + refs(Array(repeating: 5, count: count)), counted(0xD0, 1) + refs([6]) + refs([7]),
            ascii("CFBundleTypeName"), ascii("X"),
        ]
        var data = Array("bplist00".utf8), offsets: [Int] = []
        for object in objects {
            offsets.append(data.count)
            data += object
        }
        let table = data.count
        for offset in offsets { data += be(offset, 4) }
        data += [0, 0, 0, 0, 0, 0, 4, 4] + be(objects.count, 8) + be(0, 8) + be(table, 8)
        return Data(data)
    }

    /// A conformance chain `length` long, `perManifest` declarations to a manifest.
    static func chain(length: Int, perManifest: Int) -> [(String, Data)] {
        (0..<(length / perManifest)).map { part in
            let declarations = (part * perManifest..<(part + 1) * perManifest).map { i in
                "<dict><key>UTTypeIdentifier</key><string>com.attack.t\(i)</string><key>UTTypeConformsTo</key><array><string>\(i == 0 ? "public.data" : "com.attack.t\(i - 1)")</string></array></dict>"
            }.joined()
            let text =
                "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>com.attack.\(part)</string>"
                + "<key>UTExportedTypeDeclarations</key><array>\(declarations)</array></dict></plist>"
            return ("A\(part)/Info.plist", Data(text.utf8))
        }
    }
}
