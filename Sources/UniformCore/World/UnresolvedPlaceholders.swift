/// One `unresolved-placeholder` note per build setting per world, however often it is used.
///
/// Real templates repeat `$(PRODUCT_NAME)` dozens of times; a finding per use would bury
/// everything else. The note sits at the first use (in load order) and counts the rest, so
/// the user learns which `--define` or `.xcconfig` setting is missing.
enum UnresolvedPlaceholders {
    static func findings(for apps: [Manifest]) -> [Finding] {
        var order: [String] = []
        var uses: [String: [Located<String>]] = [:]
        for app in apps {
            for use in app.unresolvedPlaceholders {
                if uses[use.value] == nil { order.append(use.value) }
                uses[use.value, default: []].append(use)
            }
        }
        return order.map { name in
            let all = uses[name] ?? []
            let files = Set(all.map(\.location.file)).count
            let more = all.count > 1 ? " (\(all.count) uses in \(files) manifest\(files == 1 ? "" : "s"))" : ""
            return Finding(
                .unresolvedPlaceholder,
                message:
                    "build setting \(name) is not defined, so its placeholders stay verbatim\(more); pass --define \(name)=… or an --xcconfig that sets it",
                location: all.first?.location, subject: name)
        }
    }
}
