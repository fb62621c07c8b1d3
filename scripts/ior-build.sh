#!/usr/bin/env bash
# scripts/ior-build.sh — builds the real IOR (hpc/ior) from an unmodified upstream source tarball with Debian's Open MPI into
# a cache outside the clone, keyed on the tarball's checksum, so that only the first run builds. IOR is in no package
# registry here: users download the release tarball from hpc/ior and name it here.
#
#   scripts/ior-build.sh [--tarball FILE] [--print-home]
#
# FILE defaults to $PFSMIX_IOR_TARBALL, else the first ior-*.tar.gz in <repository>/../shared/thirdparty.
# The build goes to ~/.cache/pfsmix/ior/<first 16 hex digits of the tarball's sha256>/install (bin/ior, bin/mdtest), and
# ~/.cache/pfsmix/ior/current points at the latest one: tests look for bin/ior there.
# On success the last line printed is "home <install directory>"; --print-home prints only that directory.
# Exit status 3 means no tarball was found (callers skip with that reason); anything else non-zero is a failed build.
set -euo pipefail

home=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
cache=$HOME/.cache/pfsmix/ior
tarball=${PFSMIX_IOR_TARBALL:-}
print_home=0

die() {
  echo "ior-build: $*" >&2
  exit 1
}

while (($#)); do
  case $1 in
    --tarball) tarball=${2:?--tarball needs a file}; shift 2 ;;
    --print-home) print_home=1; shift ;;
    -h | --help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done

if [[ -z $tarball ]]; then
  tarball=$(compgen -G "$home/../shared/thirdparty/ior-*.tar.gz" | head -n 1 || true)
  if [[ -z $tarball ]]; then
    echo "ior-build: no IOR source tarball: download a release from github.com/hpc/ior and name it with --tarball" \
      "or PFSMIX_IOR_TARBALL" >&2
    exit 3
  fi
fi
[[ -f $tarball && -r $tarball ]] || die "--tarball $tarball: not a readable file"

key=$(sha256sum "$tarball" | cut -c1-16)
prefix=$cache/$key/install
done_message() {
  ln -sfn "$key" "$cache/current"
  if ((print_home)); then echo "$prefix"; else echo "home $prefix"; fi
}

# Open MPI is needed to run IOR as well as to build it, so it is checked even when the build is cached.
packages=(libopenmpi-dev openmpi-bin autoconf automake libtool pkg-config)
need=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
done
if ((${#need[@]})); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "ior-build: installing Debian packages: ${need[*]}" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; } ||
      die "apt-get install ${need[*]} failed"
  else
    die "IOR needs these Debian packages to build and run: ${need[*]} (as root: apt-get install ${need[*]})"
  fi
fi

if [[ -x $prefix/bin/ior ]]; then
  done_message
  exit 0
fi

# Build in a scratch directory beside the install and move nothing into place until it succeeded: a killed build leaves
# no half install that a later run would take for a finished one.
mkdir -p "$cache/$key"
work=$(mktemp -d "$cache/$key/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$cache/$key/build.log
echo "ior-build: building IOR from $(basename "$tarball") into $prefix (about a minute, once; log: $log)" >&2
tar -xzf "$tarball" -C "$work" --strip-components=1
if ! (
  cd "$work"
  ./bootstrap
  ./configure --prefix="$prefix" CC=mpicc
  make -j"$(nproc)"
  make install DESTDIR="$work/destdir"
) >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  die "build failed (full log: $log)"
fi
rm -rf "$prefix"
mv "$work/destdir$prefix" "$prefix"
echo "ior-build: built in $SECONDS s" >&2
done_message
