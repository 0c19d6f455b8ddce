#!/usr/bin/env bash
# The README's two commands on a fresh machine (issue 9): a clean clone of the committed HEAD, the machine's
# own Node first on PATH (/usr/bin), no database configured (the embedded one is used), free ports.
# `npm install`, then `npm run dev` until its ready banner, the README's reference flow against it, then a
# second `npm run dev` on the same clone. Prints the install time and both times to ready, and finally
# `fresh-machine: passed`, or names the failing step and exits 1 (the clone is kept for a look).
#   scripts/fresh-machine.sh [--with-tests]    --with-tests: also `npm test` in the clone (slow)
set -Eeuo pipefail

with_tests=false
for arg in "$@"; do
  case $arg in
    --with-tests) with_tests=true ;;
    *) echo "usage: $0 [--with-tests]" >&2; exit 2 ;;
  esac
done
repo=$(cd "$(dirname "$0")/.." && pwd)
install_timeout=${FRESH_INSTALL_TIMEOUT:-1500}
ready_timeout=${FRESH_READY_TIMEOUT:-300}
flow_timeout=${FRESH_FLOW_TIMEOUT:-300}
tests_timeout=${FRESH_TESTS_TIMEOUT:-3600}

export PATH="/usr/bin:$PATH"
unset DATABASE_URL TEST_DATABASE_SERVER_URL LOCAL_CHAIN_RPC_URL DATA_DIR NODE_OPTIONS
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
PORT=$(free_port) LOCAL_CHAIN_PORT=$(free_port) EMBEDDED_DB_PORT=$(free_port)
export PORT LOCAL_CHAIN_PORT EMBEDDED_DB_PORT

work=$(mktemp -d "${TMPDIR:-/tmp}/fresh-machine.XXXXXX")
chmod 755 "$work" # as a checkout usually is: the embedded PostgreSQL runs as the user `postgres` when we are root
clone=$work/$(basename "$repo")
step="setup"
dev_pid=""
passed=false

fail() {
  echo "fresh-machine: FAILED at $step${1:+: $1} (clone kept in $clone)" >&2
  exit 1
}
# Stops a background `npm run dev` and everything it started (its own process group).
stop_dev() {
  [ -n "$dev_pid" ] || return 0
  kill -TERM -- "-$dev_pid" 2>/dev/null || true
  for _ in $(seq 1 150); do kill -0 -- "-$dev_pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$dev_pid" 2>/dev/null || true
  dev_pid=""
}
cleanup() {
  stop_dev
  if $passed; then rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'fail "a command exited with $?"' ERR
trap 'fail "interrupted"' INT TERM

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
seconds_since() { local ms=$(( $(now_ms) - $1 )); printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)); }

# Starts `npm run dev` in the background and waits for its ready banner; sets ready_seconds.
start_dev() {
  local log=$1 started deadline
  started=$(now_ms)
  deadline=$(( $(date +%s) + ready_timeout ))
  setsid npm run dev >"$log" 2>&1 </dev/null &
  dev_pid=$!
  until grep -qs "Token Platform is ready" "$log"; do
    if ! kill -0 "$dev_pid" 2>/dev/null; then tail -n 30 "$log" >&2; fail "npm run dev exited before it was ready (log: $log)"; fi
    if (( $(date +%s) > deadline )); then tail -n 30 "$log" >&2; fail "not ready after ${ready_timeout} s (log: $log)"; fi
    sleep 0.2
  done
  ready_seconds=$(seconds_since "$started")
}

step="clone"
git clone --quiet --no-hardlinks "$repo" "$clone"
# the project's documentation tools expect the shared folder beside the project
if [ -d "$repo/../shared" ]; then ln -s "$(cd "$repo/../shared" && pwd)" "$work/shared"; fi
cd "$clone"
echo "fresh-machine: clone of $(git rev-parse --short HEAD) in $clone; machine node $(node -v), npm $(npm -v 2>/dev/null)"
echo "fresh-machine: ports app $PORT, chain $LOCAL_CHAIN_PORT, embedded database $EMBEDDED_DB_PORT"

step="npm install"
started=$(now_ms)
timeout -k 10 "$install_timeout" npm install --no-audit --no-fund >"$work/install.log" 2>&1 || { tail -n 30 "$work/install.log" >&2; fail "see $work/install.log"; }
install_seconds=$(seconds_since "$started")
grep '^\[setup\]' "$work/install.log" || true
echo "fresh-machine: npm install took $install_seconds s; the scripts' node is $(node_modules/.bin/node -v)"
git diff --quiet -- package-lock.json package.json || fail "npm install changed package-lock.json or package.json"

step="npm run dev (first run)"
start_dev "$work/dev-1.log"
first_ready=$ready_seconds
echo "fresh-machine: npm run dev ready in $first_ready s (first run)"

step="reference flow"
FLOW_TIMEOUT_SECONDS=$flow_timeout timeout -k 10 $((flow_timeout + 30)) node scripts/reference-flow.mjs "http://127.0.0.1:$PORT" || fail
stop_dev

step="npm run dev (second run)"
start_dev "$work/dev-2.log"
echo "fresh-machine: npm run dev ready in $ready_seconds s (second run)"
stop_dev
times="npm install $install_seconds s, npm run dev to ready $first_ready s (first run) and $ready_seconds s (second run)"

if $with_tests; then
  step="npm test"
  timeout -k 10 "$tests_timeout" npm test || fail
fi

passed=true
echo "fresh-machine: times: $times"
echo "fresh-machine: passed"
