#!/usr/bin/env python3
"""Slow clients from many addresses (issue 20): headers trickled a byte
every 5 s from 34 addresses held all 2,000 slots, since the 10 s timeout
counted only silence.  Now a request's line and headers have a total
deadline (header_timeout) and its body one of its own (body_timeout),
and when the connections near their limit (max_connections) each new one
ends the oldest connection that has not sent its headers yet: a fresh
client is served while slow clients hold the rest.  The source addresses
are 127.0.0.x.  The times a fresh client waits are measured in
bench/bench_slow_clients.py (docs/OPERATIONS.md), not here."""
import http.client
import os
import select
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def closed_by_server(s):
    p = select.poll()  # not select(): descriptors past 1024
    p.register(s, select.POLLIN | select.POLLHUP | select.POLLERR)
    if not p.poll(0):
        return False
    try:
        return s.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


def slow(port, source, head=b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "):
    s = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    s.sendall(head)
    return s


def trickle_until_closed(s, seconds, step=0.5):
    """Sends one byte every step seconds (never silent long enough for the
    idle timeout) until the server closes s or seconds pass; True when
    the server closed it."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if closed_by_server(s):
            return True
        try:
            s.sendall(b"a")
        except OSError:
            return True
        time.sleep(step)
    return closed_by_server(s)


@test
def headers_have_a_total_deadline():
    env = {"CORRCHESS_HEADER_TIMEOUT": "2", "CORRCHESS_BODY_TIMEOUT": "2"}
    with Server(today=TODAY, extra_env=env) as srv:
        srv.start()
        s = slow(srv.port, "127.0.0.1")
        try:
            expect(trickle_until_closed(s, 60), "a trickled header is ended by its deadline")
        finally:
            s.close()
        # And a body trickled a byte at a time after the headers.
        s = slow(srv.port, "127.0.0.1", b"POST /api/v1/session HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
        try:
            expect(trickle_until_closed(s, 60), "a trickled body is ended by its deadline")
        finally:
            s.close()
        # A quick request is not touched by either.
        expect(wait_ready_once(srv.port), "a normal request is served")


@test
def a_fresh_client_is_served_while_34_addresses_hold_every_slot():
    """The issue's attack with the defaults: 34 addresses, each with its
    64 connections (conn_per_addr), hold more than the 2,000 slots with
    headers trickled a byte a second; a fresh client from another address
    is served while they still hold (before, it waited in the listen
    queue until its own timeout), and the room was made by ending the
    oldest of the unfinished ones."""
    with Server(today=TODAY) as srv:
        srv.start()
        socks = []
        try:
            for i in range(34):
                for _ in range(64):
                    try:
                        socks.append(slow(srv.port, "127.0.0.%d" % (i + 2)))
                    except OSError:
                        pass
            expect(len(socks) > 2000, "the slow connections were made: %d" % len(socks))
            # They keep trickling (a byte a second each), so the idle
            # timeout frees no slot: only the server's choice can.
            trickle = Trickle(socks)
            r = None
            c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30,
                                           source_address=("127.0.0.200", 0))
            try:
                c.request("GET", "/healthz")
                resp = c.getresponse()
                r = (resp.status, resp.read())
            except (OSError, http.client.HTTPException) as e:
                r = repr(e)
            finally:
                c.close()
            expect(not closed_by_server(socks[-1]),
                   "the newest slow connection still waits (the answer came while they hold)")
            trickle.stop()
            expect(isinstance(r, tuple) and r[0] == 200, "a fresh client is served: %r" % (r,))
            expect(closed_by_server(socks[0]), "the oldest slow connection was ended")
        finally:
            for s in socks:
                s.close()


def read_head(s):
    """The head of one answer off s (up to its blank line), or b"" when the
    server closed the connection first."""
    data = b""
    while b"\r\n\r\n" not in data:
        try:
            chunk = s.recv(4096)
        except OSError:
            return b""
        if not chunk:
            return b""
        data += chunk
    return data


@test
def past_every_slot_a_new_connection_waits_its_turn():
    """With every slot held by requests sending their bodies (not ones the
    crowded rule may end), a new connection is not refused: it waits in
    the listen queue and is served once a slot frees (http/http.c
    acceptor(); libmicrohttpd, given a connection past its limit, closes
    it)."""
    env = {"CORRCHESS_MAX_CONNECTIONS": "4", "CORRCHESS_BODY_TIMEOUT": "60",
           "CORRCHESS_HEADER_TIMEOUT": "60"}
    with Server(today=TODAY, extra_env=env) as srv:
        srv.start()
        held = []
        try:
            for _ in range(4):
                # "100 Continue" comes once the daemon has read the headers:
                # the connection is past the phase the crowded rule ends.
                h = slow(srv.port, "127.0.0.1",
                         head=b"POST /api/v1/session HTTP/1.1\r\nHost: x\r\n"
                              b"Content-Type: application/json\r\nContent-Length: 64\r\n"
                              b"Expect: 100-continue\r\n\r\n")
                expect(read_head(h).startswith(b"HTTP/1.1 100"), "the body is awaited")
                held.append(h)
            late = socket.create_connection(("127.0.0.1", srv.port), timeout=30)
            late.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            held.pop(0).close()  # a slot frees
            head = read_head(late)
            expect(head.startswith(b"HTTP/1.1 200"), "the late connection is served: %r" % head)
            late.close()
        finally:
            for h in held:
                h.close()


if __name__ == "__main__":
    run_tests()
