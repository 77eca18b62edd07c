import UniformCore
import UniformRules

/// A command-line TARGET read as every query command reads it: an input error (exit 2) when
/// it cannot be answered, a note on standard error when it is read other than it may look.
enum TargetArgument {
    static func parse(_ text: String, graph: TypeGraph) throws -> Target {
        let target = Target.parse(text, graph: graph)
        if let problem = Target.inputError(for: text, target: target) { throw CommandFailure.input(problem) }
        if let hint = Target.readingHint(for: text, target: target, graph: graph) {
            Output.error("uniform: note: " + hint)
        }
        return target
    }
}
