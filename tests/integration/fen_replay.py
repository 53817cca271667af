"""The FEN after UCI moves, computed independently of lib/ for the tests
that check the daemon's positions (test_daemon.py, test_fuzz_api.py)."""


def fen_replay(start_fen, ucis):
    """Plays UCI moves on a FEN, independently of lib/: moves, captures,
    castling (king two squares), en passant, promotion; writes the FEN
    with the e.p. square only when a pawn could take (as corrchess does)."""
    parts = start_fen.split()
    board = {}
    for r, row in enumerate(parts[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board["abcdefgh"[f] + str(8 - r)] = ch
                f += 1
    side, castle, ep = parts[1], set(parts[2]) - {"-"}, parts[3]
    half, full = int(parts[4]), int(parts[5])
    for u in ucis:
        fr, to, promo = u[:2], u[2:4], u[4:5]
        p = board.pop(fr)
        captured = board.get(to)
        if p in "Pp" and to == ep and captured is None:
            captured = board.pop(to[0] + fr[1])
        if p in "Kk" and abs(ord(to[0]) - ord(fr[0])) == 2:
            rank = fr[1]
            if to[0] == "g":
                board["f" + rank] = board.pop("h" + rank)
            else:
                board["d" + rank] = board.pop("a" + rank)
        board[to] = (promo.upper() if p == "P" else promo.lower()) if promo else p
        for sq, rights in (("e1", "KQ"), ("e8", "kq"), ("h1", "K"), ("a1", "Q"), ("h8", "k"),
                           ("a8", "q")):
            if fr == sq or to == sq:
                castle -= set(rights)
        half = 0 if p in "Pp" or captured else half + 1
        if side == "b":
            full += 1
        ep = "-"
        if p in "Pp" and abs(int(to[1]) - int(fr[1])) == 2:
            enemy = "p" if p == "P" else "P"
            for df in (-1, 1):
                f = chr(ord(to[0]) + df)
                if f in "abcdefgh" and board.get(f + to[1]) == enemy:
                    ep = fr[0] + str((int(fr[1]) + int(to[1])) // 2)
        side = "b" if side == "w" else "w"
    rows = []
    for rank in range(8, 0, -1):
        row, empty = "", 0
        for f in "abcdefgh":
            pc = board.get(f + str(rank))
            if pc:
                row += (str(empty) if empty else "") + pc
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    cs = "".join(c for c in "KQkq" if c in castle) or "-"
    return "%s %s %s %s %d %d" % ("/".join(rows), side, cs, ep, half, full)
