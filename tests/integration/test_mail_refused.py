#!/usr/bin/env python3
"""A recipient the relay refuses for good (issue 20): `x@example.org,
inj@evil.org` was retried for ever on the relay's 501.  An SMTP 5xx reply
(RFC 5321 4.2.1: permanent) marks the mail refused: it is never tried
again, not by the daemon's sender and not by the sweep's flush of every
waiting mail; `corrchess mail-status` lists it and /metrics counts it.  A
4xx is still tried again.  The relay here is a small SMTP server of the
test's own, which answers RCPT TO by the address."""
import os
import socket
import socketserver
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
RCPT = {}  # address -> RCPT TO commands seen
DELIVERED = []
LOCK = threading.Lock()


class Relay(socketserver.StreamRequestHandler):
    def reply(self, line):
        self.wfile.write((line + "\r\n").encode())
        self.wfile.flush()

    def handle(self):
        self.reply("220 test relay")
        rcpt = None
        while True:
            line = self.rfile.readline()
            if not line:
                return
            cmd = line.decode("latin-1").rstrip("\r\n")
            verb = cmd[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 test relay")
            elif verb == "MAIL":
                self.reply("250 ok")
            elif verb == "RCPT":
                addr = cmd.split(":", 1)[1].strip().strip("<>")
                with LOCK:
                    RCPT[addr] = RCPT.get(addr, 0) + 1
                if "," in addr:
                    self.reply("501 5.1.3 bad recipient address syntax")
                elif addr.startswith("gone@"):
                    self.reply("550 5.1.1 no such user")
                elif addr.startswith("busy@"):
                    self.reply("451 4.3.0 try again later")
                else:
                    rcpt = addr
                    self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 go on")
                while self.rfile.readline() not in (b".\r\n", b""):
                    pass
                with LOCK:
                    DELIVERED.append(rcpt)
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 ok")


class ThreadedRelay(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def queue_mail(srv, to):
    srv.db_exec("INSERT INTO mail_outbox (to_addr, subject, body, created_on)"
                " VALUES (?, 'a test', 'hello', ?)", (to, TODAY))
    return srv.db_rows("SELECT max(id) FROM mail_outbox")[0][0]


def wait_until(pred, what, seconds=60):
    deadline = time.time() + seconds
    while not pred():
        expect(time.time() < deadline, what)
        time.sleep(0.05)


@test
def a_5xx_is_not_tried_again():
    relay = ThreadedRelay(("127.0.0.1", 0), Relay)
    threading.Thread(target=relay.serve_forever, daemon=True).start()
    url = "smtp://127.0.0.1:%d" % relay.server_address[1]
    env = {"CORRCHESS_SMTP_URL": url, "CORRCHESS_MAIL_FROM": "server@example.org",
           "CORRCHESS_MAIL_RETRY": "1"}
    try:
        with Server(today=TODAY, extra_env=env) as srv:
            srv.add_user("someone")
            srv.start()
            bad = queue_mail(srv, "x@example.org,inj@evil.org")
            gone = queue_mail(srv, "gone@example.org")
            busy = queue_mail(srv, "busy@example.org")
            good = queue_mail(srv, "fine@example.org")
            wait_until(lambda: "fine@example.org" in DELIVERED, "the good mail is sent")
            refused = lambda: [r[0] for r in srv.db_rows(
                "SELECT id FROM mail_outbox WHERE refused_at IS NOT NULL ORDER BY id")]
            wait_until(lambda: refused() == [bad, gone], "both 5xx mails marked refused")
            # The 4xx one is tried again (backoff of 1 s, 2 s...).
            wait_until(lambda: RCPT.get("busy@example.org", 0) >= 2, "a 4xx is tried again")
            expect_eq(srv.db_rows("SELECT sent_at IS NULL, refused_at FROM mail_outbox"
                                  " WHERE id = ?", (busy,)), [(1, None)], "4xx: still waiting")
            # The sweep flushes every waiting mail, whatever its backoff: not
            # the refused ones.
            r = srv.cli("--smtp_url", url, "--mail_from", "server@example.org", "sweep")
            expect(r.returncode == 1 and "0 sent, 1 failed" in r.stdout,
                   "sweep: only the 4xx mail is tried (and fails): %s%s" % (r.stdout, r.stderr))
            expect_eq(RCPT.get("x@example.org,inj@evil.org"), 1, "501: asked once, never again")
            expect_eq(RCPT.get("gone@example.org"), 1, "550: asked once, never again")
            r = srv.cli("mail-status")
            expect_eq(r.returncode, 0, "mail-status: %s" % r.stderr)
            lines = r.stdout.splitlines()
            expect("2 refused" in lines[0] and "1 sent" in lines[0] and "1 waiting" in lines[0],
                   "mail-status sums up: %r" % lines[0])
            expect(lines[1].startswith("refused %d gone@example.org " % gone) and "550" in lines[1],
                   "the newest refusal first, with the relay's answer: %r" % lines[1:])
            expect(lines[2].startswith("refused %d x@example.org,inj@evil.org " % bad)
                   and "501" in lines[2], "and the 501: %r" % lines[1:])
            expect_eq(srv.cli("mail-status", "extra").returncode, 2, "bad usage: exit 2")
            m = srv.client().get("/metrics")
            expect_status(m, 200, "metrics")
            expect("\ncorrchess_mails_refused 2\n" in m.text, "the gauge counts them: %s"
                   % [l for l in m.text.splitlines() if "mails" in l])
            expect("\ncorrchess_mails_queued 1\n" in m.text, "queued: only the 4xx one")
            expect(good not in refused(), "the good one is not refused")
    finally:
        relay.shutdown()
        relay.server_close()


if __name__ == "__main__":
    run_tests()
