/// Distributions measured on the 56 real manifests of `../shared/realworld/plists` (55 parsed
/// by Python's plistlib; TextMate's OpenStep file left out) and encoded here so the generator
/// needs no data at run time.
///
/// The sample is biased towards document-heavy apps (editors, media players, office suites
/// were picked *because* they claim many types): its mean is 13 document types and 15.8 KB per
/// manifest. An app catalogue is mostly small apps, so counts above 20 keep their shape but a
/// fifth of their weight; that gives the ~4 KB mean per manifest (10,000 ≈ 40 MB) that the
/// issue's measurement of a realistic catalogue implies.
enum RealWorldDistributions {
    static let tailDamping = 0.2

    private static func damped(_ table: [(Int, Double)]) -> Histogram<Int> {
        Histogram(table.map { ($0.0, $0.0 > 20 ? $0.1 * tailDamping : $0.1) })
    }

    /// `CFBundleDocumentTypes` entries per app.
    static let documentTypes = damped([
        (0, 3), (1, 15), (2, 3), (3, 15), (4, 2), (5, 2), (6, 1), (9, 3), (11, 1), (13, 1), (15, 1),
        (17, 1), (26, 1), (27, 1), (70, 1), (76, 1), (77, 1), (96, 1), (103, 1),
    ])
    /// `UTExportedTypeDeclarations` per app.
    static let exported = damped([
        (0, 25), (1, 12), (2, 3), (3, 4), (4, 1), (5, 1), (6, 1), (8, 1), (9, 1), (10, 1), (12, 1), (15, 1),
        (28, 1), (72, 1), (75, 1),
    ])
    /// `UTImportedTypeDeclarations` per app.
    static let imported = damped([
        (0, 35), (1, 3), (2, 6), (3, 1), (6, 2), (7, 1), (10, 1), (31, 1), (32, 1), (36, 1), (38, 1),
        (39, 1), (90, 1),
    ])
    /// `LSHandlerRank` (nil: the key is missing, as in half the real claims).
    static let rank = Histogram<String?>([(nil, 330), ("Alternate", 125), ("Default", 111), ("Owner", 78), ("None", 4)])
    /// `CFBundleTypeRole` (nil: missing).
    static let role = Histogram<String?>([
        ("Editor", 360), ("Viewer", 268), ("None", 8), (nil, 6), ("QLGenerator", 5), ("Shell", 1),
    ])
    /// Claims with `LSItemContentTypes` (313) against legacy-only claims (335).
    static let contentTypeShare = 313.0 / 648.0
    /// Identifiers per `LSItemContentTypes` list.
    static let contentTypesPerClaim = damped([
        (1, 281), (2, 16), (3, 3), (4, 1), (8, 1), (9, 3), (11, 1), (14, 1), (17, 1), (19, 1),
        (26, 1), (32, 1), (43, 1), (47, 1),
    ])
    /// `CFBundleTypeExtensions` per legacy claim (one real claim lists 705: left out).
    static let extensionsPerLegacyClaim = damped([
        (0, 1), (1, 225), (2, 56), (3, 18), (4, 12), (5, 5), (6, 7), (7, 1), (10, 1), (11, 1),
        (12, 2), (13, 1), (20, 1), (26, 1), (60, 1), (74, 1),
    ])
    /// Where a claimed identifier comes from: imported 259, system 148, own export 129,
    /// undeclared 28, another app's export 6.
    enum ClaimSource: Sendable { case imported, system, own, undeclared, otherApp }
    static let claimSource = Histogram<ClaimSource>([
        (.imported, 259), (.system, 148), (.own, 129), (.undeclared, 28), (.otherApp, 6),
    ])
    /// Wildcard claims among 648: public.data 9, `*` 8, public.content 5, public.folder 4, public.item 1.
    static let wildcardShare = 27.0 / 648.0
    static let wildcardContentType = Histogram<String>([
        ("public.data", 9), ("public.content", 5), ("public.folder", 4), ("public.item", 1),
    ])
    /// Parents per declaration (`UTTypeConformsTo`).
    static let parents = Histogram<Int>([(0, 7), (1, 483), (2, 74), (3, 21), (5, 1)])
    /// Parents of exported types: system 307, the app's own exports 19 (depth), another app's 3.
    static let parentIsOwn = 19.0 / 329.0
    static let parentIsOtherApp = 3.0 / 329.0
    /// Imports: a third-party identifier no app in the sample exports 224, system 67, exported
    /// by another app 22.
    enum ImportSource: Sendable { case thirdParty, system, otherApp }
    static let importSource = Histogram<ImportSource>([(.thirdParty, 224), (.system, 67), (.otherApp, 22)])
    /// Filename extensions per declaration.
    static let extensionsPerDeclaration = Histogram<Int>([
        (0, 28), (1, 367), (2, 94), (3, 26), (4, 27), (5, 16), (6, 14), (7, 7),
        (8, 1), (9, 2), (11, 3), (12, 1),
    ])
    /// 152 extensions are claimed by more than one identifier; about one declared extension in
    /// six repeats one that another type already uses.
    static let sharedExtensionShare = 0.16
}
