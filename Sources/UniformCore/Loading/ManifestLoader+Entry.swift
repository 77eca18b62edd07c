extension ManifestLoader {
    /// One plist to read: where it is, the path shown in locations, the stand-in seed.
    ///
    /// Loose files are read from disk when loading (in parallel); plists inside an archive are
    /// read during discovery, because an archive is one file handle read in order, and travel
    /// here as bytes. An input that cannot be read safely travels as a refusal, so its error
    /// comes out of `load` in discovery order with everyone else's.
    public struct Entry: Sendable {
        /// The file on disk; for an archive member, the archive.
        public var path: String
        /// The path shown in locations: `MyApp.ipa!/Payload/MyApp.app/Info.plist` for a member.
        public var displayPath: String
        public var standInSeed: String
        /// Named explicitly (not found in a directory): read even if not a manifest.
        public var explicit: Bool
        public var contents: Contents = .onDisk
        /// The plist of a bundle nested in an app (a plug-in, an extension): it is an app of its
        /// own in the world only when it declares or claims types; most extensions do neither.
        public var nested: Bool = false
        /// The Xcode target this plist belongs to: its settings resolve the placeholders, its
        /// SDK decides the platform, and with no `INFOPLIST_FILE` its generated keys are the
        /// whole manifest.
        public var project: ProjectApp?

        public init(
            path: String, displayPath: String, standInSeed: String, explicit: Bool, contents: Contents = .onDisk,
            nested: Bool = false
        ) {
            self.path = path
            self.displayPath = displayPath
            self.standInSeed = standInSeed
            self.explicit = explicit
            self.contents = contents
            self.nested = nested
        }

        /// Where an entry's bytes are.
        public enum Contents: Sendable {
            /// Read `path` when loading.
            case onDisk
            /// Already read out of an archive.
            case bytes([UInt8])
            /// Not read: the input is unsafe or damaged; the message says why and what to do.
            case refused(String)
            /// Nothing to read: Xcode generates the whole Info.plist from build settings.
            case generated
        }

        /// An entry that only carries an error about `displayPath`.
        /// The Info.plist of an app-like Xcode target (or its generated keys when it has none).
        public static func project(_ app: ProjectApp) -> Entry {
            let seed = ProjectPath.join(ProjectPath.directory(of: ProjectPath.directory(of: app.project)), app.target)
            if let plist = app.infoPlist {
                var entry = Entry(path: plist, displayPath: plist, standInSeed: seed, explicit: true)
                entry.project = app
                return entry
            }
            var entry = Entry(
                path: app.project, displayPath: app.project, standInSeed: seed, explicit: true, contents: .generated)
            entry.project = app
            return entry
        }

        static func refusal(_ displayPath: String, _ message: String) -> Entry {
            Entry(
                path: displayPath, displayPath: displayPath, standInSeed: displayPath, explicit: true,
                contents: .refused(message))
        }
    }
}
