# scripts/thirdparty-build.sh — sourced by the scripts that build a third-party program no package registry has
# (orangefs-build.sh, ior-build.sh, darshan-util-build.sh) from its unmodified upstream source tarball, once, into
# ~/.cache/pfsmix/NAME/<first 16 hex digits of the tarball's sha256>/install, with ~/.cache/pfsmix/NAME/current pointing
# at the latest build. The caller sets, then calls `thirdparty_build "$@"`:
#   name           cache directory name and message prefix is "$name-build" (e.g. orangefs)
#   what           the program in messages (e.g. OrangeFS)
#   glob           the tarball's name in <repository>/../shared/thirdparty (e.g. 'orangefs-*.tar.gz')
#   tarball_env    the environment variable naming a tarball (e.g. PFSMIX_ORANGEFS_TARBALL)
#   download_hint  where users get the tarball
#   duration_hint  how long the build takes, for the message shown while it runs
#   packages       Debian packages needed (installed when root, else named)
#   installed      a function: succeeds when $prefix holds a finished install
#   build_steps    a function run in the unpacked source directory: configure and make with --prefix=$prefix (the
#                  install itself goes through DESTDIR, done here)
# Options: --tarball FILE, --print-home (print only the install directory). On success the last line printed is
# "home <install directory>". Without a tarball (none named, none in ../shared/thirdparty) the latest build in the cache
# is used. Exit status 3: neither (callers skip with that reason); other non-zero: failure.

thirdparty_die() {
  echo "$name-build: $*" >&2
  exit 1
}

thirdparty_build() {
  local home tarball=${!tarball_env:-} print_home=0 cache key log
  home=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
  while (($#)); do
    case $1 in
      --tarball) tarball=${2:?--tarball needs a file}; shift 2 ;;
      --print-home) print_home=1; shift ;;
      -h | --help) sed -n '2,/^set -/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
      *) thirdparty_die "unknown option '$1' (see --help)" ;;
    esac
  done
  cache=$HOME/.cache/pfsmix/$name
  if [[ -z $tarball ]]; then
    tarball=$(compgen -G "$home/../shared/thirdparty/$glob" | head -n 1 || true)
    if [[ -z $tarball ]]; then
      # a clone elsewhere on a machine that built it before: the build in the cache serves (the Maven build and the
      # tests find it there anyway); a tarball named later replaces it
      if [[ -e $cache/current ]]; then
        prefix=$(cd "$cache/current" && pwd -P)/install
        if installed; then
          echo "$name-build: no $what source tarball here; using the earlier build in $prefix" >&2
          if ((print_home)); then echo "$prefix"; else echo "home $prefix"; fi
          exit 0
        fi
      fi
      echo "$name-build: no $what source tarball: $download_hint, and name it with --tarball or $tarball_env" >&2
      exit 3
    fi
  fi
  [[ -f $tarball && -r $tarball ]] || thirdparty_die "tarball $tarball (from --tarball or $tarball_env): not a readable file"

  key=$(sha256sum "$tarball" | cut -c1-16)
  prefix=$cache/$key/install
  # One build per key at a time: callers started together (tests bringing up several file systems) wait for the first
  # one's build and then find it finished.
  mkdir -p "$cache/$key"
  exec 9>"$cache/$key/lock"
  if ! flock -n 9; then
    echo "$name-build: waiting for another build of $key to finish" >&2
    flock 9
  fi

  # checked even when the build is cached: some are needed to run the program too (Open MPI for IOR)
  local need=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
  done
  if ((${#need[@]})); then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
      echo "$name-build: installing Debian packages: ${need[*]}" >&2
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; } ||
        thirdparty_die "apt-get install ${need[*]} failed"
    else
      thirdparty_die "$what needs these Debian packages: ${need[*]} (as root: apt-get install ${need[*]})"
    fi
  fi

  if ! installed; then
    # Build in a scratch directory beside the install and move nothing into place until it succeeded: a killed build
    # leaves no half install that a later run would take for a finished one.
    # global: the EXIT trap runs after this function has returned
    work=$(mktemp -d "$cache/$key/build.XXXXXX")
    trap 'rm -rf "$work"' EXIT
    log=$cache/$key/build.log
    echo "$name-build: building $what from $(basename "$tarball") into $prefix ($duration_hint, once; log: $log)" >&2
    tar -xzf "$tarball" -C "$work" --strip-components=1
    if ! (cd "$work" && build_steps && make install DESTDIR="$work/destdir") >"$log" 2>&1; then
      tail -n 20 "$log" >&2
      thirdparty_die "build failed (full log: $log)"
    fi
    rm -rf "$prefix"
    mv "$work/destdir$prefix" "$prefix"
    echo "$name-build: built in $SECONDS s" >&2
  fi
  ln -sfn "$key" "$cache/current"
  if ((print_home)); then echo "$prefix"; else echo "home $prefix"; fi
}
