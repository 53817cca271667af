/* base/sdnotify.h: the daemon's state for systemd (Type=notify, see
 * contrib/systemd/corrchessd.service): "READY=1" once it serves,
 * "STOPPING=1" when it begins to stop. */
#ifndef CORRCHESS_SDNOTIFY_H
#define CORRCHESS_SDNOTIFY_H

/* Sends state (e.g. "READY=1") to the socket named by $NOTIFY_SOCKET:
 * 1 sent, 0 when there is no such socket (not started by systemd),
 * negative on error.  With libsystemd (HAVE_LIBSYSTEMD) it is
 * sd_notify(); without it the same datagram is written here. */
int sdnotify_send(const char *state);

#endif
