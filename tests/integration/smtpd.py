"""A real SMTP server for the mail tests: Debian's aiosmtpd (run by
/usr/bin/python3, which can import python3-aiosmtpd) on a loopback port,
writing every mail it accepts into a Maildir that the test reads back."""
import email
import email.policy
import email.utils
import mailbox
import os
import shutil
import socket
import subprocess
import tempfile
import time

from harness import free_port, wait_listening

SYS_PYTHON = "/usr/bin/python3"


class Mail:
    def __init__(self, msg):
        self.msg = msg
        addrs = lambda h: [a.lower() for _, a in email.utils.getaddresses(msg.get_all(h, []))]
        self.to = addrs("To")
        self.rcpt = addrs("X-RcptTo")
        self.sender = addrs("From")
        self.subject = str(msg["Subject"] or "")
        part = msg.get_body(preferencelist=("plain", "html"))
        self.body = part.get_content() if part is not None else ""
        self.message_id = str(msg["Message-ID"] or "")

    def header(self, name):
        v = self.msg[name]
        return None if v is None else str(v)

    def __repr__(self):
        return "Mail(to=%r, subject=%r)" % (self.to, self.subject)


class Smtp:
    """with Smtp() as smtp: ... smtp.new_mails(): aiosmtpd's Mailbox
    handler on a loopback port (free_port() unless given); every mail it
    accepts is a file of its Maildir."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.url = "smtp://127.0.0.1:%d" % self.port
        self.proc = None
        self.seen = set()

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="corrchess-smtp-")
        self.maildir = os.path.join(self.dir, "Maildir")
        try:
            return self.start()
        except BaseException:
            self.__exit__()
            raise

    def start(self):
        try:
            chk = subprocess.run([SYS_PYTHON, "-c", "import aiosmtpd"], capture_output=True,
                                 text=True, timeout=60)
        except OSError as e:
            raise AssertionError("cannot run %s (%s): the SMTP tests need Debian's python3 with"
                                 " python3-aiosmtpd (contrib/install-deps.sh)" % (SYS_PYTHON, e))
        if chk.returncode != 0:
            raise AssertionError("%s cannot import aiosmtpd: install python3-aiosmtpd"
                                 " (contrib/install-deps.sh)\n%s" % (SYS_PYTHON, chk.stderr))
        log = open(os.path.join(self.dir, "smtpd.log"), "wb")
        self.proc = subprocess.Popen(
            [SYS_PYTHON, "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:%d" % self.port,
             "-c", "aiosmtpd.handlers.Mailbox", self.maildir], stdout=log, stderr=log)
        log.close()
        wait_listening(self.proc, self.port, "aiosmtpd", self.read_log, AssertionError)
        return self

    def __exit__(self, *exc):
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def read_log(self):
        with open(os.path.join(self.dir, "smtpd.log"), errors="replace") as f:
            return f.read()

    def new_mails(self):
        """The mails that arrived since the last call (Mail: .to, the To
        addresses; .rcpt, the envelope; .sender, .subject, .body)."""
        if not os.path.isdir(self.maildir):
            return []
        box = mailbox.Maildir(self.maildir, factory=None, create=False)
        out = []
        for key in sorted(set(box.keys()) - self.seen):
            self.seen.add(key)
            out.append(Mail(email.message_from_bytes(box.get_bytes(key),
                                                     policy=email.policy.default)))
        return out

    def wait_for(self, pred, what, timeout=60):
        """Collects mails until pred(mails) holds (the daemon's sender
        delivers within seconds; the timeout only ends a failing test)."""
        got = []
        deadline = time.time() + timeout
        while time.time() < deadline:
            got += self.new_mails()
            if pred(got):
                return got
            time.sleep(0.1)
        raise AssertionError("%s: not there after %ds; got %r" % (what, timeout, got))
