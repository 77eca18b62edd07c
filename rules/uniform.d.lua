---@meta
-- LuaLS definitions for the `uniform` rule API. The reference is rules/API.md; the test
-- Tests/UniformRulesTests/APIReferenceTests.swift keeps this file in step with the live API.
--
-- Use: add this file (or its folder) to "workspace.library" in .luarc.json.

-- ─── Enumerations ────────────────────────────────────────────────────────────

---@alias uniform.Rank "Owner"|"Default"|"Alternate"|"None"
---@alias uniform.Role "Editor"|"Viewer"|"Shell"|"None"|"QLGenerator"|"MDImporter"
---@alias uniform.RoleQuery "viewer"|"editor"|"shell"|"all"
---@alias uniform.MatchKind "exact"|"legacy"|"conforms"|"wildcard"
---@alias uniform.Severity "error"|"warning"|"note"
---@alias uniform.Platform "ios"|"macos"
---@alias uniform.TargetKind "uti"|"extension"|"mime"|"file"|"tag"
---@alias uniform.PlistKind "dictionary"|"array"|"string"|"integer"|"real"|"boolean"|"date"|"data"|"uid"
---Tag lists keyed by tag class (`public.filename-extension`, `public.mime-type`, `com.apple.ostype`, …).
---@alias uniform.Tags table<string, string[]>
---A string or a list of strings.
---@alias uniform.StringOrList string|string[]
---A property-list value as Lua sees it (annotations).
---@alias uniform.PlistValue string|number|integer|boolean|table<string, any>|any[]

-- ─── Returned tables ─────────────────────────────────────────────────────────

---A position in a manifest or a rule file.
---@class uniform.Location
---@field file string manifest path as loaded, or the rule file
---@field line? integer 1-based
---@field column? integer 1-based
---@field offset? integer byte offset (binary property lists)

---An app: a loaded manifest or a synthetic app.
---@class uniform.App
---@field id string bundle id (stand-in for missing/placeholder ids; `id#2` for duplicates)
---@field declared_id? string CFBundleIdentifier as written (after defines)
---@field name? string
---@field platform uniform.Platform
---@field file string
---@field location uniform.Location
---@field synthetic boolean declared by uniform.declare_app
---@field context boolean another vendor's app modelling the device (`context` in .uniform.lua, `--context`): in every answer, never checked
---@field opens_in_place? boolean LSSupportsOpeningDocumentsInPlace
---@field supports_document_browser? boolean UISupportsDocumentBrowser
---@field file_sharing? boolean UIFileSharingEnabled
---@field claims uniform.Claim[] CFBundleDocumentTypes
---@field exports uniform.Declaration[] UTExportedTypeDeclarations
---@field imports uniform.Declaration[] UTImportedTypeDeclarations
---@field host? string bundle id of the app that embeds this one (from its Xcode project)
---@field extension_point? string NSExtensionPointIdentifier / EXExtensionPointIdentifier
---@field distribution? "app-store"|"outside" how the app ships, when known
---@field previews string[] a Quick Look preview extension's QLSupportedContentTypes
---@field target? string the Xcode target the app was built from
---@field project? string that target's project.pbxproj

---One CFBundleDocumentTypes entry.
---@class uniform.Claim
---@field index integer 1-based position in CFBundleDocumentTypes
---@field name? string CFBundleTypeName
---@field role uniform.Role effective role (missing counts as Viewer)
---@field declared_role? string CFBundleTypeRole as written
---@field rank uniform.Rank effective rank (missing counts as Default)
---@field declared_rank? string LSHandlerRank as written
---@field types string[] LSItemContentTypes
---@field type_locations uniform.Location[] position of each of `types`
---@field extensions string[] CFBundleTypeExtensions
---@field extension_locations uniform.Location[] position of each of `extensions`
---@field mime_types string[] CFBundleTypeMIMETypes
---@field os_types string[] CFBundleTypeOSTypes
---@field is_package? boolean LSTypeIsPackage
---@field document_class? string NSDocumentClass
---@field location uniform.Location the entry's dictionary
---@field binds_nothing boolean none of the four binding keys is present

---A type declaration (manifest, rule or catalog).
---@class uniform.Declaration
---@field id string UTTypeIdentifier
---@field kind "exported"|"imported"
---@field origin string "catalog", "rule", "dynamic" or the declaring app's bundle id
---@field parents string[] UTTypeConformsTo
---@field parent_locations uniform.Location[] position of each parent
---@field tags uniform.Tags UTTypeTagSpecification
---@field tag_classes string[] tag classes in declaration order
---@field description? string
---@field reference_url? string
---@field location uniform.Location
---@field winner? boolean only from uniform.declarations(): this declaration takes precedence

---A type, as uniform.type and Resolution.type describe it.
---@class uniform.Type
---@field id string identifier (`dyn.…` for dynamic types)
---@field dynamic boolean
---@field declared boolean declared by the catalog, a manifest or a rule
---@field supertypes string[] every supertype, nearest first, without the type itself
---@field parents? string[] direct parents; nil for an undeclared identifier
---@field alternatives string[] other declared types with the same tag
---@field wildcard boolean claimed as a wildcard (public.data, public.item, …)
---@field tags uniform.Tags
---@field declared_by? uniform.Declaration the winning declaration
---@field declarations? uniform.Declaration[] every declaration of the identifier
---@field description? string

---A handler of a resolution.
---@class uniform.Candidate
---@field bundle_id string
---@field name? string app name
---@field rank uniform.Rank
---@field role uniform.Role
---@field match uniform.MatchKind
---@field distance integer conformance steps to the claimed type (0 for exact)
---@field claim uniform.Location the matching CFBundleDocumentTypes entry
---@field claimed_type string identifier (or legacy tag) the claim named
---@field path string[] conformance path from the document's type to claimed_type
---@field reasons string[] why it is a candidate
---@field user_default boolean chosen by a user default
---@field pinned boolean pinned by a policy

---The ordered candidates a policy receives: a Lua array of candidates with methods.
---@class uniform.CandidateList
---@field [integer] uniform.Candidate
local CandidateList = {}

---The candidate with that bundle id, or nil.
---@param id string
---@return uniform.Candidate?
function CandidateList:find(id) end

---The 1-based position of a bundle id, or nil.
---@param id string
---@return integer?
function CandidateList:position(id) end

---The bundle ids in the current order (a new plain list).
---@return string[]
function CandidateList:ids() end

---Moves an app first and makes it the default (the last pin wins). Error if it is not a candidate.
---@param id string
---@param reason? string shown in the explanation
function CandidateList:pin(id, reason) end

---Removes an app; the reason is required and shown in `excluded`. Error if it is not a candidate.
---@param id string
---@param reason string
function CandidateList:drop(id, reason) end

---Moves an app to a position (clamped to 1…#list). Error if it is not a candidate.
---@param id string
---@param position integer
function CandidateList:move(id, position) end

---Sorts in place, like table.sort.
---@param less fun(a: uniform.Candidate, b: uniform.Candidate): boolean
function CandidateList:sort(less) end

---A claim that matched but does not make its app a handler.
---@class uniform.Exclusion
---@field bundle_id string
---@field reason string
---@field rank uniform.Rank
---@field role uniform.Role
---@field match uniform.MatchKind
---@field distance integer
---@field claim uniform.Location
---@field claimed_type string

---What a policy or hide function is asked about.
---@class uniform.Query
---@field text string the target as given
---@field kind uniform.TargetKind how the target was read
---@field role uniform.RoleQuery
---@field type string the resolved identifier
---@field dynamic boolean
---@field supertypes string[]
---@field from? string the sending app
---@field tag? string the tag the target carried
---@field tag_class? string its tag class
---@field platform? "ios"|"macos" the platform answered for (each is its own world)

---The answer to uniform.resolve.
---@class uniform.Resolution
---@field query uniform.Query
---@field type uniform.Type
---@field handlers uniform.Candidate[] best first
---@field excluded uniform.Exclusion[]
---@field default? string the default handler (nil when the user must choose)
---@field previewable boolean Quick Look can preview the type
---@field previewed_by string[] preview extensions in the world for the type
---@field notes string[]

---A finding of a check or of the loader.
---@class uniform.Finding
---@field rule string rule id
---@field severity uniform.Severity
---@field message string
---@field location? uniform.Location
---@field subject? string

---The result of uniform.send.
---@class uniform.SendResult
---@field accepted boolean
---@field reason? string why it was refused
---@field type string the document's type
---@field url? string the URL the receiver gets
---@field source_application? string
---@field annotation? table<string, uniform.PlistValue> the annotation after the routes
---@field open_in_place boolean
---@field platform? "ios"|"macos" the platform the hand-off was answered on
---@field notes string[] what the platform does differently (macOS: no Inbox copy, no annotation)

---An app outside the set that can open a type.
---@class uniform.ExposureEntry: uniform.Candidate
---@field type string the resolved identifier
---@field app string the bundle id
---@field platform? "ios"|"macos" the platform answered for

---The result of uniform.exposure: exact/legacy/conforms entries in the array part.
---@class uniform.Exposure
---@field [integer] uniform.ExposureEntry
---@field wildcard uniform.ExposureEntry[] wildcard matches, listed apart

---A raw property-list node (uniform.plist).
---@class uniform.PlistNode
---@field kind uniform.PlistKind
---@field value? string|number|integer|boolean scalars; dates as ISO 8601, data as byte strings
---@field location uniform.Location
---@field entries? uniform.PlistEntry[] dictionaries, in file order
---@field items? uniform.PlistNode[] arrays

---A dictionary entry of a raw property list.
---@class uniform.PlistEntry
---@field key string
---@field location uniform.Location the <key>
---@field value uniform.PlistNode

---The document a route sees.
---@class uniform.RouteDocument
---@field file string
---@field type string
---@field supertypes string[]
---@field platform? "ios"|"macos" the platform the hand-off runs on

---A decoded dynamic identifier.
---@class uniform.DynamicDecoded
---@field conforms_to string[]
---@field tags uniform.Tags
---@field payload string

-- ─── Argument tables ─────────────────────────────────────────────────────────

---@class uniform.TypeDeclarationArgs
---@field id string
---@field conforms_to? uniform.StringOrList
---@field extensions? uniform.StringOrList leading "." dropped
---@field mime_types? uniform.StringOrList
---@field os_types? uniform.StringOrList
---@field tags? table<string, uniform.StringOrList> other tag classes
---@field description? string
---@field reference_url? string

---@class uniform.ClaimArgs
---@field types? uniform.StringOrList LSItemContentTypes
---@field role? "Editor"|"Viewer"|"Shell"|"None"|"QLGenerator"|"MDImporter" default Viewer
---@field rank? "Owner"|"Default"|"Alternate"|"None" default Default
---@field extensions? uniform.StringOrList legacy CFBundleTypeExtensions
---@field mime_types? uniform.StringOrList legacy CFBundleTypeMIMETypes
---@field os_types? uniform.StringOrList legacy CFBundleTypeOSTypes
---@field name? string

---@class uniform.DeclareAppArgs
---@field id string bundle id; must not exist yet
---@field name? string
---@field platform? "ios"|"macos" default macos
---@field claims? uniform.ClaimArgs[]
---@field exports? uniform.TypeDeclarationArgs[]
---@field imports? uniform.TypeDeclarationArgs[]
---@field opens_in_place? boolean
---@field supports_document_browser? boolean

---Give exactly one of type, extension, mime.
---@class uniform.SetDefaultArgs
---@field type? string
---@field extension? string
---@field mime? string
---@field app string bundle id, in any case
---@field role? uniform.RoleQuery default all

---@class uniform.HideArgs
---@field type string documents of this type or a subtype
---@field only uniform.StringOrList bundle-id patterns that may still see them (`*`, `?`; case is ignored)
---@field reason? string

---@class uniform.CheckArgs
---@field id string
---@field severity? uniform.Severity default warning
---@field description? string
---@field example? string what it catches, in words
---@field examples? uniform.CheckExamples runnable examples `uniform rules ID` prints
---@field related? uniform.StringOrList rule ids a reader would look at next
---@field variant? {severity: uniform.Severity, when: string} the other severity some findings take, and when
---@field supersedes? uniform.StringOrList rule ids whose findings at the same place this check's finding replaces
---@field source? string the Apple documentation the rule rests on
---@field run fun(report: uniform.Report)

--- A string is the keys of an app's `App/Info.plist` (inside its root dict); a table holds
--- files by path, and `arguments` for `uniform check`.
---@alias uniform.CheckExample string|table<string, string|string[]>

---@class uniform.CheckExamples
---@field triggering? uniform.CheckExample[] inputs the check must report
---@field non_triggering? uniform.CheckExample[] similar inputs it must stay quiet on

---@class uniform.ReportArgs
---@field message string
---@field at? uniform.Location|{location: uniform.Location} default: the line that called report
---@field severity? uniform.Severity
---@field subject? string
---@field related? (uniform.Location|{location: uniform.Location})[] other places of the same cause

---Reports a finding: `report{message=, at=, severity=, subject=, related=}` or `report(message, at)`.
---@alias uniform.Report fun(finding: uniform.ReportArgs|string, at?: uniform.Location|{location: uniform.Location})

---Which platform's world a query answers in. Without it: the configuration's, the one being
---answered for, else the only one with apps (an error when both have apps).
---@class uniform.PlatformOption
---@field platform? "ios"|"macos"

---@class uniform.TypeOptions
---@field conforming_to? string
---@field platform? "ios"|"macos" type it as that platform does, in its own world

---@class uniform.LookupArgs
---@field extension? string
---@field mime? string
---@field os_type? string
---@field pasteboard? string
---@field conforming_to? string
---@field all? boolean return every identifier with the tag
---@field platform? "ios"|"macos" the platform's own world

---An app behind a claim (uniform.claims).
---@class uniform.ClaimingApp
---@field app string bundle id
---@field rank string Owner, Default, Alternate or None
---@field role string Editor, Viewer, Shell, QLGenerator or None
---@field claimed_as string the identifier or legacy tag the document type names
---@field location uniform.Location

---A type claiming a tag (uniform.claims): a declaration plus the verdict and the apps.
---@class uniform.ClaimEntry: uniform.Declaration
---@field wins boolean the type the lookup picks
---@field shadowed boolean another declaration of the same identifier takes precedence
---@field reason string why it wins or loses
---@field declared_by string[] bundle ids of the declaring apps
---@field claimed_by uniform.ClaimingApp[]

---Every type claiming an extension or MIME type (uniform.claims).
---@class uniform.ClaimMap
---@field tag string
---@field tag_class string
---@field winner? string
---@field types uniform.ClaimEntry[]
---@field legacy uniform.ClaimingApp[]

---@class uniform.ResolveOptions
---@field role? uniform.RoleQuery
---@field from? string the sender's bundle id (recorded as query.from)
---@field conforming_to? string
---@field platform? "ios"|"macos" answer in that platform's own world (required when both have apps and nothing else chooses)
---@field policies? boolean false: without the rules' policies and hide rules (Launch Services alone)

---@class uniform.SendArgs
---@field file string
---@field from string
---@field to string
---@field annotation? table<string, uniform.PlistValue>
---@field inbox? uniform.StringOrList names already in the receiver's Inbox
---@field platform? "ios"|"macos" the device (default: as every query chooses, else the receiver's)

---@class uniform.DeclarationsOptions
---@field catalog? boolean include the system catalog
---@field platform? "ios"|"macos" the platform's own world

---@class uniform.ExposureArgs
---@field type? uniform.StringOrList
---@field types? uniform.StringOrList
---@field inside? uniform.StringOrList bundle-id patterns of "my" apps
---@field platform? "ios"|"macos" the platform's own world

---@alias uniform.PolicyFunction fun(query: uniform.Query, candidates: uniform.CandidateList): (uniform.Candidate[]|string[]|nil)
---@alias uniform.HideFunction fun(query: uniform.Query, candidate: uniform.Candidate): (boolean?, string?)
---@alias uniform.RouteFunction fun(annotation: table<string, uniform.PlistValue>?, from: string, to: string, document: uniform.RouteDocument): (table|boolean|nil, string?)

-- ─── The API ─────────────────────────────────────────────────────────────────

---The uniform rule API.
uniform = {}

---Dynamic identifiers.
uniform.dyn = {}

---The tool's version, e.g. "0.2.0".
---@type string
uniform.version = "0.2.0"

-- Declarations

---Declares an exported type. Returns its identifier.
---@param args uniform.TypeDeclarationArgs
---@return string id
function uniform.export(args) end

---Declares an imported type. Returns its identifier.
---@param args uniform.TypeDeclarationArgs
---@return string id
function uniform.import(args) end

---Adds a synthetic app (what-if questions, tests). Returns its bundle id.
---@param args uniform.DeclareAppArgs
---@return string bundle_id
function uniform.declare_app(args) end

---Sets a user default handler for a type, extension or MIME type.
---@param args uniform.SetDefaultArgs
function uniform.set_default(args) end

-- Rules

---Registers a ranking policy: reorder, drop (with a reason) or pin, never add.
---@overload fun(fn: uniform.PolicyFunction)
---@param name string
---@param fn uniform.PolicyFunction
function uniform.policy(name, fn) end

---Restricts which apps see a type in Open In: `{type=, only=, reason=}` or a function.
---@param rule uniform.HideArgs|uniform.HideFunction
function uniform.hide(rule) end

---Registers an annotation routing rule.
---@overload fun(fn: uniform.RouteFunction)
---@param name string
---@param fn uniform.RouteFunction
function uniform.route(name, fn) end

---`false, reason`: return it from a route to refuse the hand-off.
---@param reason? string default "refused"
---@return false
---@return string reason
function uniform.refuse(reason) end

---Registers a check that reports findings.
---@param args uniform.CheckArgs
function uniform.check(args) end

-- Queries

---The type of a target (`.ext`, MIME type, identifier, file name; `uti:`/`ext:`/`mime:`/`file:` force a reading).
---@param target string
---@param options? uniform.TypeOptions
---@return uniform.Type
function uniform.type(target, options) end

---A bare tag lookup; with `all = true`, every declared identifier with the tag.
---@param args uniform.LookupArgs
---@return uniform.Type|string[]
function uniform.lookup(args) end

---Every declared type claiming an extension (`.pdb`) or MIME type, the winner first, with the apps behind each.
---@param tag string
---@param options? uniform.PlatformOption
---@return uniform.ClaimMap
function uniform.claims(tag, options) end

---Whether target `a` conforms to identifier `b`.
---@param a string target
---@param b string identifier
---@param options? uniform.PlatformOption
---@return boolean
function uniform.conforms(a, b, options) end

---Every supertype of the target, nearest first.
---@param target string
---@param options? uniform.PlatformOption
---@return string[]
function uniform.supertypes(target, options) end

---The tags of the target's type, by tag class.
---@param target string
---@param options? uniform.PlatformOption
---@return uniform.Tags
function uniform.tags(target, options) end

---Which apps open the document, best first, with the default and the reasons.
---@param target string
---@param options? uniform.ResolveOptions
---@return uniform.Resolution
function uniform.resolve(target, options) end

---The text of `uniform resolve TARGET --explain`, for one platform.
---@param target string
---@param options? uniform.ResolveOptions
---@return string
function uniform.explain(target, options) end

---Simulates an Open-In hand-off (routes apply).
---@param args uniform.SendArgs
---@return uniform.SendResult
function uniform.send(args) end

---Every app of the world, of every platform (or of the platform being answered for).
---@return uniform.App[]
function uniform.apps() end

---One app by bundle id, in any case (the exact spelling first).
---@param bundle_id string
---@return uniform.App?
function uniform.app(bundle_id) end

---The app's Info.plist as a raw tree with locations (nil for unknown and synthetic apps).
---@param bundle_id string
---@return uniform.PlistNode?
function uniform.plist(bundle_id) end

---Every type declaration (manifests and rules; the catalog with `catalog = true`), with `winner`.
---@param options? uniform.DeclarationsOptions
---@return uniform.Declaration[]
function uniform.declarations(options) end

---Apple's documented Info.plist keys for a context ("root" by default), on one platform or any.
---@param options? { context?: string, platform?: string }
---@return string[]
function uniform.plist_keys(options) end

---What .uniform.lua says about the team: `suite` (its apps' bundle-id patterns) and `private_types`.
---@return { suite: string[], private_types: string[] }
function uniform.team() end

---Whether a type identifier belongs to the app's own organisation (TLD swaps, project domain in the app id).
---@param type_id string
---@param app_id string
---@return boolean
function uniform.same_vendor(type_id, app_id) end

---The release whose system types the answers hold (`--os`, `os =`), e.g. "macos27"; without an
---argument, the platform being answered for (an error when both are in play and none is).
---@param platform? "ios"|"macos"
---@return string
function uniform.os(platform) end

---The platforms with a world of their own; with an app id, the platforms that app exists on.
---@param app? string
---@return string[]
function uniform.platforms(app) end

---Whether the catalog, a manifest or a rule declares the identifier (in one platform's world).
---@param id string
---@param options? uniform.PlatformOption
---@return boolean
function uniform.is_declared(id, options) end

---The findings of the loader and the type graph (not those of checks).
---@return uniform.Finding[]
function uniform.findings() end

---Which apps outside `inside` can open the types; wildcard matches in `.wildcard`.
---@param args uniform.ExposureArgs
---@return uniform.Exposure
function uniform.exposure(args) end

---Up to three declared identifiers similar to `id` (did you mean), in one platform's world.
---@param id string
---@param options? uniform.PlatformOption
---@return string[]
function uniform.similar_types(id, options) end

---Case-insensitive Levenshtein distance.
---@param a string
---@param b string
---@param limit? integer a distance above it comes back as limit + 1
---@return integer
function uniform.edit_distance(a, b, limit) end

---The dyn.* identifier for a tag. tag_class: "extension", "mime", "os_type", "pasteboard" or a tag-class identifier.
---@param tag_class string
---@param tag string
---@param conforming_to? string
---@return string
function uniform.dyn.encode(tag_class, tag, conforming_to) end

---Decodes a dyn.* identifier; nil if it is not one.
---@param id string
---@return uniform.DynamicDecoded?
function uniform.dyn.decode(id) end

-- ─── Modules ─────────────────────────────────────────────────────────────────

---Runs `name.lua` from the configuration's `lua_path` (default `{ "rules/?.lua" }`, relative to
---the repository's root; dots in `name` become `/`) once per Lua state and returns its value
---(`true` when it returns nothing). Only inside the repository; a cycle, a missing module or a
---path leading out is an error at this line.
---@param name string e.g. "team.naming"
---@return any
function require(name) end
