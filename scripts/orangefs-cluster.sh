#!/usr/bin/env bash
# scripts/orangefs-cluster.sh — a local OrangeFS (PVFS2) file system on loopback addresses, in one scratch directory,
# for people and for tests: N I/O servers on 127.0.0.2 .. 127.0.0.(N+1), all on one port, the metadata server on
# 127.0.0.2. Configuration, storage, pid files, logs and the client's pvfs2tab live inside the directory; `down` removes it.
#
#   scripts/orangefs-cluster.sh up     [--dir DIR] [--servers N] [--port PORT] [--fuse MOUNT] [--tarball FILE]
#   scripts/orangefs-cluster.sh down   [--dir DIR]
#   scripts/orangefs-cluster.sh status [--dir DIR]
#
# DIR defaults to $PFSMIX_ORANGEFS_DIR, else ${PFSMIX_HOME:-<repository>}/var/orangefs; PORT to 3334; N to 4. OrangeFS
# is built once from its source tarball by scripts/orangefs-build.sh (FILE: see its --help). --fuse also mounts the file
# system at MOUNT with pvfs2fuse (needs root and /dev/fuse). Several file systems may run at once with distinct DIR and PORT.
# `up` prints lines callers parse: "home INSTALL", "server tcp://127.0.0.2:PORT/orangefs", "tab DIR/pvfs2tab",
# "uri ofs:///" and, when mounted, "fuse MOUNT". Clients name the file system with PVFS2TAB_FILE=DIR/pvfs2tab.
set -euo pipefail

home=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
# shellcheck source=cluster-lib.sh
source "$home/scripts/cluster-lib.sh"
fs_name=orangefs
# The mount point named in pvfs2tab: a name the client library resolves paths against, not a directory that must exist.
tab_mount=/pfsmix-orangefs

command=${1:-}
[[ -n $command ]] || { usage >&2; exit 2; }
shift
dir=${PFSMIX_ORANGEFS_DIR:-${PFSMIX_HOME:-$home}/var/orangefs}
port=3334
servers=4
fuse_mount=
build_args=()
while (($#)); do
  case $1 in
    --dir) dir=${2:?--dir needs a directory}; shift 2 ;;
    --servers) servers=${2:?--servers needs a number}; shift 2 ;;
    --port) port=${2:?--port needs a number}; shift 2 ;;
    --fuse) fuse_mount=${2:?--fuse needs a mount point}; shift 2 ;;
    --tarball) build_args=(--tarball "${2:?--tarball needs a file}"); shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
[[ $port =~ ^[0-9]+$ ]] && ((port > 0 && port < 65536)) || die "--port must be a TCP port number, got '$port'"
[[ $servers =~ ^[0-9]+$ ]] && ((servers >= 1 && servers <= 16)) || die "--servers must be between 1 and 16, got '$servers'"
mkdir -p "$(dirname "$dir")"
dir=$(cd "$(dirname "$dir")" && pwd)/$(basename "$dir")
conf=$dir/orangefs.conf
tab=$dir/pvfs2tab

# The server aliases of a configuration (default: this file system's), one a line, in its order; genconfig names each
# server by its address.
aliases() {
  sed -n 's/^[[:space:]]*Alias[[:space:]]\{1,\}\([^[:space:]]*\).*/\1/p' "${1:-$conf}"
}

# The BMI address of an alias, e.g. tcp://127.0.0.2:3334.
address_of() {
  sed -n "s/^[[:space:]]*Alias[[:space:]]\{1,\}$1[[:space:]]\{1,\}//p" "$conf"
}

running_servers() {
  local alias pid
  [[ -f $conf ]] || return 0
  for alias in $(aliases); do
    pid=$(pid_of "$alias") && alive "$pid" && echo "$alias"
  done
  return 0
}

log_tail() {
  [[ -f $1 ]] && { echo "--- last lines of $1:"; tail -n 15 "$1"; } >&2
  return 0
}

# The programs of the OrangeFS install; the client tools find libpvfs2 through LD_LIBRARY_PATH (no rpath in the build).
use_install() {
  ofs_home=$1
  [[ -x $ofs_home/sbin/pvfs2-server && -x $ofs_home/bin/pvfs2-ping ]] ||
    die "no OrangeFS programs in $ofs_home (rebuild with scripts/orangefs-build.sh)"
  export PATH=$ofs_home/bin:$ofs_home/sbin:$PATH
  export LD_LIBRARY_PATH=$ofs_home/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export PVFS2TAB_FILE=$tab
}

ping_fs() {
  timeout 10 pvfs2-ping -m "$tab_mount" >/dev/null 2>&1
}

mounted() {
  [[ -n $1 ]] && grep -qF " $1 fuse" /proc/mounts
}

print_lines() {
  echo "home $ofs_home"
  echo "server $(cut -d' ' -f1 "$tab")"
  echo "tab $tab"
  echo "uri ofs:///"
  local mount
  mount=$(cat "$dir/fuse.mount" 2>/dev/null || true)
  if mounted "$mount"; then echo "fuse $mount"; fi
  return 0
}

write_conf() {
  local io="" meta=127.0.0.2 i alias
  for ((i = 2; i < servers + 2; i++)); do io+=${io:+,}127.0.0.$i; done
  # genconfig prints a stray line on stdout: its output goes to the setup log
  pvfs2-genconfig --quiet --protocol tcp --tcpport "$port" --tcpbindspecific --ioservers "$io" --metaservers "$meta" \
    --fsname "$fs_name" --storage "$dir/data" --metadata "$dir/meta" --logfile "$dir/log/server.log" "$conf.generated" \
    >>"$dir/log/setup.log" 2>&1 || die "pvfs2-genconfig failed (see $dir/log/setup.log)"
  # genconfig gives all servers of a host list one storage and one log; each server needs its own, in a
  # <ServerOptions> section before <FileSystem>.
  {
    sed '/^<FileSystem>/,$d' "$conf.generated"
    for alias in $(aliases "$conf.generated"); do
      mkdir -p "$dir/server/$alias"
      printf '<ServerOptions>\n\tServer %s\n\tDataStorageSpace %s\n\tMetadataStorageSpace %s\n\tLogFile %s\n</ServerOptions>\n\n' \
        "$alias" "$dir/server/$alias/data" "$dir/server/$alias/meta" "$dir/log/$alias.log"
    done
    sed -n '/^<FileSystem>/,$p' "$conf.generated"
  } >"$conf"
  rm -f "$conf.generated"
}

start_server() {
  local alias=$1
  pvfs2-server -f -a "$alias" "$conf" </dev/null >>"$dir/log/setup-$alias.log" 2>&1 || {
    log_tail "$dir/log/setup-$alias.log"
    log_tail "$dir/log/$alias.log"
    die "pvfs2-server -f (creating the storage of $alias) failed"
  }
  # pvfs2-server forks into the background; the child writes the pid file.
  pvfs2-server -p "$dir/run/$alias.pid" -a "$alias" "$conf" </dev/null >>"$dir/log/setup-$alias.log" 2>&1 || {
    log_tail "$dir/log/setup-$alias.log"
    log_tail "$dir/log/$alias.log"
    die "pvfs2-server $alias did not start"
  }
}

wait_until_answering() {
  local seconds=60 deadline alias pid
  deadline=$((SECONDS + seconds))
  until ping_fs; do
    for alias in $(aliases); do
      # an empty pid file is a server still starting; a missing one or a dead pid, a server that exited
      if [[ ! -e $dir/run/$alias.pid ]] || { pid=$(pid_of "$alias") && ! alive "$pid"; }; then
        log_tail "$dir/log/$alias.log"
        die "pvfs2-server $alias exited during start (log: $dir/log/$alias.log); run 'down' to clean up"
      fi
    done
    if ((SECONDS >= deadline)); then
      timeout 10 pvfs2-ping -m "$tab_mount" 2>&1 | tail -n 15 >&2 || true
      log_tail "$dir/log/127.0.0.2.log"
      die "the file system did not answer pvfs2-ping within ${seconds}s (logs in $dir/log); run 'down' to clean up"
    fi
    sleep 0.5
  done
}

mount_fuse() {
  local mount=$1
  [[ $(id -u) == 0 ]] || die "--fuse needs root (pvfs2fuse mounts with allow_other); run as root or leave out --fuse"
  [[ -c /dev/fuse && -r /dev/fuse && -w /dev/fuse ]] || die "--fuse needs /dev/fuse, which is missing or not usable here"
  command -v pvfs2fuse >/dev/null || die "--fuse: pvfs2fuse was not built (OrangeFS needs libfuse-dev to build it)"
  mkdir -p "$mount"
  mount=$(cd "$mount" && pwd)
  ! mountpoint -q "$mount" || die "--fuse $mount is already a mount point"
  [[ -z $(ls -A "$mount") ]] || die "--fuse $mount is not empty"
  echo "$mount" >"$dir/fuse.mount"
  # In the foreground under setsid, so that the pid is pvfs2fuse's own and the caller's session does not own it.
  setsid pvfs2fuse "$mount" -f -o "fs_spec=$(cut -d' ' -f1 "$tab")" </dev/null >>"$dir/log/pvfs2fuse.log" 2>&1 &
  echo $! >"$dir/run/pvfs2fuse.pid"
  local deadline=$((SECONDS + 30)) pid
  pid=$(pid_of pvfs2fuse)
  until mounted "$mount"; do
    if ! alive "$pid" || ((SECONDS >= deadline)); then
      log_tail "$dir/log/pvfs2fuse.log"
      die "pvfs2fuse did not mount $mount (log: $dir/log/pvfs2fuse.log); run 'down' to clean up"
    fi
    sleep 0.2
  done
}

cmd_up() {
  local built
  if [[ -f $conf && -n $(running_servers) ]]; then
    use_install "$(cat "$dir/home")"
    ping_fs || die "a file system in $dir has servers running but does not answer pvfs2-ping; run 'down' first"
    echo "orangefs-cluster: already up in $dir" >&2
    print_lines
    return 0
  fi
  built=$("$home/scripts/orangefs-build.sh" "${build_args[@]}" --print-home) || {
    local status=$?
    ((status == 3)) && exit 3 # no tarball: orangefs-build.sh said what to do
    die "building OrangeFS failed (see above)"
  }
  use_install "$built"
  if ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
    die "port $port is in use (another file system?); choose another with --port"
  fi
  # what a stopped or failed file system left (a pvfs2fuse, a mount, a server without its peers) goes first
  [[ ! -d $dir ]] || cmd_down >/dev/null
  mkdir -p "$dir"/{run,log,server}
  echo "$ofs_home" >"$dir/home"
  write_conf
  echo "tcp://127.0.0.2:$port/$fs_name $tab_mount pvfs2 defaults,noauto 0 0" >"$tab"
  local alias starters=() pid
  for alias in $(aliases); do
    start_server "$alias" &
    starters+=($!)
  done
  for pid in "${starters[@]}"; do
    wait "$pid" || die "a server failed to start (logs in $dir/log); run 'down' to clean up"
  done
  wait_until_answering
  [[ -z $fuse_mount ]] || mount_fuse "$fuse_mount"
  print_lines
}

cmd_down() {
  if [[ ! -d $dir ]]; then
    echo "orangefs-cluster: no file system in $dir (already down)"
    return 0
  fi
  local mount pid alias
  mount=$(cat "$dir/fuse.mount" 2>/dev/null || true)
  if mounted "$mount"; then
    fusermount -u "$mount" 2>/dev/null || umount "$mount" 2>/dev/null || umount -l "$mount" ||
      die "cannot unmount $mount (busy?); $dir left in place"
  fi
  if pid=$(pid_of pvfs2fuse); then
    stop_pids 10 "$pid" || die "pvfs2fuse (pid $pid) does not die; $dir left in place"
  fi
  if [[ -f $conf ]]; then
    for alias in $(aliases); do
      pid=$(pid_of "$alias") || continue
      stop_pids 10 "$pid" || die "pvfs2-server $alias (pid $pid) does not die; $dir left in place"
    done
    stop_strays " $conf "
  fi
  rm -rf "$dir"
  echo "orangefs-cluster: down ($dir removed)"
}

cmd_status() {
  if [[ ! -f $conf ]]; then
    echo "stopped (no file system in $dir)"
    return 3
  fi
  local alias pid up=0 total=0 mount state
  [[ -f $dir/home ]] && use_install "$(cat "$dir/home")"
  for alias in $(aliases); do
    total=$((total + 1))
    if pid=$(pid_of "$alias") && alive "$pid"; then
      up=$((up + 1))
      echo "server $(address_of "$alias") running (pid $pid)"
    else
      echo "server $(address_of "$alias") stopped"
    fi
  done
  if ((up == 0)); then
    echo "stopped (stale directory $dir; run 'down' to remove it)"
    return 3
  fi
  if ping_fs; then state=running; else state="not answering"; fi
  mount=$(cat "$dir/fuse.mount" 2>/dev/null || true)
  if [[ -n $mount ]]; then
    if mounted "$mount"; then echo "fuse $mount mounted"; else echo "fuse $mount not mounted"; fi
  fi
  echo "$state: $up of $total servers"
  print_lines
  [[ $state == running && $up == "$total" ]] || return 4
}

case $command in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  -h | --help | help) usage ;;
  *) die "unknown command '$command': expected up, down or status" ;;
esac
