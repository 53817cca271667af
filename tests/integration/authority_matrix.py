"""The authority matrix of docs/AUTHORITY.md as tests (issue 19): the table
read from the document itself (the same table tests/check_authority.c
checks lib/corr/authority.c against; keep its shape), the world of its
"The actors" section built through the real daemon, and a row run cell by
cell through whatever adapter the caller speaks (HTTP, Xfcc).

    from authority_matrix import *
    world = MatrixWorld(Server(today="2027-09-01").start())
    run_row(world, "penalty", perform)

where perform(world, column, client) sends the command as the actor of
that column (client is his signed-in Client; anonymous has no token) on
what the row acts on (world.game(column), world.subject(column), ...)
and returns the Response.  A refusal cell (unauthorized, forbidden,
not_a_player, not_your_tournament, own_game, own_record) must answer
exactly 401 unauthorized or 403 with that code AND change nothing: every
table of the database (sessions aside, and the outbox's delivery columns,
which the sender thread changes by itself) is compared before and after.
A "yes" cell must not be refused by the policy: no 401 or 403 (a rule may
still refuse, e.g. 409 not_your_turn).  Refusal cells run first, on one
fresh scene; each "yes" cell gets a fresh scene of its own, so a cell
that succeeds (a resignation, a result) cannot spoil the next."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import TOP_SRCDIR, Client, expect, expect_status  # noqa: E402

# The columns of the table, in its order (docs/AUTHORITY.md "The actors").
COLUMNS = ("white", "black", "other player", "game's TL", "other TL", "TL who is a side", "kc",
           "admin", "anonymous")
# The refusal codes of the policy (lib/corr/authority.h auth_check()).
POLICY_CODES = ("unauthorized", "forbidden", "not_a_player", "not_your_tournament", "own_game",
                "own_record")
ACTS_ON = ("game", "a player", "tournament", "games of a tournament", "himself", "nothing")
HEADER = "| command | acts on |"
AUTHORITY_MD = os.path.join(TOP_SRCDIR, "docs", "AUTHORITY.md")


class Row:
    """One row of the matrix: the command, what it acts on, and the cell
    of each column ("yes" or a refusal code)."""

    def __init__(self, command, acts_on, cells):
        self.command = command
        self.acts_on = acts_on
        self.cells = cells  # column -> "yes" | a code of POLICY_CODES

    def refusals(self):
        return [c for c in COLUMNS if self.cells[c] != "yes"]

    def allowed(self):
        return [c for c in COLUMNS if self.cells[c] == "yes"]

    def __repr__(self):
        return "Row(%s)" % self.command


def _cells(line):
    """The trimmed cells of a table line "| a | b |"."""
    parts = line.strip().split("|")
    return [p.strip() for p in parts[1:-1]]


def matrix(path=AUTHORITY_MD):
    """The rows of the matrix, {command: Row}, in the table's order; the
    table is read as tests/check_authority.c reads it (the header line
    starting "| command | acts on |", then rows up to the first line that
    is not one) and its shape checked the same way."""
    rows = {}
    in_table = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith(HEADER):
                head = _cells(line)
                expect(tuple(head[2:]) == COLUMNS and len(head) == len(COLUMNS) + 2,
                       "docs/AUTHORITY.md: the matrix's columns are %r, not %r"
                       % (head, COLUMNS))
                in_table = True
                continue
            if not in_table:
                continue
            if line.startswith("|---"):
                continue
            if not line.startswith("|"):
                break
            c = _cells(line)
            expect(len(c) == len(COLUMNS) + 2, "row %r has %d cells" % (line, len(c)))
            expect(c[0] not in rows, "command %s twice in the table" % c[0])
            expect(c[1] in ACTS_ON, "row %s acts on %r" % (c[0], c[1]))
            for cell in c[2:]:
                expect(cell == "yes" or cell in POLICY_CODES,
                       "row %s: unknown cell %r" % (c[0], cell))
            rows[c[0]] = Row(c[0], c[1], dict(zip(COLUMNS, c[2:])))
    expect(rows, "docs/AUTHORITY.md has no matrix")
    return rows


# The users of the world: the column's actor, and two that are no column
# (root, an admin who sets the scenes up; extra, the second player of the
# other TL's tournament).
_USERS = (("white", "mx_white", "player"), ("black", "mx_black", "player"),
          ("other player", "mx_other", "player"), ("game's TL", "mx_tl", "tl"),
          ("other TL", "mx_tl2", "tl"), ("TL who is a side", "mx_tl3", "tl"),
          ("kc", "mx_kc", "kc"), ("admin", "mx_admin", "admin"))


class Scene:
    """Fresh things to act on: a tournament led by the game's TL with
    white and black (its one game: white against black), and a tournament
    led by the TL who is a side, in which he plays white against black."""

    def __init__(self, tournament, game, side_tournament, side_game, profile):
        self.tournament = tournament
        self.game = game
        self.side_tournament = side_tournament
        self.side_game = side_game
        self.profile = profile

    def __repr__(self):
        return ("Scene(tournament %d game %d; side tournament %d game %d; %s)"
                % (self.tournament, self.game, self.side_tournament, self.side_game,
                   self.profile))


class MatrixWorld:
    """The actors of docs/AUTHORITY.md on one daemon, each signed in
    (anonymous: a client without a token), made through the real daemon
    and its CLI:
      - ids[column], clients[column], names[column];
      - root: an admin who is no column, who sets the scenes up;
      - the other TL leads a tournament of his own (other_tournament,
        its one game other_game: other player against extra), so he is a
        TL who leads *another* tournament;
      - scene: the current Scene (new_scene() makes a fresh one)."""

    def __init__(self, server, profile="server", start_date=None):
        self.server = server
        self.profile = profile
        self.start_date = start_date or server.today or "2027-09-01"
        self.ids, self.names, self.clients = {}, {}, {}
        self._count = 0
        for column, name, role in _USERS:
            self.ids[column], _ = server.add_user(name, role)
            self.names[column] = name
        self.ids["anonymous"] = None
        self.names["anonymous"] = None
        self.root_id, _ = server.add_user("mx_root", "admin")
        self.extra_id, _ = server.add_user("mx_extra", "player")
        self.root = server.login("mx_root")
        self.relogin()
        # The other TL leads a tournament of his own (not the game's).
        self.other_tournament, self.other_game = self._tournament(self.ids["other TL"],
                                                    [self.ids["other player"], self.extra_id],
                                                    self.profile)
        self.scene = None
        self.new_scene()

    def relogin(self):
        """Signs every actor in afresh (e.g. after a daemon restart)."""
        for column, name, _ in _USERS:
            self.clients[column] = self.server.login(name)
        self.clients["anonymous"] = Client(self.server)
        self.root = self.server.login("mx_root")

    def client(self, column):
        return self.clients[column]

    def _tournament(self, tl, players, profile, **options):
        self._count += 1
        body = {"name": "matrix %d" % self._count, "kind": "round_robin", "profile": profile,
                "start_date": self.start_date, "players": players, "tl": tl}
        body.update(options)
        r = self.root.post("tournaments", body)
        expect_status(r, 201, "the matrix world's tournament %d" % self._count)
        games = r.json["games"]
        expect(len(games) == 1, "a round robin of two has one game: %r" % (r.json,))
        g = self.root.get("games/%d" % games[0])
        expect_status(g, 200, "the tournament's game")
        expect(g.json["white"]["id"] == players[0] and g.json["black"]["id"] == players[1],
               "the first player is White: %r" % (g.json,))
        return r.json["id"], games[0]

    def new_scene(self, profile=None, **options):
        """A fresh Scene (and world.scene set to it); options go into the
        tournaments' POST (e.g. series_cancellable=True)."""
        profile = profile or self.profile
        t, g = self._tournament(self.ids["game's TL"], [self.ids["white"], self.ids["black"]],
                                profile, **options)
        st, sg = self._tournament(self.ids["TL who is a side"],
                                  [self.ids["TL who is a side"], self.ids["black"]], profile,
                                  **options)
        self.scene = Scene(t, g, st, sg, profile)
        return self.scene

    # -- what a row acts on, for the actor of a column (docs/AUTHORITY.md
    # -- "What a row acts on") --

    @staticmethod
    def is_side(column):
        return column == "TL who is a side"

    def game(self, column):
        """"game": the game white plays against black (for the TL who is a
        side: the game he plays in his own tournament)."""
        return self.scene.side_game if self.is_side(column) else self.scene.game

    def tournament(self, column):
        """"tournament": the game's tournament (the side's: his own)."""
        return self.scene.side_tournament if self.is_side(column) else self.scene.tournament

    def subject(self, column):
        """"a player": black (for the TL who is a side: himself)."""
        return self.ids["TL who is a side"] if self.is_side(column) else self.ids["black"]

    def seat(self, column):
        """The colour the column's actor plays in world.game(column), or
        None."""
        uid = self.ids[column]
        if uid is None:
            return None
        if self.is_side(column) or uid == self.ids["white"]:
            return "white"
        return "black" if uid == self.ids["black"] else None

    def players(self, column):
        """(white id, black id) of world.game(column)."""
        w = self.ids["TL who is a side"] if self.is_side(column) else self.ids["white"]
        return w, self.ids["black"]

    def snapshot(self):
        """Everything a refused command must leave as it was: every row of
        every table, ordered, but sessions (a sign-in is no change of the
        command's) and the outbox's delivery columns (the sender changes
        those by itself)."""
        out = {}
        tables = [t for (t,) in self.server.db_rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for t in tables:
            if t == "sessions":
                continue
            if t == "mail_outbox":
                out[t] = self.server.db_rows(
                    "SELECT id, event_id, to_addr, subject, body, created_on FROM mail_outbox"
                    " ORDER BY id")
            else:
                out[t] = self.server.db_rows('SELECT * FROM "%s" ORDER BY rowid' % t
                                             if _has_rowid(self.server, t)
                                             else 'SELECT * FROM "%s" ORDER BY 1, 2' % t)
        return out


def _has_rowid(server, table):
    sql = server.db_rows("SELECT sql FROM sqlite_master WHERE name = ?", (table,))[0][0] or ""
    return "WITHOUT ROWID" not in sql.upper()


def snapshot_diff(before, after):
    """The tables whose rows differ, with the rows that came and went."""
    out = []
    for t in sorted(set(before) | set(after)):
        a, b = before.get(t, []), after.get(t, [])
        if a != b:
            gone = [r for r in a if r not in b][:3]
            came = [r for r in b if r not in a][:3]
            out.append("%s: gone %r, came %r" % (t, gone, came))
    return "; ".join(out)


# -- what the cells must answer, over HTTP (the Xfcc tests pass their own) --

def http_refused(resp, cell, what):
    """A refusal cell over HTTP: 401 unauthorized, or 403 with the cell's
    code."""
    status = 401 if cell == "unauthorized" else 403
    expect(resp.status == status and resp.code == cell,
           "%s: want %d %s, got %r" % (what, status, cell, resp))


def http_allowed(resp, what):
    """A "yes" cell over HTTP: not refused by the policy."""
    expect(resp.status not in (401, 403) and resp.code not in POLICY_CODES,
           "%s: allowed by docs/AUTHORITY.md, refused: %r" % (what, resp))


def run_row(world, command, perform, columns=None, prepare=None, profile=None,
            refused=http_refused, allowed=http_allowed, snapshot=None, fresh_each=True,
            scene=None):
    """Runs every cell of the row `command` (or those of `columns`):
    perform(world, column, client) sends the command as that column's
    actor and returns its answer.  prepare(world, column), when given, is
    called before the snapshot of each cell (what the command needs to be
    possible at all, e.g. a draw offer to accept; it may run several
    times on one scene).  The refusal cells run first on one fresh scene
    (each must be refused with its code and change nothing), then each
    "yes" cell on a fresh scene of its own (fresh_each; else on the last
    one); profile and scene (a dict of tournament options) make the
    scenes.  snapshot() defaults to world.snapshot().  Returns {column:
    answer}."""
    row = matrix()[command]
    cols = [c for c in COLUMNS if columns is None or c in columns]
    expect(columns is None or len(cols) == len(set(columns)),
           "unknown columns in %r" % (columns,))
    snap = snapshot or world.snapshot
    answers = {}
    world.new_scene(profile, **(scene or {}))
    for column in [c for c in row.refusals() if c in cols]:
        cell = row.cells[column]
        what = "%s by %s (%s)" % (command, column, cell)
        if prepare:
            prepare(world, column)
        before = snap()
        r = perform(world, column, world.client(column))
        refused(r, cell, what)
        after = snap()
        if before != after:
            raise AssertionError("%s: refused, yet it changed %s" % (
                what, snapshot_diff(before, after) if isinstance(before, dict) else
                "%r to %r" % (before, after)))
        answers[column] = r
    for column in [c for c in row.allowed() if c in cols]:
        if fresh_each:
            world.new_scene(profile, **(scene or {}))
        if prepare:
            prepare(world, column)
        r = perform(world, column, world.client(column))
        allowed(r, "%s by %s (yes)" % (command, column))
        answers[column] = r
    return answers
