"""The world of the DSU tournament tests (test_tourney_dsu.py,
test_tourney_more.py): a shared daemon whose TL leads every class
(docs/AUTHORITY.md: entries for others), and the steps both take - new
players, a tournament created, read, and its games read."""
from urllib.parse import quote

from harness import expect_status, shared_world

CLASSES = ("\u00c5", "K", "M", "DM")


class TourneyWorld:
    """tw = TourneyWorld(key, today, tag): tw.world() is the shared world
    `key` (the TL set on every class at the first call); tag makes the
    names of new_players() unique to this file."""

    def __init__(self, key, today, tag=""):
        self.key, self.today, self.tag = key, today, tag
        self.led = False
        self.count = 0

    def world(self):
        w = shared_world(self.key, today=self.today)
        if not self.led:
            for c in CLASSES:
                expect_status(w.admin.request("PUT", "classes/" + quote(c), {"tl": w.ids["tl"]}),
                              200, "class " + c)
            self.led = True
        return w

    def new_players(self, names, role="player"):
        """Adds a user per name (made unique per call); returns {name: id}."""
        self.count += 1
        out = {}
        for n in names:
            uid, _ = self.world().server.add_user(self.login_of(n), role)
            out[n] = uid
        return out

    def login_of(self, n):
        """The login of player n of the last new_players()."""
        return "%s_%s%d" % (n, self.tag, self.count)

    def get_t(self, tid):
        r = self.world().carol.get("tournaments/%d" % tid)
        expect_status(r, 200, "get tournament")
        return r.json

    def games_of(self, t):
        out = []
        for gid in t["games"]:
            r = self.world().carol.get("games/%d" % gid)
            expect_status(r, 200, "game")
            out.append(r.json)
        return out


def create(client, body, status=201):
    """POST /tournaments with body; expects status, returns the answer."""
    r = client.post("tournaments", body)
    expect_status(r, status, "create %r" % (body,))
    return r.json
