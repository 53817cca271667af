#!/bin/sh
# ical_parse.sh: the calendar feed (API.md "Calendar") read by a real
# iCalendar parser: tests/ical_sample writes a feed in English and one in
# Danish, tests/ical_read.py reads them with Debian's python3-icalendar
# (run by /usr/bin/python3, where Debian installs it) and checks every
# event.  Runs from the top of the build tree, as `make check` runs it.
set -u
srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
sample=${ICAL_SAMPLE:-./tests/ical_sample}
py=/usr/bin/python3
if [ ! -x "$sample" ]; then
	echo "ical_parse: $sample is not built (make check builds it)"
	exit 99
fi
if ! "$py" -c 'import icalendar' 2>/dev/null; then
	echo "ical_parse: python3-icalendar is missing (contrib/install-deps.sh installs it)"
	exit 99
fi
work=./tests/ical_parse.d
mkdir -p "$work" || exit 99
"$sample" "$work/en.ics" "$work/da.ics" || exit 1
exec "$py" "$srcdir/tests/ical_read.py" "$work/en.ics" "$work/da.ics"
