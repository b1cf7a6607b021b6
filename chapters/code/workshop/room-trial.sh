#!/usr/bin/env bash
# room-trial.sh: the room pack on a laptop with empty Go caches and no network, timed.
#
# It makes a room pack of this course (online), then plays a learner's laptop: a network
# namespace with only loopback (no route out), a new HOME, GOPATH, module cache, build cache
# and course cache, a clone of the pack's bundle, then
#   go run ./tools/course unpack PACK
#   go run ./tools/lab checkpoint 01 && go run ./tools/lab run 01   (the first passing lab run)
#   go test ./labs/...            (every lab runs; those still stubs fail, as they should)
#   go run ./tools/lab verify 08  (the operator's envtest tests, stub and solution)
#   the classic map's toolchain on lab 01
# and prints the time of each. Linux only, as root (unshare -n); it compiles everything from
# an empty build cache, about 25 minutes on two cores. CI runs a smaller version of it (the
# pack step of go run ./tools/course check). The instructor's guide prints its figures.
#
# Usage: chapters/code/workshop/room-trial.sh [WORKDIR]   (default: a new temporary folder)
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [[ $(id -u) != 0 ]] || ! command -v unshare >/dev/null; then
	echo "room-trial.sh needs Linux, root and unshare (util-linux) for its network namespace" >&2
	exit 1
fi
work=${1:-$(mktemp -d)}
pack=$work/pack
echo "== the instructor's machine: go run ./tools/course pack $pack"
/usr/bin/time -f "pack: %e s" go run ./tools/course pack "$pack" | tail -2
du -sh "$pack" "$pack"/*

git -c advice.detachedHead=false clone -q "$pack/course.bundle" "$work/gomaps"
cat >"$work/laptop.sh" <<'EOF'
set -u
ip link set lo up
cd "$1/gomaps"
echo "== the laptop: routes (none is no route out):"; ip route
start=$(date +%s.%N)
/usr/bin/time -f "unpack: %e s" go run ./tools/course unpack "$2"
/usr/bin/time -f "checkpoint 01: %e s" go run ./tools/lab checkpoint 01 | tail -1
/usr/bin/time -f "run 01: %e s" go run ./tools/lab run 01 | tail -2
echo "from unpack to the first passing lab run: $(awk "BEGIN{print $(date +%s.%N) - $start}") s"
/usr/bin/time -f "go test ./labs/...: %e s" go test ./labs/... 2>&1 | grep -E '^(ok|FAIL)[[:space:]]|^go test ' || true
/usr/bin/time -f "verify 08: %e s" go run ./tools/lab verify 08 2>&1 | tail -3
/usr/bin/time -f "classic lab 01: %e s" env $(go run ./tools/course lanes -env classic) go test -count=1 ./labs/01-basics | tail -1
EOF
unshare -n env -i PATH="$PATH" HOME="$work/home" GOPATH="$work/gopath" GOMODCACHE="$work/gopath/pkg/mod" \
	GOCACHE="$work/gocache" GOMAPS_CACHE="$work/gomaps-cache" XDG_CACHE_HOME="$work/xdg" \
	bash "$work/laptop.sh" "$work" "$pack"
