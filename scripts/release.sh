#!/usr/bin/env bash
# Release packaging for `uniform`. Every artefact lands in dist/ (git-ignored).
#
#   scripts/release.sh [build]              build a self-contained binary for this machine and pack
#                                           dist/uniform-VERSION-OS-ARCH.tar.gz (+ .sha256)
#   scripts/release.sh verify TARBALL       unpack it elsewhere and prove it stands alone
#   scripts/release.sh merge-macos A B      lipo two macOS tarballs (arm64, x86_64) into one universal
#   scripts/release.sh bundle TARBALL...    dist/uniform-VERSION.artifactbundle.zip for SwiftPM
#   scripts/release.sh deb TARBALL          dist/uniform_VERSION_ARCH.deb from a Linux tarball
#   scripts/release.sh formula OWNER/REPO   dist/uniform-VERSION-source.tar.gz and dist/uniform.rb
#   scripts/release.sh notes                this version's CHANGELOG.md section (release notes)
#
# Self-contained means: on Linux the Swift runtime and Foundation are linked statically
# (--static-swift-stdlib), and so are Lua (Debian's liblua5.4.a) and libedit with what it needs
# (libedit.a, libtinfo.a, libbsd.a, libmd.a); what remains is glibc, libstdc++, libgcc_s and zlib,
# which every Debian-like system has. On macOS the Swift runtime, Foundation and libedit are part
# of the OS; Lua (Homebrew's lua@5.4, liblua.a) is linked statically.
#
# The tarball holds bin/uniform, man pages (swift-argument-parser's generate-manual, run on the
# built binary), bash/zsh/fish completions, the Lua language server's definitions
# (share/uniform/lua), LICENSE and THIRD-PARTY-NOTICES.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dist="$root/dist"
build_path="$root/.build-release"

die() { echo "release.sh: $*" >&2; exit 1; }
# Temporary folders, removed however the script ends (a failed check exits through die; a
# RETURN trap would not run then).
scratch=()
trap 'rm -rf ${scratch[@]+"${scratch[@]}"}' EXIT

sha256() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
os_name() { case "$(uname -s)" in Darwin) echo macos ;; Linux) echo linux ;; *) die "unsupported system $(uname -s)" ;; esac; }

# pkg-config files that name static-only library folders, so the linker cannot pick a .so/.dylib.
static_pkgconfig() {
    local dir="$build_path/static" lib
    rm -rf "$dir" && mkdir -p "$dir/lib" "$dir/pkgconfig"
    if [ "$(os_name)" = linux ]; then
        for lib in liblua5.4.a libedit.a libtinfo.a libbsd.a libmd.a; do
            local found
            found=$(cc -print-file-name="$lib")
            [ -f "$found" ] || die "$lib not found: install liblua5.4-dev libedit-dev libncurses-dev libbsd-dev libmd-dev"
            ln -s "$found" "$dir/lib/$lib"
        done
        cat >"$dir/pkgconfig/lua5.4.pc" <<EOF
Name: lua5.4 (static)
Description: Debian's liblua5.4.a
Version: $(pkg-config --modversion lua5.4)
Libs: -L$dir/lib -llua5.4 -lm
Cflags: $(pkg-config --cflags lua5.4)
EOF
        cat >"$dir/pkgconfig/libedit.pc" <<EOF
Name: libedit (static)
Description: Debian's libedit.a and what it needs
Version: $(pkg-config --modversion libedit)
Libs: -L$dir/lib -ledit -ltinfo -lbsd -lmd
Cflags: $(pkg-config --cflags libedit)
EOF
    else
        local lua_prefix
        lua_prefix=$(brew --prefix lua@5.4 2>/dev/null) || die "brew install lua@5.4"
        [ -f "$lua_prefix/lib/liblua.a" ] || die "$lua_prefix/lib/liblua.a not found"
        ln -s "$lua_prefix/lib/liblua.a" "$dir/lib/liblua5.4.a"
        cat >"$dir/pkgconfig/lua5.4.pc" <<EOF
Name: lua5.4 (static)
Description: Homebrew's lua@5.4 liblua.a
Version: $(PKG_CONFIG_PATH="$lua_prefix/lib/pkgconfig" pkg-config --modversion lua5.4)
Libs: -L$dir/lib -llua5.4 -lm
Cflags: $(PKG_CONFIG_PATH="$lua_prefix/lib/pkgconfig" pkg-config --cflags lua5.4)
EOF
    fi
    echo "$dir/pkgconfig"
}

notices() {
    echo "uniform links the following software into its binary. Their licences follow."
    echo
    echo "== Lua 5.4 (https://www.lua.org) =="
    local lua_h
    # The flags are words of their own (pkg-config prints them for the shell to split).
    # shellcheck disable=SC2046
    lua_h=$(printf '#include <lua.h>\n' | cc -E -H $(pkg-config --cflags lua5.4) - 2>&1 >/dev/null | awk '/lua\.h$/ && !found { print $2; found = 1 }')
    [ -f "$lua_h" ] || die "lua.h not found for the licence text"
    # The licence closes lua.h: from its copyright line to the end of that comment.
    awk '/^\* Copyright \(C\) 1994/ { on = 1 } on && /\*\*\*\/$/ { exit } on { sub(/^\* ?/, ""); print }' "$lua_h"
    echo
    echo "== ZIPFoundation (https://github.com/weichsel/ZIPFoundation) =="
    cat "$build_path/checkouts/ZIPFoundation/LICENSE"
    echo
    echo "== swift-argument-parser (https://github.com/apple/swift-argument-parser) =="
    cat "$build_path/checkouts/swift-argument-parser/LICENSE.txt"
    echo
    if [ "$(os_name)" = linux ]; then
        # The toolchain's own licence text covers the runtime, the standard library and Foundation
        # linked in by --static-swift-stdlib.
        local swift_license
        swift_license="$(dirname "$(command -v swiftc)")/../share/swift/LICENSE.txt"
        [ -f "$swift_license" ] || die "the Swift toolchain's LICENSE.txt not found at $swift_license"
        echo "== The Swift runtime, standard library and Foundation (https://swift.org) =="
        cat "$swift_license"
        echo
        # Foundation carries ICU's code and data (swift-foundation-icu), under Unicode's licence.
        echo "== ICU, in Foundation (https://github.com/apple/swift-foundation-icu) =="
        echo "Copyright (C) 2016 and later: Unicode, Inc. and others. ICU's code and data are under the"
        echo "Unicode License V3, https://www.unicode.org/license.txt; swift-foundation-icu's packaging under"
        echo "the Apache License 2.0 with the Runtime Library Exception (above)."
        if [ -f /usr/share/doc/libicu72/copyright ]; then
            echo "ICU's licence text as Debian ships it (/usr/share/doc/libicu72/copyright):"
            awk '/^Files: debian/ { exit } { print }' /usr/share/doc/libicu72/copyright
        fi
        echo
        local pkg
        for pkg in libedit2 libtinfo6 libbsd0 libmd0; do
            echo "== $pkg (Debian package, /usr/share/doc/$pkg/copyright) =="
            cat "/usr/share/doc/$pkg/copyright"
            echo
        done
    fi
}

# SHA256SUMS: what install.sh checks the unpacked files against.
seal() {
    local sums
    sums=$(cd "$1" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort \
        | while read -r file; do sha256 "$file"; done)
    echo "$sums" >"$1/SHA256SUMS"
}

build() {
    local os arch version pc stage name
    os=$(os_name)
    arch=$(uname -m); [ "$arch" = aarch64 ] && arch=arm64
    pc=$(static_pkgconfig)
    # For the build and for notices(), which finds lua.h through pkg-config (keg-only on macOS).
    export PKG_CONFIG_PATH="$pc${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    local flags=(-c release --build-path "$build_path")
    [ "$os" = linux ] && flags+=(--static-swift-stdlib --disable-local-rpath)
    echo "building uniform (${flags[*]})"
    swift build "${flags[@]}" --product uniform
    swift build -c release --build-path "$build_path" --product generate-manual
    local bin="$build_path/release/uniform"
    version=$("$bin" --version)
    name="uniform-$version-$os-$arch"
    stage="$build_path/stage/$name"
    rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
        "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" "$stage/share/uniform/lua"
    cp "$bin" "$stage/bin/uniform"
    if [ "$os" = linux ]; then strip --strip-all "$stage/bin/uniform"; else strip -x "$stage/bin/uniform"; fi
    "$stage/bin/uniform" --generate-completion-script bash >"$stage/share/bash-completion/completions/uniform"
    "$stage/bin/uniform" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_uniform"
    "$stage/bin/uniform" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/uniform.fish"
    # The manual's date is the commit's, so the same commit packs the same pages.
    local date
    date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
    scripts/manpages.sh "$stage/bin/uniform" "$build_path/release/generate-manual" "$stage/share/man/man1" "$date"
    # The Lua language server's definitions: `uniform init` points .luarc.json at this folder.
    cp rules/uniform.d.lua rules/uniform-test.d.lua "$stage/share/uniform/lua/"
    cp LICENSE "$stage/LICENSE"
    notices >"$stage/THIRD-PARTY-NOTICES"
    sed -e "s/@VERSION@/$version/g" -e "s/@OS@/$os/g" -e "s/@ARCH@/$arch/g" scripts/install.sh >"$stage/install.sh"
    chmod 755 "$stage/install.sh"
    seal "$stage"
    mkdir -p "$dist"
    tar -C "$build_path/stage" -czf "$dist/$name.tar.gz" "$name"
    (cd "$dist" && sha256 "$name.tar.gz" >"$name.tar.gz.sha256")
    echo "packed dist/$name.tar.gz"
}

# Proves a tarball stands alone: unpacked in a temporary folder, its binary names no Swift or Lua
# library, and it runs with a minimal environment, the toolchain's library folders off every
# search path, on the bundled example.
verify() {
    local tarball=$1 tmp name bin
    [ -f "$tarball" ] || die "no tarball $tarball"
    (cd "$(dirname "$tarball")" && sha256 -c "$(basename "$tarball").sha256" >/dev/null) || die "checksum mismatch for $tarball"
    tmp=$(mktemp -d)
    scratch+=("$tmp")
    tar -C "$tmp" -xzf "$tarball"
    name=$(basename "$tarball" .tar.gz)
    bin="$tmp/$name/bin/uniform"
    [ -x "$bin" ] || die "$tarball holds no bin/uniform"
    local file
    for file in LICENSE THIRD-PARTY-NOTICES install.sh SHA256SUMS share/man/man1/uniform.1 share/man/man1/uniform.check.1 \
        share/bash-completion/completions/uniform share/zsh/site-functions/_uniform share/fish/vendor_completions.d/uniform.fish \
        share/uniform/lua/uniform.d.lua share/uniform/lua/uniform-test.d.lua; do
        [ -s "$tmp/$name/$file" ] || die "$tarball lacks $file"
    done
    # The notices carry the licences' texts, not their names (issue 31).
    local notice="$tmp/$name/THIRD-PARTY-NOTICES"
    grep -q "Permission is hereby granted, free of charge" "$notice" || die "THIRD-PARTY-NOTICES lacks Lua's licence text"
    grep -q "Runtime Library Exception" "$notice" || die "THIRD-PARTY-NOTICES lacks the Apache 2.0 text with its exception"
    [ "$(grep -c "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" "$notice")" -ge "$([ "$(os_name)" = linux ] && echo 2 || echo 1)" ] \
        || die "THIRD-PARTY-NOTICES lacks the full Apache 2.0 texts"
    local deps
    if [ "$(os_name)" = linux ]; then
        deps=$(ldd "$bin")
        if echo "$deps" | grep -Eiq 'swift|lua|Foundation|dispatch|BlocksRuntime|libedit|not found'; then
            echo "$deps" >&2
            die "the packed binary still needs a shared Swift, Lua or libedit library"
        fi
        if readelf -d "$bin" | grep -Eq 'R(UN)?PATH'; then die "the packed binary carries a library search path"; fi
    else
        # Every Swift binary links /usr/lib/swift/libswiftCore.dylib, part of the OS; anything
        # outside /usr/lib and /System/Library (Homebrew's Lua, a toolchain's runtime) is not.
        deps=$(otool -L "$bin" | tail -n +2)
        if echo "$deps" | grep -Ev '^[[:space:]]*(/usr/lib/|/System/Library/)' | grep -q .; then
            echo "$deps" >&2
            die "the packed binary needs a library outside the OS"
        fi
    fi
    local out
    # The README's main job, then a check of the same apps with the standard rules.
    out=$(env -i PATH=/usr/bin:/bin HOME="$tmp" "$bin" resolve .pdb -m examples/molecules/apps \
        -r examples/molecules/rules/molecules.lua --explain) || die "the packed binary failed to run: $out"
    echo "$out" | grep -q "com.sunsetlakesoftware.molecules" || die "unexpected output: $out"
    env -i PATH=/usr/bin:/bin HOME="$tmp" "$bin" check -m examples/molecules/apps >/dev/null \
        || die "uniform check failed on the example"
    # `uniform init` finds the definitions installed beside the binary and names them.
    mkdir "$tmp/editor" && git -C "$tmp/editor" init -q
    out=$(cd "$tmp/editor" && env -i PATH=/usr/bin:/bin HOME="$tmp" "$bin" init --editor-files) \
        || die "uniform init --editor-files failed: $out"
    grep -Fq "/$name/share/uniform/lua\"" "$tmp/editor/.luarc.json" \
        || die ".luarc.json does not name the installed definitions: $(cat "$tmp/editor/.luarc.json")"
    # install.sh, as the README runs it, into a scratch prefix: the binary it installs runs, and
    # every page says its name to whatis (lexgrog, where man-db is installed).
    sh "$tmp/$name/install.sh" --prefix "$tmp/prefix" >/dev/null || die "install.sh failed"
    out=$("$tmp/prefix/bin/uniform" --version) || die "the installed binary failed to run"
    [ "$out" = "$(echo "$name" | cut -d- -f2)" ] || die "the installed binary says $out"
    if command -v lexgrog >/dev/null; then
        local page
        for page in "$tmp"/prefix/share/man/man1/*.1; do
            lexgrog "$page" >/dev/null || die "whatis cannot read the NAME of $(basename "$page")"
        done
    fi
    echo "verified $(basename "$tarball"): $(echo "$deps" | wc -l | tr -d ' ') shared libraries, all the system's; $(du -h "$bin" | cut -f1) binary"
}

merge_macos() {
    local a=$1 b=$2 tmp version name
    tmp=$(mktemp -d)
    scratch+=("$tmp")
    mkdir "$tmp/a" "$tmp/b"
    tar -C "$tmp/a" -xzf "$a" && tar -C "$tmp/b" -xzf "$b"
    local dir_a dir_b
    dir_a=$(ls -d "$tmp"/a/uniform-*) && dir_b=$(ls -d "$tmp"/b/uniform-*)
    version=$(basename "$dir_a" | sed -E 's/^uniform-([^-]+)-.*/\1/')
    name="uniform-$version-macos-universal"
    mv "$dir_a" "$tmp/$name"
    lipo -create "$tmp/$name/bin/uniform" "$dir_b/bin/uniform" -output "$tmp/$name/bin/uniform.universal"
    mv "$tmp/$name/bin/uniform.universal" "$tmp/$name/bin/uniform"
    lipo -verify_arch "$tmp/$name/bin/uniform" arm64 x86_64
    sed 's/^package_arch=.*/package_arch=universal/' "$tmp/$name/install.sh" >"$tmp/install.sh"
    mv "$tmp/install.sh" "$tmp/$name/install.sh" && chmod 755 "$tmp/$name/install.sh"
    seal "$tmp/$name"
    mkdir -p "$dist"
    tar -C "$tmp" -czf "$dist/$name.tar.gz" "$name"
    (cd "$dist" && sha256 "$name.tar.gz" >"$name.tar.gz.sha256")
    echo "packed dist/$name.tar.gz"
}

# An artifact bundle (SE-0305) for `.binaryTarget(url:checksum:)`: one executable artifact with a
# variant per tarball. The checksum SwiftPM wants is the zip's SHA-256 (`swift package
# compute-checksum`).
bundle() {
    [ $# -gt 0 ] || die "bundle needs at least one tarball"
    local tmp version bundle_name variants="" tarball name triple
    tmp=$(mktemp -d)
    scratch+=("$tmp")
    version=$(basename "$1" | sed -E 's/^uniform-([^-]+)-.*/\1/')
    bundle_name="uniform-$version.artifactbundle"
    mkdir -p "$tmp/$bundle_name"
    for tarball in "$@"; do
        name=$(basename "$tarball" .tar.gz)
        case "$name" in
            *-linux-x86_64) triple='"x86_64-unknown-linux-gnu"' ;;
            *-linux-arm64) triple='"aarch64-unknown-linux-gnu"' ;;
            *-macos-universal) triple='"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
            *-macos-arm64) triple='"arm64-apple-macosx"' ;;
            *-macos-x86_64) triple='"x86_64-apple-macosx"' ;;
            *) die "cannot tell the platform of $name" ;;
        esac
        tar -C "$tmp/$bundle_name" -xzf "$tarball"
        [ -n "$variants" ] && variants+=","
        variants+="
        { \"path\": \"$name/bin/uniform\", \"supportedTriples\": [$triple] }"
    done
    cat >"$tmp/$bundle_name/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "uniform": {
      "version": "$version",
      "type": "executable",
      "variants": [$variants
      ]
    }
  }
}
EOF
    mkdir -p "$dist"
    rm -f "$dist/$bundle_name.zip"
    (cd "$tmp" && zip -qry "$dist/$bundle_name.zip" "$bundle_name")
    # What SwiftPM will read: info.json parses and every variant's executable is in the zip.
    python3 - "$dist/$bundle_name.zip" "$bundle_name" <<'PY' || die "the artifact bundle does not hold what its info.json names"
import json, sys, zipfile
archive, name = zipfile.ZipFile(sys.argv[1]), sys.argv[2]
info = json.loads(archive.read(f"{name}/info.json"))
assert info["schemaVersion"] == "1.0"
for variant in info["artifacts"]["uniform"]["variants"]:
    member = archive.getinfo(f"{name}/{variant['path']}")
    assert (member.external_attr >> 16) & 0o111, f"{variant['path']} is not executable"
PY
    (cd "$dist" && sha256 "$bundle_name.zip" >"$bundle_name.zip.sha256")
    # And SwiftPM itself: a package with the bundle as a binary target runs it from a plugin.
    if command -v swift >/dev/null && [ "$(os_name)" = linux ]; then
        consume_bundle "$dist/$bundle_name.zip" "$version" "$tmp/consumer"
    fi
    echo "packed dist/$bundle_name.zip (checksum $(cut -d' ' -f1 "$dist/$bundle_name.zip.sha256"))"
}

# Makes a package that names the bundle as `.binaryTarget(path:)` and asks SwiftPM to run the
# executable from a command plugin, as a consumer's build-tool or command plugin would.
consume_bundle() {
    local zip=$1 version=$2 consumer=$3 answer
    mkdir -p "$consumer/Plugins/RunUniform"
    cp "$zip" "$consumer/"
    printf '%s\n' '// swift-tools-version:6.0' 'import PackageDescription' \
        'let package = Package(name: "Consumer", targets: [' \
        "    .binaryTarget(name: \"uniform\", path: \"$(basename "$zip")\")," \
        '    .plugin(name: "RunUniform", capability: .command(intent: .custom(verb: "run-uniform", description: "")), dependencies: ["uniform"]),' \
        '])' >"$consumer/Package.swift"
    printf '%s\n' 'import Foundation' 'import PackagePlugin' \
        '@main struct RunUniform: CommandPlugin {' \
        '    func performCommand(context: PluginContext, arguments: [String]) async throws {' \
        '        let process = Process()' \
        '        process.executableURL = try context.tool(named: "uniform").url' \
        '        process.arguments = arguments' \
        '        try process.run()' \
        '        process.waitUntilExit()' \
        '        if process.terminationStatus != 0 { exit(process.terminationStatus) }' \
        '    }' '}' >"$consumer/Plugins/RunUniform/plugin.swift"
    answer=$(cd "$consumer" && swift package run-uniform --version 2>&1) || die "SwiftPM could not run the bundle: $answer"
    [ "$answer" = "$version" ] || die "the bundle's binary answered '$answer', not $version"
    echo "SwiftPM runs the bundle's binary from a plugin: uniform $answer"
}

# A Debian package of a Linux tarball, in Debian's paths: the binary in /usr/bin, the man pages
# gzipped in /usr/share/man/man1, completions where Debian's bash-completion, zsh and fish read
# them (/usr/share/bash-completion/completions, /usr/share/zsh/vendor-completions,
# /usr/share/fish/vendor_completions.d) and the LuaLS definitions in /usr/share/uniform/lua,
# which `uniform init` finds beside /usr/bin. Debian Policy 12.5: the licence in
# /usr/share/doc/uniform/copyright; 12.1: man pages compressed with gzip -9n.
deb() {
    local tarball=$1 tmp name version arch root glibc
    [ -f "$tarball" ] || die "no tarball $tarball"
    command -v dpkg-deb >/dev/null || die "dpkg-deb is not installed"
    name=$(basename "$tarball" .tar.gz)
    version=$(echo "$name" | cut -d- -f2)
    case "$name" in
        *-linux-x86_64) arch=amd64 ;;
        *-linux-arm64) arch=arm64 ;;
        *) die "a .deb is made from a Linux tarball, not $name" ;;
    esac
    tmp=$(mktemp -d)
    scratch+=("$tmp")
    tar -C "$tmp" -xzf "$tarball"
    local from="$tmp/$name"
    root="$tmp/root"
    mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
        "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" \
        "$root/usr/share/uniform/lua" "$root/usr/share/doc/uniform"
    install -m 755 "$from/bin/uniform" "$root/usr/bin/uniform"
    local page
    for page in "$from"/share/man/man1/*.1; do
        gzip -9nc "$page" >"$root/usr/share/man/man1/${page##*/}.gz"
    done
    # bash-completion sources the file: no #! line (lintian: bash-completion-with-hashbang).
    sed '1{/^#!/d;}' "$from/share/bash-completion/completions/uniform" >"$root/usr/share/bash-completion/completions/uniform"
    install -m 644 "$from/share/zsh/site-functions/_uniform" "$root/usr/share/zsh/vendor-completions/_uniform"
    install -m 644 "$from/share/fish/vendor_completions.d/uniform.fish" "$root/usr/share/fish/vendor_completions.d/uniform.fish"
    install -m 644 "$from"/share/uniform/lua/*.lua "$root/usr/share/uniform/lua/"
    # Debian names Apache-2.0 by its copy in /usr/share/common-licenses rather than repeating it
    # (Policy 12.5; lintian: copyright-not-using-common-license-for-apache2).
    {
        echo "uniform: Copyright the uniform contributors."
        echo "Licensed under the Apache License, Version 2.0; on Debian systems its text is in"
        echo "/usr/share/common-licenses/Apache-2.0."
        echo
        # The notices carry Apache 2.0's full text for the tarball; here each copy is named by
        # Debian's (the Runtime Library Exception after it stays).
        awk '/^ *Apache License$/ { print "Apache License 2.0: on Debian systems its text is in /usr/share/common-licenses/Apache-2.0."; skip = 1; next }
             skip && /limitations under the License\./ { skip = 0; next }
             !skip { print }' "$from/THIRD-PARTY-NOTICES"
    } >"$root/usr/share/doc/uniform/copyright"
    ! grep -q "TERMS AND CONDITIONS FOR USE" "$root/usr/share/doc/uniform/copyright" \
        || die "the .deb's copyright repeats Apache 2.0's text (Debian Policy 12.5)"
    chmod 644 "$root/usr/share/doc/uniform/copyright" "$root"/usr/share/man/man1/*.gz \
        "$root/usr/share/bash-completion/completions/uniform"
    # The newest glibc symbol version the binary needs is the libc6 it depends on.
    glibc=$(objdump -T "$root/usr/bin/uniform" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' \
        | sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1)
    [ -n "$glibc" ] || die "cannot tell which glibc the binary needs"
    cat >"$root/DEBIAN/control" <<EOF
Package: uniform
Version: $version
Architecture: $arch
Maintainer: ${DEB_MAINTAINER:-uniform contributors <uniform@users.noreply.github.com>}
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: libc6 (>= $glibc), libgcc-s1, libstdc++6, zlib1g
Section: devel
Priority: optional
Homepage: https://github.com/${GITHUB_REPOSITORY:-OWNER/uniform}
Description: Apple document types, UTIs and handler policies, checked offline
 uniform reads Info.plist manifests and Xcode projects, builds the uniform type
 identifier graph and resolves which apps open a document, in what order, as
 LaunchServices does; teams check their own policies as Lua 5.4 rule files.
EOF
    mkdir -p "$dist"
    local deb="$dist/uniform_${version}_$arch.deb"
    dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >/dev/null
    # What dpkg will install: the control fields, and every file in its Debian path, owned by root.
    local info contents field path
    info=$(dpkg-deb --info "$deb") || die "dpkg-deb cannot read $deb"
    for field in "Package: uniform" "Version: $version" "Architecture: $arch" "Depends: libc6 (>= $glibc)"; do
        echo "$info" | grep -Fq " $field" || die "$deb: no '$field' in its control file"
    done
    contents=$(dpkg-deb --contents "$deb")
    for path in ./usr/bin/uniform ./usr/share/man/man1/uniform.1.gz ./usr/share/man/man1/uniform.check.1.gz \
        ./usr/share/bash-completion/completions/uniform ./usr/share/zsh/vendor-completions/_uniform \
        ./usr/share/fish/vendor_completions.d/uniform.fish ./usr/share/uniform/lua/uniform.d.lua \
        ./usr/share/uniform/lua/uniform-test.d.lua ./usr/share/doc/uniform/copyright; do
        echo "$contents" | grep -Eq " root/root .* $path\$" || die "$deb lacks $path (owned by root)"
    done
    # Unpacked as dpkg would, the binary runs.
    dpkg-deb -x "$deb" "$tmp/installed"
    [ "$("$tmp/installed/usr/bin/uniform" --version)" = "$version" ] || die "the packaged binary does not run"
    if command -v lintian >/dev/null; then
        lintian --suppress-tags "$LINTIAN_ACCEPTED" "$deb" || die "lintian rejects $deb"
    else
        echo "lintian is not installed: the package's policy checks were not run"
    fi
    (cd "$dist" && sha256 "$(basename "$deb")" >"$(basename "$deb").sha256")
    echo "packed dist/$(basename "$deb") (Depends: libc6 >= $glibc)"
}

# What lintian says of a package built outside a Debian source tree, accepted knowingly: there is
# no Debian changelog (the project's is CHANGELOG.md), and the binary is linked statically with
# libedit and the ncurses it needs (see the top of this file).
LINTIAN_ACCEPTED=no-changelog,embedded-library

# A source tarball of HEAD and a Homebrew formula that builds it against lua@5.4. The formula's
# version and checksum come from here, so the version stays written in one place (Version.swift).
formula() {
    local repository=${1:-} version name
    [[ "$repository" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || die "formula needs OWNER/REPO, e.g. formula acme/uniform"
    version=$(sed -nE 's/.*current = "([^"]+)".*/\1/p' Sources/UniformRules/Version.swift)
    [ -n "$version" ] || die "no version in Sources/UniformRules/Version.swift"
    name="uniform-$version-source"
    mkdir -p "$dist"
    git archive --format=tar.gz --prefix="$name/" -o "$dist/$name.tar.gz" HEAD
    local checksum
    checksum=$(sha256 "$dist/$name.tar.gz" | cut -d' ' -f1)
    echo "$checksum  $name.tar.gz" >"$dist/$name.tar.gz.sha256"
    sed -e "s|@VERSION@|$version|g" -e "s|@SHA256@|$checksum|g" -e "s|@REPOSITORY@|$repository|g" \
        scripts/homebrew/uniform.rb.in >"$dist/uniform.rb"
    grep -q '@[A-Z0-9]*@' "$dist/uniform.rb" && die "dist/uniform.rb still has a placeholder"
    if command -v ruby >/dev/null; then
        ruby -c "$dist/uniform.rb" >/dev/null || die "dist/uniform.rb is not valid Ruby"
    else
        echo "ruby is absent: the formula's syntax is not checked"
    fi
    echo "wrote dist/$name.tar.gz and dist/uniform.rb (for a tap: Formula/uniform.rb)"
}

# The CHANGELOG.md section of this version, from its heading to the next one.
notes() {
    local version
    version=$(sed -nE 's/.*current = "([^"]+)".*/\1/p' Sources/UniformRules/Version.swift)
    awk -v heading="## [$version]" 'index($0, heading) == 1 { on = 1; next } on && /^## / { exit } on { print }' CHANGELOG.md \
        | grep . >/dev/null || die "CHANGELOG.md has no section ## [$version]"
    awk -v heading="## [$version]" 'index($0, heading) == 1 { on = 1; next } on && /^## / { exit } on { print }' CHANGELOG.md
    local bundle="$dist/uniform-$version.artifactbundle.zip.sha256"
    if [ -f "$bundle" ]; then
        # shellcheck disable=SC2016 # the backquotes are Markdown
        printf '\nSwiftPM artifact bundle checksum: `%s`\n' "$(cut -d' ' -f1 "$bundle")"
    fi
}

command=${1:-build}
[ $# -gt 0 ] && shift
case "$command" in
    build) build ;;
    verify) [ $# -eq 1 ] || die "verify TARBALL"; verify "$1" ;;
    merge-macos) [ $# -eq 2 ] || die "merge-macos ARM64_TARBALL X86_64_TARBALL"; merge_macos "$1" "$2" ;;
    bundle) bundle "$@" ;;
    deb) [ $# -eq 1 ] || die "deb LINUX_TARBALL"; deb "$1" ;;
    formula) formula "$@" ;;
    notes) notes ;;
    *) die "unknown command $command (build, verify, merge-macos, bundle, deb, formula, notes)" ;;
esac
