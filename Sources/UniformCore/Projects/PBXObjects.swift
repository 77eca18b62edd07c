import UniformPlist

/// The `objects` table of a `project.pbxproj`, indexed by id, and the accessors the project
/// reader needs. Objects reference each other by id; a dangling id reads as absent.
struct PBXObjects {
    private var table: [String: PBXObject] = [:]

    init(_ objects: PlistDictionary, file: String) {
        table.reserveCapacity(objects.count)
        for entry in objects.entries {
            if let dict = entry.value.dictionary {
                table[entry.key] = PBXObject(
                    dictionary: dict, location: SourceLocation(file: file, mark: entry.keyMark))
            }
        }
    }

    subscript(id: String) -> PBXObject? { table[id] }

    /// Every object, for building reverse links (a group's children to the group).
    var all: [String: PBXObject] { table }
}

/// One object of a project file.
struct PBXObject {
    var dictionary: PlistDictionary
    var location: SourceLocation

    var isa: String? { string("isa") }

    func string(_ key: String) -> String? { dictionary[key]?.string }

    func array(_ key: String) -> [PlistNode] { dictionary[key]?.array ?? [] }

    /// A list of object ids.
    func references(_ key: String) -> [String] { array(key).compactMap(\.string) }

    /// `buildSettings`, as assignments with their positions. Values that are arrays
    /// (`OTHER_LDFLAGS = ( "-ObjC", "$(inherited)" )`) are joined with spaces, as Xcode does.
    func settings(file: String) -> [SettingAssignment] {
        guard let node = dictionary["buildSettings"], let settings = node.dictionary else { return [] }
        var result: [SettingAssignment] = []
        for entry in settings.entries {
            guard let (name, conditions) = SettingAssignment.parseKey(entry.key) else { continue }
            let value: String
            switch entry.value.value {
            case .string(let s): value = s
            case .array(let items): value = items.compactMap(\.string).joined(separator: " ")
            default: continue
            }
            result.append(
                SettingAssignment(
                    name: name, conditions: conditions, value: value,
                    location: SourceLocation(file: file, mark: entry.keyMark)))
        }
        return result
    }
}
