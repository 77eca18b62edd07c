import UniformCore
import UniformLua

extension UniformAPI {
    /// `uniform.policy`, `uniform.hide`, `uniform.route`, `uniform.refuse`, `uniform.check`.
    func ruleFunctions(into functions: inout [String: (LuaCallContext) throws -> [LuaValue]]) {
        functions["policy"] = { ctx in
            let location = self.caller(ctx)
            let (name, function): (String, LuaFunction)
            switch (ctx[1], ctx[2]) {
            case (.string(let n), .function(let f)): (name, function) = (n, f)
            case (.function(let f), _): (name, function) = ("\(location)", f)
            default:
                throw LuaArguments.Problem(
                    description: "uniform.policy expects (name, function(query, candidates) … end)")
            }
            self.engine.policies.append(PolicyRule(name: name, function: function, location: location))
            return []
        }
        functions["hide"] = { ctx in
            let location = self.caller(ctx)
            switch ctx[1] {
            case .function(let f):
                self.engine.hides.append(HideRule(kind: .function(f), location: location))
            case .table:
                let args = try self.arguments(ctx, "hide")
                try args.allowOnly(["type", "only", "reason"])
                let only = try args.strings("only")
                guard !only.isEmpty else {
                    throw args.fail(
                        "'only' lists the bundle ids (patterns like 'com.acme.*') that may still see the type")
                }
                self.engine.hides.append(
                    HideRule(
                        kind: .restrict(
                            type: try args.requiredString("type"), only: only, reason: try args.string("reason")),
                        location: location))
            default:
                throw LuaArguments.Problem(
                    description: "uniform.hide expects { type = …, only = { … } } or function(query, candidate) … end")
            }
            return []
        }
        functions["route"] = { ctx in
            let location = self.caller(ctx)
            switch (ctx[1], ctx[2]) {
            case (.function(let f), _): self.engine.routes.append(RouteRule(name: nil, function: f, location: location))
            case (.string(let n), .function(let f)):
                self.engine.routes.append(RouteRule(name: n, function: f, location: location))
            default:
                throw LuaArguments.Problem(
                    description: "uniform.route expects function(annotation, from, to, document) … end")
            }
            return []
        }
        functions["refuse"] = { ctx in
            [.boolean(false), .string(try ctx.optionalString(1) ?? "refused")]
        }
        functions["check"] = { ctx in
            let args = try self.arguments(ctx, "check")
            try args.allowOnly([
                "id", "severity", "description", "example", "examples", "related", "supersedes", "variant", "source",
                "run",
            ])
            let id = try args.requiredString("id")
            let severity =
                try args.string("severity").map { s -> Severity in
                    guard let parsed = Severity(rawValue: s.lowercased()) else {
                        throw args.fail("'severity' must be error, warning or note")
                    }
                    return parsed
                } ?? .warning
            guard let run = try args.function("run") else {
                throw args.fail("'run' is required: function(report) … end")
            }
            if self.engine.checks.contains(where: { $0.info.id == id }) {
                throw args.fail(
                    "a check '\(id)' is already defined at \(self.engine.checks.first { $0.info.id == id }!.info.location)"
                )
            }
            var info = CheckInfo(
                id: id, severity: severity, description: try args.string("description") ?? "",
                example: try args.string("example"), location: self.caller(ctx))
            info.source = try args.string("source")
            info.related = try args.strings("related")
            info.supersedes = try args.strings("supersedes")
            info.variant = try args.variant()
            (info.triggering, info.nonTriggering) = try args.examples()
            self.engine.checks.append(CheckRule(info: info, function: run))
            return []
        }
    }
}
