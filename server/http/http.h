/* http.h: the libmicrohttpd server around api_handle() and web_handle(). */
#ifndef CORRCHESS_HTTP_H
#define CORRCHESS_HTTP_H

#include <stddef.h>

#include "api/api.h"

typedef struct http_server http_server;

/* Binds and listens on listen_on ("HOST:PORT", IPv4, IPv6 in brackets, or
 * a name); returns the socket, or -1 with a sentence in err (bad address,
 * port taken, ...).  Done before anything else at start-up, so a taken
 * port is reported before the database is touched. */
int http_listen(const char *listen_on, char *err, size_t errlen);

/* Serves the listening socket fd (taken over: http_stop() closes it) with
 * `threads` worker threads.  Returns a new server, or NULL with a
 * sentence in err (fd is then closed). */
http_server *http_start(struct app *app, int fd, int threads, char *err, size_t errlen);

/* Stops accepting, waits up to grace_ms for requests in flight to finish,
 * then stops the threads and frees the server.  NULL is a no-op. */
void http_stop(http_server *srv, int grace_ms);

/* An IPv4 address (network order) as inet_ntop() writes it, into out
 * (n bytes, cut to n - 1); the client's address of every request. */
struct in_addr;
void http_ipv4_text(const struct in_addr *a, char *out, size_t n);

#endif
