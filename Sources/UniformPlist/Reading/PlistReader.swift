import Foundation

/// Reads XML, binary and OpenStep property lists, detecting the format from the content.
public enum PlistReader {
    /// Reads a file from disk.
    public static func read(contentsOf path: String, limits: PlistLimits = PlistLimits()) throws -> PlistDocument {
        let url = URL(fileURLWithPath: path)
        // Size and kind before a byte is read, on every path (a directory walk once read a 7 GB
        // sparse Info.plist whole, and a FIFO would block the run for ever).
        let limit = min(limits.maxBytes, PlistLimits.largestFile)
        var info = stat()
        if stat(path, &info) == 0 { // follows symbolic links, as the read does
            if (info.st_mode & S_IFMT) != S_IFREG {
                throw PlistError(
                    file: path, mark: nil,
                    message: "not a regular file (a directory, FIFO or device); expected a property list")
            }
            if Int64(info.st_size) > Int64(limit) {
                throw PlistError(
                    file: path, mark: nil,
                    message:
                        "the file is \(info.st_size) bytes, more than the \(limit)-byte limit (PlistLimits.maxBytes)")
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw PlistError(
                file: path, mark: nil, message: "cannot read the file (does it exist, and is it readable?)")
        }
        return try data.withUnsafeBytes { raw in try read(bytes: raw, file: path, limits: limits) }
    }

    /// Reads bytes; `file` is only used in diagnostics.
    public static func read(bytes: [UInt8], file: String, limits: PlistLimits = PlistLimits()) throws -> PlistDocument {
        try bytes.withUnsafeBufferPointer { try read(bytes: $0, file: file, limits: limits) }
    }

    /// Reads bytes without copying them.
    public static func read(
        bytes: UnsafeRawBufferPointer, file: String, limits: PlistLimits = PlistLimits()
    ) throws -> PlistDocument {
        try read(bytes: bytes.bindMemory(to: UInt8.self), file: file, limits: limits)
    }

    /// Reads bytes without copying them.
    public static func read(
        bytes: UnsafeBufferPointer<UInt8>, file: String, limits: PlistLimits = PlistLimits()
    ) throws -> PlistDocument {
        try read(bytes: bytes, file: file, limits: limits, format: nil)
    }

    /// `format` forces a parser instead of detecting one (used by the fuzz harnesses, so each
    /// one exercises its own parser whatever bytes the fuzzer makes up).
    static func read(
        bytes: UnsafeBufferPointer<UInt8>, file: String, limits: PlistLimits, format forced: PlistFormat?
    ) throws(PlistError) -> PlistDocument {
        guard bytes.count <= min(limits.maxBytes, PlistLimits.largestFile) else {
            throw PlistError(
                file: file, mark: nil,
                message:
                    "the file is \(bytes.count) bytes, more than the \(min(limits.maxBytes, PlistLimits.largestFile))-byte limit (PlistLimits.maxBytes)"
            )
        }
        guard !bytes.isEmpty else {
            throw PlistError(
                file: file, mark: nil, message: "the file is empty; expected a property list (XML, binary or OpenStep)")
        }
        let format = forced ?? PlistFormatDetector.detect(bytes)
        switch format {
        case .binary:
            return try readBinary(bytes, file: file, limits: limits)
        case .xml, .openStep:
            if let utf8 = try transcode(bytes, file: file) {
                return try utf8.withUnsafeBufferPointer { (buffer) throws(PlistError) -> PlistDocument in
                    try readText(buffer, file: file, limits: limits, forced: forced)
                }
            }
            return try readText(bytes, file: file, limits: limits, forced: forced)
        }
    }

    private static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(PlistError) -> [UInt8]? {
        do {
            return try UTF16Transcoder.transcodeIfUTF16(bytes)
        } catch {
            throw PlistError(file: file, mark: .binary(offset: error.offset), message: error.message)
        }
    }

    private static func readBinary(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, limits: PlistLimits
    ) throws(PlistError) -> PlistDocument {
        do {
            var parser = try BinaryPlistParser(bytes: bytes, limits: limits)
            return PlistDocument(file: file, format: .binary, root: try parser.parse())
        } catch {
            throw PlistError(file: file, mark: .binary(offset: error.offset), message: error.message)
        }
    }

    private static func readText(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, limits: PlistLimits, forced: PlistFormat?
    ) throws(PlistError) -> PlistDocument {
        guard let base = bytes.baseAddress else {
            throw PlistError(
                file: file, mark: nil, message: "the file is empty; expected a property list (XML, binary or OpenStep)")
        }
        if let problem = TextValidator.validate(bytes) {
            throw PlistError(
                file: file, mark: LineIndex(base: base, count: bytes.count).mark(at: problem.offset),
                message: problem.message)
        }
        if (forced ?? PlistFormatDetector.detect(bytes)) == .xml {
            var parser = XMLPlistParser(base: base, count: bytes.count, file: file, limits: limits)
            let root = try parser.parseDocument()
            return PlistDocument(
                file: file, format: .xml, root: root, comments: parser.comments, strayText: parser.strayText)
        }
        let lines = LineIndex(base: base, count: bytes.count)
        var parser = OpenStepPlistParser(base: base, count: bytes.count, lines: lines, file: file, limits: limits)
        let root = try parser.parseDocument()
        return PlistDocument(file: file, format: .openStep, root: root, comments: parser.comments)
    }
}
