/// Version of every JSON document the tool prints. Bumped only on incompatible changes.
public let uniformSchemaVersion = 2
