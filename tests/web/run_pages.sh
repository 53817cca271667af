#!/bin/sh
# run.sh: the web pages in headless Chromium (tests/web/pages.test.mjs).
#
# Needs node, npm and Debian's Chromium (/usr/bin/chromium, or $CHROMIUM);
# without them the test FAILS (it is never skipped): contrib/install-deps.sh
# installs them.  playwright-core comes from the npm registry at the
# version of the committed package-lock.json (`npm ci`, no browser
# download: Playwright drives the Debian Chromium).  It is installed into
# tests/web.d of the build tree, not the source tree, which `make
# distcheck` makes read-only; again only when the lock file changed.
# Screenshots and the daemon's log are left in tests/web.d; the main
# pages' screenshots also go to docs/screenshots/ of the source tree when
# it is writable (not under distcheck), for the README.
#
# Environment (set by `make check`): CORRCHESS, CORRCHESSD, TOP_SRCDIR.
set -u

srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
work=${WEB_TEST_DIR:-$PWD/tests/web.d}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export CHROMIUM

missing() {
	echo "FAIL - $1 (sh contrib/install-deps.sh installs it: Debian packages chromium, nodejs, npm)"
	exit 1
}
command -v node >/dev/null 2>&1 || missing "node (Node.js) is not installed"
command -v npm >/dev/null 2>&1 || missing "npm is not installed"
[ -x "$CHROMIUM" ] || missing "$CHROMIUM (Chromium) is not installed"
for prog in "${CORRCHESS:-}" "${CORRCHESSD:-}"; do
	if [ ! -x "$prog" ]; then
		echo "run.sh: CORRCHESS and CORRCHESSD must name the built programs (make check sets them)"
		exit 99
	fi
done

mkdir -p "$work" || exit 99
if ! cmp -s "$srcdir/tests/web/package-lock.json" "$work/package-lock.json" ||
	[ ! -f "$work/node_modules/playwright-core/package.json" ]; then
	# The copies must be writable: under distcheck the sources are not.
	rm -f "$work/package.json" "$work/package-lock.json"
	cat "$srcdir/tests/web/package.json" >"$work/package.json" &&
		cat "$srcdir/tests/web/package-lock.json" >"$work/package-lock.json" || exit 99
	if ! PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --prefix "$work" \
		>"$work/npm.log" 2>&1; then
		echo "FAIL - npm ci (playwright-core) in $work:"
		cat "$work/npm.log"
		rm -f "$work/package-lock.json" # try again next time
		exit 1
	fi
fi
echo "# node $(node --version), playwright-core" \
	"$(node -p "require('$work/node_modules/playwright-core/package.json').version"), $("$CHROMIUM" --version 2>/dev/null)"
# The pages' own logic first (the move reader, the texts): no browser.
node "$srcdir/tests/web/units.test.mjs" "$work/units" || exit 1
exec node "$srcdir/tests/web/pages.test.mjs" "$work" "$work"
