import Foundation

/// Turns an Xcode project into apps: every app-like target (`ProductType.isAppLike`), on each
/// platform it builds for, with its build settings for one configuration resolved as Xcode
/// resolves them (see `SettingsStack`).
///
/// Nothing outside `boundary` (the repository) is read: a base configuration or an
/// `#include` there is reported and skipped, and an `INFOPLIST_FILE` there is not read.
public struct ProjectReader {
    public var configuration: String
    /// The canonical path of the folder nothing may be read outside of; nil reads anywhere.
    public var boundary: String?

    /// Levels above every target's own: the run's configured xcconfigs and defines
    /// (`RunSettings`), as `xcodebuild -xcconfig FILE KEY=value` puts them.
    public var above: [SettingsStack.Level]

    public init(configuration: String = "Release", boundary: String? = nil, above: [SettingsStack.Level] = []) {
        self.configuration = configuration
        self.boundary = boundary.map { CanonicalPath.of($0) }
        self.above = above
    }

    /// What reading a project gave.
    public struct Result: Sendable {
        public var apps: [ProjectApp] = []
        /// Targets that are not apps, or apps uniform cannot read, each with the reason.
        public var skipped: [(target: String, reason: String)] = []
        public var findings: [Finding] = []

        public init() {}
    }

    public func read(_ project: XcodeProject) -> Result {
        var result = Result()
        var xcconfigs = XCConfigCache(boundary: boundary)
        let projectConfig =
            project.configurations.first { $0.name == configuration }
            ?? project.defaultConfigurationName.flatMap { d in project.configurations.first { $0.name == d } }
            ?? project.configurations.first
        if let projectConfig, projectConfig.name != configuration {
            result.findings.append(
                Finding(
                    .xcodeConfigurationMissing,
                    message:
                        "\(project.name) has no build configuration '\(configuration)'; using '\(projectConfig.name)'",
                    location: projectConfig.location, subject: configuration))
        }
        var hosts: [String: String] = [:]
        for target in project.targets {
            for embedded in target.embeddedTargets where hosts[embedded] == nil { hosts[embedded] = target.name }
        }

        // Built once: every target shares them (a level indexes its assignments).
        let projectLevels = [
            xcconfigs.level(projectConfig?.baseConfiguration, from: projectConfig?.location, into: &result.findings),
            level("project", projectConfig, into: &result.findings),
        ]
        // A target's levels above Xcode's defaults, and its configuration's name.
        func upperLevels(
            _ target: ProjectTarget
        ) -> (levels: [SettingsStack.Level], configuration: String, base: String?) {
            let targetConfig = target.configuration(named: projectConfig?.name ?? configuration)
            let levels =
                projectLevels + [
                    xcconfigs.level(
                        targetConfig?.baseConfiguration, from: targetConfig?.location, into: &result.findings),
                    level("target", targetConfig, into: &result.findings),
                ] + above
            return (levels, targetConfig?.name ?? configuration, targetConfig?.baseConfiguration)
        }
        // Whether a host target builds for Mac Catalyst: its own settings for no particular SDK,
        // and, embedded in turn, its own host's (`visiting` guards against a loop of hosts).
        var catalystHosts: [String: Bool] = [:]
        func supportsCatalyst(_ name: String, visiting: Set<String> = []) -> Bool {
            if let known = catalystHosts[name] { return known }
            guard let host = project.targets.first(where: { $0.name == name }), !visiting.contains(name) else {
                return false
            }
            let (upper, configName, _) = upperLevels(host)
            let base = SettingsStack.Level(
                name: "defaults",
                assignments: defaults(
                    project: project, target: host, productType: host.productType ?? ProductType(""),
                    configuration: configName, sdk: nil))
            let stack = SettingsStack(
                levels: [base] + upper, parameters: BuildParameters(sdk: nil, configuration: configName))
            var supports = stack.value("SUPPORTS_MACCATALYST")?.uppercased() == "YES"
            if supports, let above = hosts[name] {
                supports = supportsCatalyst(above, visiting: visiting.union([name]))
            }
            catalystHosts[name] = supports
            return supports
        }
        for target in project.targets {
            guard let productType = target.productType else {
                result.skipped.append((target.name, "\(target.kind) (builds no product)"))
                continue
            }
            let (upper, configName, targetBase) = upperLevels(target)
            func levels(sdk: String?) -> [SettingsStack.Level] {
                [
                    SettingsStack.Level(
                        name: "defaults",
                        assignments: defaults(
                            project: project, target: target, productType: productType, configuration: configName,
                            sdk: sdk))
                ] + upper
            }
            let neutral = SettingsStack(
                levels: levels(sdk: nil), parameters: BuildParameters(sdk: nil, configuration: configName))
            let wrapper = neutral.value("WRAPPER_EXTENSION")
            guard productType.isAppLike(wrapperExtension: wrapper) else {
                result.skipped.append(
                    (
                        target.name,
                        "\(productType)\(wrapper.map { " (.\($0))" } ?? "") is not an app, extension or document plug-in"
                    ))
                continue
            }
            let host = hosts[target.name].map { (name: $0, supportsCatalyst: supportsCatalyst($0)) }
            let (platforms, reason, others) = Self.platforms(neutral, host: host)
            if platforms.isEmpty {
                result.skipped.append(
                    (target.name, "builds for \(others.joined(separator: ", ")) only; uniform models iOS and macOS"))
                continue
            }
            for (platform, sdk) in platforms {
                let parameters = BuildParameters(sdk: sdk, configuration: configName)
                let stack = SettingsStack(levels: levels(sdk: sdk), parameters: parameters)
                let settings = stack.table()
                result.findings += stack.findings
                var locations: [String: SourceLocation] = [:]
                var generated: [ProjectApp.GeneratedKey] = []
                for name in settings.keys
                where name == "PRODUCT_BUNDLE_IDENTIFIER" || name == "INFOPLIST_FILE"
                    || name.hasPrefix("INFOPLIST_KEY_")
                {
                    guard let location = stack.location(of: name) else { continue }
                    locations[name] = location
                    if name.hasPrefix("INFOPLIST_KEY_"), let value = settings[name] {
                        generated.append(
                            .init(key: String(name.dropFirst("INFOPLIST_KEY_".count)), value: value, location: location)
                        )
                    }
                }
                let infoPlist = settings["INFOPLIST_FILE"].flatMap {
                    $0.isEmpty ? nil : rooted(ProjectPath.join(project.sourceRoot, $0), in: project)
                }
                result.apps.append(
                    ProjectApp(
                        project: project.file, target: target.name, productType: productType, configuration: configName,
                        platform: platform, platformReason: reason, infoPlist: infoPlist,
                        generatesInfoPlist: settings["GENERATE_INFOPLIST_FILE"]?.uppercased() == "YES",
                        settings: settings, settingLocations: locations,
                        generatedKeys: generated.sorted { $0.key < $1.key }, host: hosts[target.name],
                        unreadIncludes: xcconfigs.unread(targetBase)
                            + xcconfigs.unread(projectConfig?.baseConfiguration),
                        location: target.location, levels: stack.levels, parameters: parameters))
            }
        }
        var seen = Set<Finding>()
        result.findings = result.findings.filter { seen.insert($0).inserted }
        return result
    }

    /// Real configurations set a few hundred settings; every target evaluates every name of
    /// its levels, so a level is cut here (100,000 project settings in 20 targets took seconds
    /// even once evaluation was linear).
    static let maxLevelSettings = 10_000

    private func level(
        _ name: String, _ configuration: BuildConfiguration?, into findings: inout [Finding]
    ) -> SettingsStack.Level {
        let settings = configuration?.settings ?? []
        guard settings.count > Self.maxLevelSettings, let configuration else {
            return SettingsStack.Level(name: name, assignments: settings)
        }
        findings.append(
            Finding(
                .xcodeTooManySettings,
                message:
                    "the \(name) configuration '\(configuration.name)' sets \(settings.count) build settings; uniform reads the first \(Self.maxLevelSettings)",
                location: configuration.location, subject: configuration.name))
        return SettingsStack.Level(name: name, assignments: Array(settings.prefix(Self.maxLevelSettings)))
    }

    /// The settings Xcode supplies before any level sets one: names and the wrapper a target's
    /// settings are built from. Written from Xcode's build-setting reference; where Xcode's
    /// value depends on the build machine (paths under DerivedData) the setting is left out.
    private func defaults(
        project: XcodeProject, target: ProjectTarget, productType: ProductType, configuration: String, sdk: String?
    ) -> [SettingAssignment] {
        let location = target.location
        let root = absolute(project.sourceRoot)
        var pairs: [(String, String)] = [
            ("TARGET_NAME", target.name),
            ("PROJECT_NAME", project.name),
            ("PRODUCT_NAME", "$(TARGET_NAME)"),
            ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
            ("EXECUTABLE_NAME", "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)"),
            ("EXECUTABLE_PREFIX", ""),
            ("EXECUTABLE_SUFFIX", ""),
            ("SRCROOT", root), ("PROJECT_DIR", root), ("SOURCE_ROOT", root),
            ("CONFIGURATION", configuration),
            ("DEVELOPMENT_LANGUAGE", "en"),
            ("PRODUCT_BUNDLE_PACKAGE_TYPE", productType.packageType),
            ("FULL_PRODUCT_NAME", "$(PRODUCT_NAME).$(WRAPPER_EXTENSION)"),
        ]
        if let sdk {
            pairs.append(("PLATFORM_NAME", sdk))
            pairs.append(("EFFECTIVE_PLATFORM_NAME", sdk == "macosx" ? "" : "-\(sdk)"))
        }
        if let wrapper = productType.defaultWrapperExtension { pairs.append(("WRAPPER_EXTENSION", wrapper)) }
        return pairs.map { SettingAssignment(name: $0.0, value: $0.1, location: location) }
    }

    /// `$(SRCROOT)/App/Info.plist` expands to an absolute path (Xcode's `SRCROOT` is one); it is
    /// written from the project's folder as given instead, so reports name it as they name
    /// every other file of the repository and never show where the checkout lives.
    private func rooted(_ path: String, in project: XcodeProject) -> String {
        let root = absolute(project.sourceRoot)
        guard path.hasPrefix("/"), path.hasPrefix(root == "/" ? "/" : root + "/") else { return path }
        return ProjectPath.join(project.sourceRoot, String(path.dropFirst(root == "/" ? 1 : root.count + 1)))
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : ProjectPath.join(FileManager.default.currentDirectoryPath, path)
    }

    /// The platforms a target builds for, with the SDK name conditions are matched against.
    /// `SDKROOT` decides (`iphoneos`, `macosx`, also versioned or with a trailing `;`); a
    /// multiplatform target (`SDKROOT = auto`, or none) builds for its `SUPPORTED_PLATFORMS`;
    /// an iOS app with `SUPPORTS_MACCATALYST = YES` is a Mac app too. Other platforms (tvOS,
    /// visionOS, watchOS, DriverKit) are returned in `others`: uniform answers for iOS and macOS.
    ///
    /// A target embedded in a host (an app extension in its app) runs on Mac Catalyst only
    /// inside a host that does: Xcode builds the embedded products of the Mac Catalyst variant
    /// of the app, and an extension exists on the Mac only in that app. Its own
    /// `SUPPORTS_MACCATALYST = YES` — often inherited from the project — is not enough, and
    /// `host` says whether the host supports it (a project set YES at project level and NO on
    /// its app, and its extensions were modelled as Mac apps). The extension must also support
    /// it itself: Xcode leaves an embedded target that does not out of the Mac build.
    static func platforms(
        _ settings: SettingsStack, host: (name: String, supportsCatalyst: Bool)? = nil
    ) -> (platforms: [(Platform, String)], reason: String, others: [String]) {
        let sdkroot = settings.value("SDKROOT")?.trimmingCharacters(in: CharacterSet(charactersIn: " ;")) ?? ""
        let supported = (settings.value("SUPPORTED_PLATFORMS") ?? "").split(separator: " ").map(String.init)
        var found: [(Platform, String)] = []
        var others: [String] = []
        func add(_ sdk: String) {
            let name = sdk.lowercased()
            if name.hasPrefix("iphoneos") || name.hasPrefix("iphonesimulator") {
                if !found.contains(where: { $0.0 == .ios }) { found.append((.ios, "iphoneos")) }
            } else if name.hasPrefix("macosx") {
                if !found.contains(where: { $0.0 == .macos }) { found.append((.macos, "macosx")) }
            } else if !name.isEmpty, !name.hasSuffix("simulator"), !others.contains(name) {
                others.append(name)
            }
        }
        var reason: String
        if sdkroot.isEmpty || sdkroot == "auto" {
            if supported.isEmpty {
                add("macosx")
                reason =
                    "no SDKROOT or SUPPORTED_PLATFORMS set: macOS, as xcodebuild builds such a target (a guess where the project sets the SDK outside the repository)"
            } else {
                supported.forEach(add)
                reason = "SUPPORTED_PLATFORMS = \(supported.joined(separator: " "))"
            }
        } else {
            add(sdkroot)
            reason = "SDKROOT = \(sdkroot)"
        }
        // An iOS target that supports Mac Catalyst builds a Mac app too, whether its SDK is
        // iphoneos or chosen per platform (`SDKROOT = auto`: IceCubesApp's app target, whose
        // extensions say iphoneos).
        if found.contains(where: { $0.0 == .ios }), !found.contains(where: { $0.0 == .macos }),
            settings.value("SUPPORTS_MACCATALYST")?.uppercased() == "YES"
        {
            if let host, !host.supportsCatalyst {
                reason +=
                    ", SUPPORTS_MACCATALYST = YES but its host '\(host.name)' does not build for Mac Catalyst (iOS only: an extension runs on the Mac only in a host that does)"
            } else if let host {
                found.append((.macos, "macosx"))
                reason += ", SUPPORTS_MACCATALYST = YES, as its host '\(host.name)' (Mac Catalyst too)"
            } else {
                found.append((.macos, "macosx"))
                reason += ", SUPPORTS_MACCATALYST = YES (a Mac Catalyst app too)"
            }
        }
        return (found, reason, others)
    }
}

/// `.xcconfig` files read once per project, inside the repository only.
struct XCConfigCache {
    let boundary: String?
    private var loaded: [String: XCConfig?] = [:]
    private var levels: [String: SettingsStack.Level] = [:]

    init(boundary: String?) { self.boundary = boundary }

    mutating func assignments(
        _ path: String?, from location: SourceLocation?, into findings: inout [Finding]
    ) -> [SettingAssignment] {
        guard let path else { return [] }
        if let known = loaded[path] { return known?.assignments ?? [] }
        let canonical = CanonicalPath.of(path)
        if let boundary, !RepositoryBoundary.contains(canonical, root: boundary) {
            findings.append(
                Finding(
                    .xcodeOutsideRepository,
                    message:
                        "the base configuration \(ProjectPath.lastComponent(path)) is outside the repository; it is not read and its settings are not applied",
                    location: location, subject: ProjectPath.lastComponent(path)))
            loaded[path] = .some(nil)
            return []
        }
        do {
            let config = try XCConfig.load(path, boundary: boundary)
            findings += config.findings
            loaded[path] = config
            return config.assignments
        } catch {
            findings.append(
                Finding(
                    .xcodeMissingXCConfig, variant: CocoaPods.writes(path),
                    message: "the base configuration \(path) is not in the repository; its settings are not applied"
                        + (CocoaPods.writes(path) ? " (CocoaPods writes it: run pod install first)" : ""),
                    location: location, subject: path))
            loaded[path] = .some(nil)
            return []
        }
    }

    /// The file as a level of the stack, made once per file.
    mutating func level(
        _ path: String?, from location: SourceLocation?, into findings: inout [Finding]
    ) -> SettingsStack.Level {
        guard let path else { return SettingsStack.Level(name: "xcconfig", assignments: []) }
        if let known = levels[path] { return known }
        let level = SettingsStack.Level(
            name: "xcconfig \(path)", assignments: assignments(path, from: location, into: &findings))
        levels[path] = level
        return level
    }

    func unread(_ path: String?) -> [String] {
        guard let path, let entry = loaded[path] else { return [] }
        guard let config = entry else { return [path] }
        return config.unreadIncludes.map { "\($0.location): #include \"\($0.name)\"" }
    }
}
