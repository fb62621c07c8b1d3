# scripts/cluster-lib.sh — shell functions shared by the cluster scripts (ceph-cluster.sh, orangefs-cluster.sh,
# qfs-cluster.sh), which source it. They read the caller's $dir: the cluster's scratch directory, with its pid files in
# $dir/run.

# An error, prefixed with the script's name (e.g. "qfs-cluster: "), and exit status 1.
die() {
  echo "$(basename "$0" .sh): $*" >&2
  exit 1
}

# The script's header comment, up to its `set -` line: its usage.
usage() {
  sed -n '2,/^set -/p' "$0" | sed '$d; s/^# \{0,1\}//'
}

# A pid is alive when /proc/PID/stat exists and its state is not Z (zombie) or X (dead): a daemon's parent may reap late.
alive() {
  local pid=$1 state
  [[ -r /proc/$pid/stat ]] || return 1
  state=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [[ -n $state && $state != Z && $state != X ]]
}

# The pid that $dir/run/NAME.pid holds; fails when there is no such file or it holds no number (yet).
pid_of() {
  local file=$dir/run/$1.pid pid
  [[ -r $file ]] || return 1
  pid=$({ tr -dc '0-9' <"$file"; } 2>/dev/null)
  [[ -n $pid ]] || return 1
  echo "$pid"
}

# The live processes whose command line, its arguments joined by single spaces and followed by one, matches the
# extended regular expression $1: daemons of this cluster that no pid file names, found by what only they are given.
processes_matching() {
  local cmdline pid
  for cmdline in /proc/[0-9]*/cmdline; do
    pid=${cmdline#/proc/}
    pid=${pid%/cmdline}
    if { tr '\0' ' ' <"$cmdline"; } 2>/dev/null | grep -qE -- "$1"; then
      alive "$pid" && echo "$pid"
    fi
  done
  return 0
}

# Stops processes: SIGTERM to each, up to $1 seconds for each to exit, then SIGKILL and up to 5 s more. Fails when one
# still lives.
stop_pids() {
  local seconds=$1 pid deadline
  shift
  (($#)) || return 0
  kill -TERM "$@" 2>/dev/null || true
  for pid in "$@"; do
    deadline=$((SECONDS + seconds))
    while alive "$pid" && ((SECONDS < deadline)); do sleep 0.2; done
    alive "$pid" || continue
    echo "$(basename "$0"): pid $pid ignored SIGTERM for $seconds s; killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
    deadline=$((SECONDS + 5))
    while alive "$pid" && ((SECONDS < deadline)); do sleep 0.2; done
    ! alive "$pid" || return 1
  done
}

# Stops the cluster's daemons that no pid file names (one that died before writing it, one started by hand): those
# whose command line matches $1, a pattern only they are given (their configuration's path), nothing broader. Exits
# when one does not die.
stop_strays() {
  local strays
  strays=$(processes_matching "$1")
  [[ -n $strays ]] || return 0
  echo "$(basename "$0" .sh): stopping servers without a pid file: ${strays//$'\n'/ }" >&2
  # shellcheck disable=SC2086
  stop_pids 10 $strays || die "a server of $dir does not die; $dir left in place"
}
