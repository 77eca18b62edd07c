/// Files a test's fixtures read (`fixture.manifests`, `fixture.rules`), gathered over a run
/// so `uniform test --watch` runs again when one of them changes.
final class ReadFiles {
    var paths: Set<String> = []
}
