#!/usr/bin/env python3
"""Reads the feeds of tests/ical_sample with python3-icalendar (a real
iCalendar parser) and checks them against the sample's inputs, with the
expected dates computed here (RFC 5545 all-day events: DTEND is the day
after the last day; Easter by the anonymous Gregorian computus; DSU
6.3.6.2 holidays: Tuesday before to Tuesday after Easter, 20-31 December).

Usage: ical_read.py EN_FILE DA_FILE"""
import datetime
import sys

import icalendar

NAME7 = 'Søren Ærø, "Skakhajen"; Østergård\\Vest'
D = datetime.date
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def easter(y):
    a, b, c = y % 19, y // 100, y % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month = (h + l - 7 * m + 114) // 31
    day = (h + l - 7 * m + 114) % 31 + 1
    return D(y, month, day)


def expected(danish):
    """uid -> (first day, DTEND, a piece of the summary)"""
    t = (lambda en, da: da) if danish else (lambda en, da: en)
    ex = {
        'game-7-forfeit': (D(2027, 6, 27), D(2027, 6, 28),
                           t('Game 7: last day to send your move (%s - bob)',
                             'Parti 7: sidste dag for afsendelse af dit træk (%s - bob)') % NAME7),
        'game-7-reminder': (D(2027, 6, 19), D(2027, 6, 20),
                            t('Game 7: a reminder to you is due', 'Parti 7: rykker til dig forfalder')),
        'game-9-forfeit': (D(2027, 7, 10), D(2027, 7, 11),
                           t("Game 9: your opponent's time limit passes (bob - carl)",
                             'Parti 9: modstanderens betænkningstid udløber (bob - carl)')),
        'game-11-reminder': (D(2027, 5, 2), D(2027, 5, 3),
                             t('Game 11: a reminder to your opponent is due (dora - bob)',
                               'Parti 11: rykker til modstanderen forfalder (dora - bob)')),
        'vacation-3': (D(2027, 6, 8), D(2027, 6, 23), t('Vacation', 'Ferie')),
        'vacation-4': (D(2027, 12, 27), D(2028, 1, 6), t('Vacation', 'Ferie')),
    }
    for y in range(2026, 2031):
        e = easter(y)
        ex['holiday-%d-easter' % y] = (e - datetime.timedelta(days=5), e + datetime.timedelta(days=3),
                                       t('Mandatory holiday (Easter)', 'Obligatorisk ferie (påske)'))
        ex['holiday-%d-christmas' % y] = (D(y, 12, 20), D(y + 1, 1, 1),
                                          t('Mandatory holiday (Christmas)', 'Obligatorisk ferie (jul)'))
    return ex


def check_feed(path, danish):
    raw = open(path, 'rb').read()
    lines = raw.split(b'\r\n')
    check(lines[-1] == b'', '%s: ends with CRLF' % path)
    for ln in lines:
        check(b'\n' not in ln and b'\r' not in ln, '%s: a bare line break' % path)
        check(len(ln) <= 75, '%s: a line of %d octets' % (path, len(ln)))
    check(any(ln.startswith(b' ') for ln in lines), '%s: nothing folded (the long name must be)' % path)
    cal = icalendar.Calendar.from_ical(raw)
    check(str(cal.get('VERSION')) == '2.0', 'VERSION 2.0')
    check(str(cal.get('PRODID', '')).startswith('-//corrchess'), 'PRODID')
    check(str(cal.get('X-WR-CALNAME')) == ('corrchess: bob (dansk)' if danish else 'corrchess: bob'),
          'X-WR-CALNAME %r' % cal.get('X-WR-CALNAME'))
    for comp in cal.walk():
        check(not getattr(comp, 'errors', []), '%s: parse errors %r' % (comp.name, comp.errors))
    events = cal.walk('VEVENT')
    ex = expected(danish)
    seen = {}
    for ev in events:
        uid = str(ev['UID'])
        # issue 23: the user (42 in ical_sample) and the language in every UID
        suffix = '-u42-%s@chess.example' % ('da' if danish else 'en')
        check(uid.endswith(suffix), 'UID %s does not end in %s' % (uid, suffix))
        key = uid[:-len(suffix)] if uid.endswith(suffix) else uid
        check(key not in seen, 'UID %s twice' % uid)
        seen[key] = ev
        stamp = ev['DTSTAMP'].dt
        check(stamp == datetime.datetime(2026, 12, 1, 9, 30, tzinfo=datetime.timezone.utc)
              or (stamp.utcoffset() == datetime.timedelta(0) and stamp.replace(tzinfo=None)
                  == datetime.datetime(2026, 12, 1, 9, 30)), 'DTSTAMP %r' % stamp)
        start, end = ev['DTSTART'].dt, ev['DTEND'].dt
        check(type(start) is D and type(end) is D, '%s: all-day dates, not times' % key)
        if key not in ex:
            check(False, 'an event nobody asked for: %s' % key)
            continue
        first, dtend, summ = ex[key]
        check(start == first, '%s: DTSTART %s, expected %s' % (key, start, first))
        check(end == dtend, '%s: DTEND %s, expected %s' % (key, end, dtend))
        check(summ in str(ev['SUMMARY']), '%s: SUMMARY %r lacks %r' % (key, str(ev['SUMMARY']), summ))
        if key.startswith('game-'):
            gid = key.split('-')[1]
            check(str(ev.get('URL')) == 'https://chess.example/games/' + gid, '%s: URL' % key)
            check('DSU 6.3' in str(ev.get('DESCRIPTION')), '%s: DESCRIPTION cites the rule' % key)
        check(str(ev.get('TRANSP')) == 'TRANSPARENT', '%s: TRANSP' % key)
    missing = sorted(set(ex) - set(seen))
    check(not missing, '%s: missing events %s' % (path, missing))
    return len(events)


def main():
    n = check_feed(sys.argv[1], False) + check_feed(sys.argv[2], True)
    for f in failures:
        print('FAIL:', f)
    print('ical_parse: %d events read by icalendar %s, %d failures'
          % (n, icalendar.__version__, len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
