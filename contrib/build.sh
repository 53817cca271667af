#!/bin/sh
# Configures (once) and builds corrchess out of tree in build/ (or $BUILD_DIR).
# Usage: contrib/build.sh [extra configure flags]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$top/build}
cd "$top"
if [ ! -x configure ] || [ configure.ac -nt configure ]; then
	autoreconf -fi >/dev/null 2>&1 || autoreconf -fi
fi
mkdir -p "$build"
cd "$build"
if [ ! -f Makefile ] || [ "$top/configure" -nt Makefile ] || [ -n "${RECONFIGURE:-}" ]; then
	"$top/configure" -q "$@"
fi
make -j"$(nproc)" >/dev/null
echo "build: $build"
