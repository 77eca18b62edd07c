#!/bin/sh
# Installs uniform from an unpacked release tarball. scripts/release.sh packs this file at the
# tarball's top level with @VERSION@, @OS@ and @ARCH@ filled in; run it from there:
#
#   sh uniform-VERSION-OS-ARCH/install.sh [--prefix DIR] [--force] [--fish-system]
#
# Plain POSIX sh (Dockerfile RUN lines, `shell: sh` steps, dash). It refuses, with one line on
# standard error and exit status 1, when:
#   - a file differs from the SHA256SUMS packed beside it (or the tarball, when it still lies
#     next to the unpacked folder, from its .sha256);
#   - the machine is not the package's system and architecture;
#   - a newer uniform is installed under the prefix (--force replaces it).
# Then it copies bin/uniform, the man pages, the bash/zsh/fish completions, the Lua language
# server's definitions, LICENSE and THIRD-PARTY-NOTICES under the prefix (default /usr/local).
#
# fish reads completions from the directories in its $fish_complete_path. Debian's fish 3.6 adds
# PREFIX/share/fish/vendor_completions.d only for the prefixes in XDG_DATA_DIRS, and /usr/local
# is in none by default: when fish is installed and does not read /usr/local's folder, the
# completion goes to fish's system folder too ($__fish_sysconf_dir/completions, /etc/fish/completions
# on Debian), which fish reads for all users. Under another prefix it says what to do instead
# (or does the same with --fish-system).
set -eu

version=@VERSION@
package_os=@OS@
package_arch=@ARCH@

refuse() { echo "install.sh: $*" >&2; exit 1; }

prefix=/usr/local
force=no
fish_system=auto
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || refuse "--prefix needs a directory"; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --force) force=yes; shift ;;
        --fish-system) fish_system=yes; shift ;;
        -h | --help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) refuse "unknown option $1 (--prefix DIR, --force, --fish-system)" ;;
    esac
done
[ -n "$prefix" ] || refuse "--prefix needs a directory"
if [ "$fish_system" = auto ]; then
    if [ "$prefix" = /usr/local ]; then fish_system=yes; else fish_system=no; fi
fi

here=$(cd "$(dirname "$0")" && pwd)
name=uniform-$version-$package_os-$package_arch

# The machine: uname's names as release.sh names the tarballs.
case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=macos ;;
    *) refuse "no uniform release for $(uname -s); build it from source (swift build -c release)" ;;
esac
case "$(uname -m)" in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) refuse "no uniform release for the $(uname -m) architecture; build it from source (swift build -c release)" ;;
esac
if [ "$os" != "$package_os" ] || { [ "$arch" != "$package_arch" ] && [ "$package_arch" != universal ]; }; then
    refuse "$name is for $package_os $package_arch, this machine is $os $arch: download uniform-$version-$os-$arch.tar.gz"
fi

# Checksums: every packed file against SHA256SUMS, and the tarball against its .sha256 when
# both still lie beside the unpacked folder (where the README's commands leave them).
if command -v sha256sum >/dev/null 2>&1; then
    check() { sha256sum -c "$@"; }
elif command -v shasum >/dev/null 2>&1; then
    check() { shasum -a 256 -c "$@"; }
else
    refuse "neither sha256sum nor shasum is installed: the package cannot be verified"
fi
[ -f "$here/SHA256SUMS" ] || refuse "checksum mismatch: $here has no SHA256SUMS (unpack the release tarball again)"
failed=$(cd "$here" && check SHA256SUMS 2>/dev/null | grep -v ': OK$' | head -n 1) || true
[ -z "$failed" ] || refuse "checksum mismatch: ${failed%%:*} differs from SHA256SUMS (download and unpack the release again)"
parent=$(dirname "$here")
if [ -f "$parent/$name.tar.gz" ] && [ -f "$parent/$name.tar.gz.sha256" ]; then
    (cd "$parent" && check "$name.tar.gz.sha256" >/dev/null 2>&1) \
        || refuse "checksum mismatch: $parent/$name.tar.gz differs from $name.tar.gz.sha256 (download it again)"
fi

# Version order of dotted numbers (0.10.0 after 0.9.1); a pre-release suffix is ignored.
newer() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        n = split(a, x, "."); m = split(b, y, "."); if (m > n) n = m
        for (i = 1; i <= n; i++) { p = x[i] + 0; q = y[i] + 0; if (p != q) exit !(p > q) }
        exit 1 }'
}
if [ -x "$prefix/bin/uniform" ] && [ "$force" = no ]; then
    installed=$("$prefix/bin/uniform" --version 2>/dev/null || echo unknown)
    if [ "$installed" = unknown ]; then
        refuse "$prefix/bin/uniform does not say its version; --force replaces it"
    fi
    if newer "$installed" "$version"; then
        refuse "uniform $installed is installed in $prefix, newer than $version; --force replaces it"
    fi
fi

# Copies one file, replacing the old one by renaming (a running uniform keeps its binary).
put() { # put FILE DIRECTORY MODE [NAME]
    mkdir -p "$2" || refuse "cannot create $2 (run as root, or choose --prefix)"
    target=$2/${4:-$(basename "$1")}
    cp "$1" "$target.new.$$" || refuse "cannot write in $2 (run as root, or choose --prefix)"
    chmod "$3" "$target.new.$$"
    mv -f "$target.new.$$" "$target"
}

put "$here/bin/uniform" "$prefix/bin" 755
for page in "$here"/share/man/man1/*.1; do put "$page" "$prefix/share/man/man1" 644; done
put "$here/share/bash-completion/completions/uniform" "$prefix/share/bash-completion/completions" 644
put "$here/share/zsh/site-functions/_uniform" "$prefix/share/zsh/site-functions" 644
fish_dir=$prefix/share/fish/vendor_completions.d
put "$here/share/fish/vendor_completions.d/uniform.fish" "$fish_dir" 644
for definitions in "$here"/share/uniform/lua/*.lua; do put "$definitions" "$prefix/share/uniform/lua" 644; done
put "$here/LICENSE" "$prefix/share/doc/uniform" 644
put "$here/THIRD-PARTY-NOTICES" "$prefix/share/doc/uniform" 644
echo "installed uniform $version in $prefix"

# (The $ in the fish commands is fish's.)
# shellcheck disable=SC2016
if command -v fish >/dev/null 2>&1; then
    fish_dir=$(cd "$fish_dir" && pwd -P)
    if ! fish -c 'printf "%s\n" $fish_complete_path' 2>/dev/null | grep -Fxq "$fish_dir"; then
        system=$(fish -c 'printf "%s\n" $__fish_sysconf_dir' 2>/dev/null || true)
        # Only for the system-wide default (or --fish-system): an install under another prefix
        # (a home folder, a scratch folder) writes nothing outside it.
        if [ "$fish_system" = yes ] && [ -n "$system" ] && mkdir -p "$system/completions" 2>/dev/null \
            && [ -w "$system/completions" ]; then
            put "$here/share/fish/vendor_completions.d/uniform.fish" "$system/completions" 644
            echo "fish does not read $fish_dir: its completion is also in $system/completions"
        else
            echo "fish does not read $fish_dir: add its prefix to XDG_DATA_DIRS, or copy uniform.fish to ~/.config/fish/completions"
        fi
    fi
fi
