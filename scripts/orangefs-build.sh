#!/usr/bin/env bash
# scripts/orangefs-build.sh — builds OrangeFS from an unmodified upstream source tarball into a cache outside the clone,
# keyed on the tarball's checksum, so that only the first run builds. OrangeFS is in no package registry: users download
# the tarball from the OrangeFS project and name it here.
#
#   scripts/orangefs-build.sh [--tarball FILE] [--print-home]
#
# FILE defaults to $PFSMIX_ORANGEFS_TARBALL, else the first orangefs-*.tar.gz in <repository>/../shared/thirdparty.
# The build goes to ~/.cache/pfsmix/orangefs/<first 16 hex digits of the tarball's sha256>/install, and
# ~/.cache/pfsmix/orangefs/current points at the latest one: the Maven build finds the headers there.
# On success the last line printed is "home <install directory>"; --print-home prints only that directory.
# Exit status 3 means no tarball was found (callers skip with that reason); anything else non-zero is a failed build.
set -euo pipefail

home=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
cache=$HOME/.cache/pfsmix/orangefs
tarball=${PFSMIX_ORANGEFS_TARBALL:-}
print_home=0

die() {
  echo "orangefs-build: $*" >&2
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
  tarball=$(compgen -G "$home/../shared/thirdparty/orangefs-*.tar.gz" | head -n 1 || true)
  if [[ -z $tarball ]]; then
    echo "orangefs-build: no OrangeFS source tarball: download one from the OrangeFS project and name it with --tarball" \
      "or PFSMIX_ORANGEFS_TARBALL" >&2
    exit 3
  fi
fi
[[ -f $tarball && -r $tarball ]] || die "--tarball $tarball: not a readable file"

key=$(sha256sum "$tarball" | cut -c1-16)
prefix=$cache/$key/install
# One build per key at a time: callers started together (tests bringing up several file systems) wait for the first
# one's build and then find it finished.
mkdir -p "$cache/$key"
exec 9>"$cache/$key/lock"
if ! flock -n 9; then
  echo "orangefs-build: waiting for another build of $key to finish" >&2
  flock 9
fi
if [[ -x $prefix/sbin/pvfs2-server && -f $prefix/include/pvfs2-sysint.h ]]; then
  ln -sfn "$key" "$cache/current"
  if ((print_home)); then echo "$prefix"; else echo "home $prefix"; fi
  exit 0
fi

# The Debian packages OrangeFS's configure and build need beyond gcc and make.
packages=(bison flex libssl-dev liblmdb-dev libfuse-dev autoconf automake libtool pkg-config libattr1-dev perl)
need=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
done
if ((${#need[@]})); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "orangefs-build: installing Debian packages: ${need[*]}" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; } ||
      die "apt-get install ${need[*]} failed"
  else
    die "OrangeFS needs these Debian packages to build: ${need[*]} (as root: apt-get install ${need[*]})"
  fi
fi

# Build in a scratch directory beside the install and move nothing into place until it succeeded: a killed build leaves
# no half install that a later run would take for a finished one.
work=$(mktemp -d "$cache/$key/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$cache/$key/build.log
echo "orangefs-build: building OrangeFS from $(basename "$tarball") into $prefix (a few minutes, once; log: $log)" >&2
tar -xzf "$tarball" -C "$work" --strip-components=1
if ! (
  cd "$work"
  ./prepare
  ./configure --prefix="$prefix" --enable-shared --enable-fuse --with-db-backend=lmdb
  make -j"$(nproc)"
  make install DESTDIR="$work/destdir"
) >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  die "build failed (full log: $log)"
fi
rm -rf "$prefix"
mv "$work/destdir$prefix" "$prefix"
ln -sfn "$key" "$cache/current"
echo "orangefs-build: built in $SECONDS s" >&2
if ((print_home)); then echo "$prefix"; else echo "home $prefix"; fi
