import Foundation
import XCTest

/// Validates JSON against a schema in `../shared/reference` with Python's `jsonschema`.
///
/// docs/SPEC.md §5: schema tests must run in CI (which installs `python3-jsonschema`) and may skip
/// only outside it, saying why — so a missing validator fails when `CI` is set.
enum SchemaValidator {
    /// The package root: this file is `Tests/UniformRulesTests/SchemaValidator.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let referenceDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/reference")

    static func validate(
        _ json: String, against schemaName: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let problems = try violations(of: json, against: schemaName, file: file, line: line)
        XCTAssertNil(problems, "schema violations:\n\(problems ?? "")", file: file, line: line)
    }

    /// The validator's complaints, or nil when the document is valid. Skips (or fails in CI)
    /// when the schema or the validator is missing.
    static func violations(
        of json: String, against schemaName: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> String? {
        let schema = referenceDirectory.appendingPathComponent(schemaName)
        guard FileManager.default.fileExists(atPath: schema.path) else {
            try unavailable("schema \(schema.path) not found (../shared is absent)", file: file, line: line)
            return nil
        }
        guard let python = pythonWithJSONSchema.python else {
            try unavailable(pythonWithJSONSchema.problem, file: file, line: line)
            return nil
        }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            instance = json.load(sys.stdin)
            cls = jsonschema.validators.validator_for(schema)
            errors = sorted(cls(schema).iter_errors(instance), key=lambda e: list(map(str, e.absolute_path)))
            for e in errors:
                print("/".join(map(str, e.absolute_path)) + ": " + e.message)
            sys.exit(1 if errors else 0)
            """
        let result = try run(python, ["-c", script, schema.path], input: json)
        return result.status == 0 ? nil : result.output
    }

    /// Looked up once per test process: importing jsonschema takes a noticeable fraction of
    /// a second.
    private static let pythonWithJSONSchema: (python: URL?, problem: String) = {
        guard let python = findPython() else { return (nil, "python3 not found on PATH") }
        guard let probe = try? run(python, ["-c", "import jsonschema"], input: ""), probe.status == 0 else {
            return (nil, "python3 cannot import jsonschema (install python3-jsonschema)")
        }
        return (python, "")
    }()

    /// Fails in CI, skips elsewhere.
    private static func unavailable(_ reason: String, file: StaticString, line: UInt) throws {
        if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("cannot validate against the schema in CI: \(reason)", file: file, line: line)
        } else {
            throw XCTSkip("schema validation skipped outside CI: \(reason)", file: file, line: line)
        }
    }

    private static func findPython() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    private static func run(
        _ executable: URL, _ arguments: [String], input: String
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        // Write on another thread: a large document could fill the pipe while the child is
        // blocked writing its own output.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
