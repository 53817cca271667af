#!/bin/sh
# contrib_units.sh: the systemd units in contrib/systemd pass
# `systemd-analyze verify` (systemd.unit(5), systemd.service(5), ...).
#
# verify needs no running systemd (it loads the units offline), but it
# checks that each ExecStart= program exists and that each
# Documentation=man: page can be opened.  The units name the installed
# paths (/usr/local/bin), so the test verifies copies whose programs point
# at the build ($CORRCHESS, $CORRCHESSD), with MANPATH on docs/man, which
# also proves the man pages are found under the names the units give.
# Any line verify prints is a failure, warnings included (an unknown or
# misspelt setting is only a warning to systemd).  Without systemd-analyze
# the test FAILS with a message saying what to install: a test that cannot
# look must not pass.
#
# Environment (set by `make check`): CORRCHESS, CORRCHESSD, TOP_SRCDIR.

CORRCHESS=${CORRCHESS:-corrchess}
CORRCHESSD=${CORRCHESSD:-corrchessd}
TOP_SRCDIR=${TOP_SRCDIR:-$(dirname "$0")/..}
UNITS="corrchessd.service corrchess-sweep.service corrchess-sweep.timer
corrchess-backup.service corrchess-backup.timer"

if ! command -v systemd-analyze >/dev/null 2>&1; then
	echo "FAIL: systemd-analyze is not installed, so the units in contrib/systemd cannot be"
	echo "      checked; install Debian's systemd package (contrib/install-deps.sh)."
	exit 1
fi
if ! command -v man >/dev/null 2>&1; then
	echo "FAIL: man is not installed (Debian's man-db, contrib/install-deps.sh); systemd-analyze"
	echo "      needs it to check the units' Documentation= pages."
	exit 1
fi
for p in "$CORRCHESS" "$CORRCHESSD"; do
	if [ ! -x "$p" ]; then
		echo "FAIL: $p is not built"
		exit 1
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/contrib_units.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
mkdir -p "$tmp/units" "$tmp/man/man1" "$tmp/man/man8"
cp "$TOP_SRCDIR/docs/man/corrchess.1" "$tmp/man/man1/" || exit 1
cp "$TOP_SRCDIR/docs/man/corrchessd.8" "$tmp/man/man8/" || exit 1

status=0
for u in $UNITS; do
	src="$TOP_SRCDIR/contrib/systemd/$u"
	if [ ! -r "$src" ]; then
		echo "FAIL: cannot read $src"
		exit 1
	fi
	# The installed programs become the built ones; nothing else changes.
	sed -e "s|/usr/local/bin/corrchessd\\b|$CORRCHESSD|g" \
	    -e "s|/usr/local/bin/corrchess\\b|$CORRCHESS|g" "$src" > "$tmp/units/$u"
done

# Every service names the hardening the issue asks for.
for u in corrchessd.service corrchess-sweep.service corrchess-backup.service; do
	for want in DynamicUser=yes ProtectSystem=strict NoNewPrivileges=yes PrivateTmp=yes \
	    StateDirectory=corrchess UnsetEnvironment=CORRCHESS_FAST_HASH; do
		if ! grep -q "^$want" "$tmp/units/$u"; then
			echo "FAIL: $u lacks $want"
			status=1
		fi
	done
done

cd "$tmp/units" || exit 1
# shellcheck disable=SC2086
MANPATH="$tmp/man" SYSTEMD_LOG_COLOR=0 SYSTEMD_PAGER=cat \
	systemd-analyze verify --man=yes $(for u in $UNITS; do printf './%s ' "$u"; done) \
	> "$tmp/out" 2>&1
rc=$?
if [ $rc -ne 0 ] || [ -s "$tmp/out" ]; then
	echo "FAIL: systemd-analyze verify (exit status $rc):"
	cat "$tmp/out"
	status=1
fi
[ $status -eq 0 ] && echo "ok - systemd-analyze verify: $(echo $UNITS | wc -w) units"

# The example configuration has every key (set or commented out) and is
# read without complaint by the programs (a harmless command after it).
conf="$TOP_SRCDIR/contrib/corrchess.conf.example"
keys=$("$CORRCHESSD" --help | sed -n '/^Keys:/,/^[^ K]/{/^[^ K]/!p;}' | sed -e 's/^Keys://' -e 's/([^)]*)//g' |
	tr ', ' '\n\n' | grep -E '^[a-z_]+$')
[ -n "$keys" ] || { echo "FAIL: no keys in corrchessd --help"; exit 1; }
n=0
for k in $keys; do
	n=$((n + 1))
	if ! grep -Eq "^#?$k =( |$)" "$conf"; then
		echo "FAIL: key $k is not in contrib/corrchess.conf.example"
		status=1
	fi
done
if ! out=$(env -u CORRCHESS_DB "$CORRCHESS" --config "$conf" easter 2027 2>&1); then
	echo "FAIL: corrchess does not take contrib/corrchess.conf.example: $out"
	status=1
fi
[ $status -eq 0 ] && echo "ok - corrchess.conf.example: $n keys, read by corrchess"
exit $status
