#!/bin/sh
# Writes uniform's manual pages: swift-argument-parser's generate-manual, then what it cannot say.
#
#   scripts/manpages.sh UNIFORM GENERATE_MANUAL OUTPUT_DIRECTORY [YYYY-MM-DD]
#
# Used by scripts/release.sh (tarball, .deb) and the Homebrew formula, so every route installs
# the same pages. What generate-manual (swift-argument-parser 1.8) does and how it is mended:
#
# - It drops every non-ASCII character (String+Escaping.swift: `for character in self where
#   character.isASCII`): "why — offline" became "why  offline". The help it reads
#   (`--experimental-dump-help`) passes through a filter first: an em dash becomes roff's \(em
#   in the text (rendered as a dash on UTF-8 terminals, "--" on ASCII ones) and "--" in NAME
#   lines, which whatis(1) and apropos(1) print as they are; "…" becomes "...".
# - A subcommand's NAME is `.Nm "uniform check"`: mandb's lexgrog cannot parse a name with a
#   blank (`man -k uniform` listed the 14 subcommand pages as "(unknown subject)"). NAME says
#   `uniform.check`, the page's file name (what `man uniform.check` opens); the SYNOPSIS and
#   the text keep the command as typed, `uniform check`.
# - `.Nd "…"` keeps its quotes in whatis: they are dropped.
# - EXIT STATUS is mdoc's generic `.Ex -std` ("exits 0 on success, and >0 if an error occurs");
#   each page says what the command's statuses mean (0/1/2, as in README.md and
#   Sources/uniform/main.swift).
set -eu

[ $# -ge 3 ] || { echo "usage: scripts/manpages.sh UNIFORM GENERATE_MANUAL OUTPUT_DIRECTORY [YYYY-MM-DD]" >&2; exit 2; }
uniform=$1
generate_manual=$2
output=$3
date=${4:-}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# generate-manual runs its argument with --experimental-dump-help; this stands in for uniform.
# The sentinel is ASCII, so it survives generate-manual, and is replaced below.
cat >"$scratch/uniform" <<'EOF'
#!/bin/sh
"$UNIFORM_MANUAL_BINARY" "$@" | LC_ALL=C sed -e 's/—/@EMDASH@/g' -e 's/…/.../g'
EOF
chmod +x "$scratch/uniform"

mkdir -p "$output"
if [ -n "$date" ]; then
    UNIFORM_MANUAL_BINARY=$uniform "$generate_manual" "$scratch/uniform" --multi-page --date "$date" \
        --authors "the uniform contributors" --output-directory "$output"
else
    UNIFORM_MANUAL_BINARY=$uniform "$generate_manual" "$scratch/uniform" --multi-page \
        --authors "the uniform contributors" --output-directory "$output"
fi

# The EXIT STATUS of a command, as mdoc: one item per status.
exit_status() {
    echo '.Bl -tag -width Ds'
    case "$1" in
        check)
            echo '.It 0'
            echo 'No error findings (and, with --strict, no warnings).'
            echo '.It 1'
            echo 'An error finding, or a warning with --strict (also a baseline entry that no longer occurs, with --strict-baseline).'
            ;;
        test)
            echo '.It 0'
            echo 'Every selected test passed.'
            echo '.It 1'
            echo 'A test failed or errored, or coverage is below --coverage-threshold.'
            ;;
        conforms)
            echo '.It 0'
            echo 'Every A conforms to B.'
            echo '.It 1'
            echo 'One does not.'
            ;;
        send)
            echo '.It 0'
            echo 'The receiver accepts the document.'
            echo '.It 1'
            echo 'The hand-off is refused.'
            ;;
        diff)
            echo '.It 0'
            echo 'The comparison was made (changes or not).'
            echo '.It 1'
            echo 'With --fail-on-change, a default handler changed.'
            ;;
        repl)
            echo '.It 0'
            echo 'The session ended normally.'
            echo '.It 1'
            echo 'Standard input is not a terminal and a line failed.'
            ;;
        uniform)
            echo '.It 0'
            echo 'Success: a clean check, passing tests, a yes.'
            echo '.It 1'
            echo 'An answer of no: findings that fail a check, failing tests, a refused hand-off, a type that does not conform.'
            ;;
        *)
            echo '.It 0'
            echo 'Success.'
            ;;
    esac
    echo '.It 2'
    echo 'A usage or input error: an unknown option, a manifest or rule file that cannot be read, a rule that raises an error, nothing to check.'
    echo '.El'
}

for page in "$output"/uniform*.1; do
    file=$(basename "$page" .1)
    command=${file#uniform.}
    [ "$file" = uniform ] && command=uniform
    exit_status "$command" >"$scratch/exit"
    # The command as typed ("uniform check") from the file name (uniform.check).
    typed=$(echo "$file" | tr . ' ')
    awk -v file="$file" -v typed="$typed" -v exitfile="$scratch/exit" '
        /^\.Sh / { section = $0 }
        section == ".Sh NAME" && /^\.Nm / { print ".Nm " file; next }
        section == ".Sh NAME" && /^\.Nd / {
            line = $0
            sub(/^\.Nd "/, ".Nd ", line); sub(/"$/, "", line)
            gsub(/@EMDASH@/, "--", line)
            print line; next
        }
        $0 == ".Nm" && file != "uniform" { print ".Nm \"" typed "\""; next }
        $0 == ".Ex -std" { while ((getline line < exitfile) > 0) print line; next }
        { gsub(/@EMDASH@/, "\\(em"); print }
    ' "$page" >"$scratch/page"
    cat "$scratch/page" >"$page"
done
