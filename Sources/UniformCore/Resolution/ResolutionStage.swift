/// A step that runs after the default ordering and user defaults: hide rules and ranking
/// policies from the rules engine. Stages run in load order, each on the previous output;
/// they may reorder, drop (recording why) or pin, and must record what they did as touches.
public protocol ResolutionStage {
    func apply(to resolution: inout Resolution, in world: World) throws
}
