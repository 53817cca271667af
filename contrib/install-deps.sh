#!/bin/sh
# Installs the Debian packages corrchess needs to build, test and run
# (stockfish and scid are test oracles: the differential perft test and
# the PGN reader check; scid with tdom also runs its Xfcc client against
# the daemon; faketime and python3-icalendar serve the clock and calendar
# tests; python3-aiosmtpd is the SMTP server that
# tests/integration/test_sweep.py sends the sweep's mail to; chromium is
# the browser that tests/web/run_pages.sh drives the web pages in, and
# fonts-dejavu-core has the chess symbols the board is drawn with;
# valgrind counts the instructions of a move request, bench/compare_builds.sh;
# systemd's systemd-analyze verifies the units in contrib/systemd, and
# man-db and groff-base render the man pages in tests/man_pages.sh;
# libexpat1-dev is the XML reader of the Xfcc interface, and python3-zeep
# the WSDL client tests/xfcc/test_zeep.py plays through it; zlib1g-dev
# compresses large answers; libsystemd-dev gives corrchessd sd_notify(),
# optional: configure finds it or not; clang-format checks the C style,
# tests/format.sh).
# Safe to run again: it only calls apt-get when a package is missing.
set -eu
PKGS="build-essential autoconf automake libtool pkg-config
libmicrohttpd-dev libjansson-dev libsqlite3-dev libcurl4-openssl-dev check
libsodium-dev sqlite3 curl python3 python3-aiosmtpd stockfish scid tdom faketime
python3-icalendar chromium fonts-dejavu-core valgrind systemd man-db groff-base
libexpat1-dev python3-zeep zlib1g-dev libsystemd-dev clang-format"
# `make fuzz` and `make fuzz-nightly` need clang with libFuzzer
# (docs/TESTING.md): `sh contrib/install-deps.sh --fuzz` adds it.
if [ "${1:-}" = "--fuzz" ]; then
	PKGS="$PKGS clang"
fi
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
# Node.js and npm (the PGN test reads our PGN with chess.js; the browser
# test runs on playwright-core): the machine's own Node.js is used when
# there is one.
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || missing="$missing nodejs npm"
if [ -z "$missing" ]; then
	echo "install-deps: all packages present"
	exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "install-deps: installing$missing"
$SUDO apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
