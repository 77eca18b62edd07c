// swift-tools-version:6.0
import PackageDescription

/// Layers, lowest first. Each module imports only the ones above it in this list:
/// UniformPlist ← UniformCore ← (CLua ← CLuaShim ← UniformLua) ← UniformRules ← uniform.
/// The core knows nothing of Lua; the Lua bridge knows nothing of document types.
let package = Package(
    name: "uniform",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "UniformPlist", targets: ["UniformPlist"]),
        .library(name: "UniformCore", targets: ["UniformCore"]),
        .library(name: "UniformLua", targets: ["UniformLua"]),
        .library(name: "UniformRules", targets: ["UniformRules"]),
        .executable(name: "uniform", targets: ["uniform"]),
        .executable(name: "uniform-bench", targets: ["uniform-bench"]),
        // `swift package uniform check` in a package that depends on this one.
        .plugin(name: "UniformPlugin", targets: ["UniformPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // Property lists with a source position on every node.
        .target(name: "UniformPlist"),

        // Manifests, the system catalog, the type graph, the resolver, hand-off. No Lua here.
        .target(
            name: "UniformCore",
            dependencies: [
                "UniformPlist",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [
                .embedInCode("Catalog/CoreTypes.catalog"), .embedInCode("Catalog/AppleSupplement.catalog"),
                .embedInCode("Catalog/AppleDocumented.catalog"), .embedInCode("Catalog/SystemBundles.catalog"),
                .embedInCode("Catalog/InfoPlistKeys.tsv"),
            ]
        ),

        // Debian's liblua5.4 (pkg-config `lua5.4`). On macOS, Homebrew's `lua@5.4` (its `lua` is
        // 5.5 now, with no lua5.4.pc); it is keg-only, so point pkg-config at it:
        // PKG_CONFIG_PATH="$(brew --prefix lua@5.4)/lib/pkgconfig".
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        // Macros Swift cannot import, the protected-call trampoline, allocator and hooks.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // States, values, sandbox, limits. Knows nothing of document types.
        .target(name: "UniformLua", dependencies: ["CLua", "CLuaShim"]),

        // libedit (BSD; Debian `libedit-dev`, pkg-config `libedit`) for the REPL's line editing,
        // and a shim owning what Swift 6 cannot touch: readline globals, the completion callback,
        // the SIGINT handler and its atomic flag.
        .systemLibrary(
            name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
        .target(name: "CEditLineShim", dependencies: ["CEditLine"]),

        // The standard rules: Lua files in the top-level `rules/` folder, embedded in the binary
        // so an installed `uniform` needs no resource folder beside it.
        .target(
            name: "UniformStandardRules",
            path: "rules",
            exclude: ["README.md", "API.md", "uniform.d.lua", "uniform-test.d.lua"],
            resources: [
                // The lint configuration `uniform init` writes into a repository.
                .embedInCode(".luacheckrc"),
                .embedInCode("appstore.lua"),
                .embedInCode("manifest.lua"),
                .embedInCode("types.lua"),
                .embedInCode("exposure.lua"),
            ]
        ),

        // The `uniform` Lua API over the core, checks, reporters, the test runner. The test
        // framework's Lua is a file of its own, embedded like the standard rules, so luacheck
        // reads it (.ci/run).
        .target(
            name: "UniformRules",
            dependencies: ["UniformPlist", "UniformCore", "UniformLua", "UniformStandardRules"],
            resources: [.embedInCode("Testing/test-framework.lua")]
        ),

        .executableTarget(
            name: "uniform",
            dependencies: [
                "UniformRules", "UniformCore", "UniformPlist", "UniformLua", "CEditLineShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "uniform-bench",
            dependencies: ["UniformRules", "UniformCore", "UniformLua", "CLuaBench", "CLuaShim", "CLua"]
        ),
        // The benchmark's plain-C baseline, kept out of the shim the product ships.
        .target(name: "CLuaBench", dependencies: ["CLuaShim", "CLua"]),
        // Fuzz harnesses for projects, xcconfigs and archives: a corpus replayer, or a libFuzzer
        // target with -DFUZZING and --sanitize=fuzzer (Tests/Fuzz/README.md).
        .executableTarget(name: "uniform-fuzz", dependencies: ["UniformCore"]),

        // `swift package uniform [ARGS]`: runs the tool in the depending package's directory.
        .plugin(
            name: "UniformPlugin",
            capability: .command(
                intent: .custom(
                    verb: "uniform", description: "Check the package's document types and run its uniform policy tests."
                )),
            dependencies: ["uniform"],
            path: "Sources/UniformPlugin"
        ),

        .testTarget(name: "UniformPlistTests", dependencies: ["UniformPlist"]),
        .testTarget(name: "UniformCoreTests", dependencies: ["UniformCore"], exclude: ["XcodeFixtures"]),
        .testTarget(name: "UniformLuaTests", dependencies: ["UniformLua"], exclude: ["lsan.supp"]),
        .testTarget(name: "UniformRulesTests", dependencies: ["UniformRules"], exclude: ["SimilarTypes.tsv"]),
        .testTarget(
            name: "UniformCLITests", dependencies: ["UniformRules", "uniform"],
            exclude: [
                "Precision", "Fidelity", "Busted", "Holdout", "Holdout2", "BundleIDCase", "TwoPlatforms", "HandoffMac",
            ]),
    ]
)
