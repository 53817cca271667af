/* web.c: the web pages (see web.h). */
#include "autoconfig.h"
#include "http/web.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/log.h"

#define WEB_NAME_MAX 64            /* longest asset name served */
#define WEB_FILE_MAX (1024 * 1024) /* larger files are not served */

/* The pages are HTML, CSS and ES modules of our own: nothing is loaded
 * from elsewhere, so the policy allows only this origin, and a page may
 * be framed only by itself.  no-cache: the browser asks again each time
 * (files change with a deployment) but may keep a copy it revalidates. */
const char *const web_headers[][2] = {
        {"Cache-Control", "no-cache"},
        {"X-Content-Type-Options", "nosniff"},
        {"Content-Security-Policy",
         "default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"},
        {NULL, NULL},
};

static const struct {
	const char *ext, *type;
} types[] = {
        {".html", "text/html; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".ico", "image/x-icon"},
};

/* "/API/..." too is left to the API: it was the API's 404 JSON before the
 * pages came, and a client that got the case wrong reads JSON better. */
bool web_owns_path(const char *path)
{
	return !(strncasecmp(path, "/api", 4) == 0 && (path[4] == '\0' || path[4] == '/'));
}

/* The Content-Type for a file name, or NULL for an extension not served. */
static const char *content_type(const char *name)
{
	const char *dot = strrchr(name, '.');
	if (!dot)
		return NULL;
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(dot, types[i].ext) == 0)
			return types[i].type;
	return NULL;
}

/* A name that can only mean a file directly in static_dir: letters,
 * digits, '.', '_', '-'; no leading dot (no hidden files, no ".."), no
 * ".." anywhere, and a type we serve. */
static bool asset_name_ok(const char *name)
{
	size_t n = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	                        "0123456789._-");
	return n > 0 && name[n] == '\0' && n <= WEB_NAME_MAX && name[0] != '.' &&
	       !strstr(name, "..") && content_type(name);
}

/* prefix followed by a positive id written without leading zeros (the
 * page's one address), at most 15 digits as in the API's routes. */
static bool id_path_ok(const char *path, const char *prefix)
{
	size_t plen = strlen(prefix);
	if (strncmp(path, prefix, plen) != 0)
		return false;
	const char *id = path + plen;
	size_t n = strspn(id, "0123456789");
	return n > 0 && n <= 15 && id[n] == '\0' && id[0] != '0';
}

/* The pages at fixed addresses (API.md "Web pages"), each one file. */
static const struct {
	const char *path, *file;
} pages[] = {
        {"/", "index.html"},
        {"/vacations", "vacations.html"},
        {"/tournaments", "tournaments.html"},
        {"/tl", "tl.html"},
        {"/account", "account.html"},
        {"/members", "members.html"},       /* tl, admin: find and add members */
        {"/federation", "federation.html"}, /* tl, kc, admin: registers, appeals (issue 22) */
        {"/reset-password", "reset.html"},  /* the link of the reset mail (issue 10) */
};

/* The file in static_dir that answers path, or NULL when none does. */
static const char *file_for_path(const char *path)
{
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)
		if (strcmp(path, pages[i].path) == 0)
			return pages[i].file;
	if (id_path_ok(path, "/games/"))
		return "game.html";
	if (id_path_ok(path, "/tournaments/"))
		return "tournament.html";
	if (strncmp(path, "/static/", 8) == 0 && asset_name_ok(path + 8))
		return path + 8;
	return NULL;
}

static void set_body(struct api_resp *rs, int status, const char *type, char *body, size_t len)
{
	free(rs->body);
	rs->body = body;
	rs->len = len;
	rs->status = status;
	rs->content_type = type;
}

/* A small HTML page for 404 and 405 (escaping: the texts are ours). */
static void error_page(struct api_resp *rs, int status, const char *title, const char *text)
{
	static const char fmt[] =
	        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	        "<title>%s \xe2\x80\x93 corrchess</title>\n"
	        "<link rel=\"stylesheet\" href=\"/static/style.css\">\n</head>\n"
	        "<body>\n<main>\n<h1>%s</h1>\n<p>%s <a href=\"/\">Go to the start page</a>.</p>\n"
	        "</main>\n</body>\n</html>\n";
	int n = snprintf(NULL, 0, fmt, title, title, text);
	char *body = n < 0 ? NULL : malloc((size_t)n + 1);
	if (body)
		snprintf(body, (size_t)n + 1, fmt, title, title, text);
	/* Out of memory: the status alone, with an empty body. */
	set_body(rs, status, "text/html; charset=utf-8", body, body ? (size_t)n : 0);
}

static void not_found(struct api_resp *rs)
{
	error_page(rs, 404, "Not found", "There is no page at this address.");
}

/* A missing static_dir is a setting to fix, not news on every request: it
 * is logged once per process. */
static void warn_static_dir(const char *static_dir)
{
	static atomic_bool warned;
	if (!atomic_exchange(&warned, true))
		log_msg(LOG_WARN,
		        "web pages: static_dir \"%s\" is not a readable directory; "
		        "pages answer 404 (set static_dir)",
		        static_dir);
}

/* Reads the regular file fd of at most WEB_FILE_MAX bytes; returns the
 * new contents (NUL-terminated) and *len, or NULL. */
static char *read_file(int fd, const char *path, size_t *len)
{
	struct stat sb;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size > WEB_FILE_MAX) {
		log_msg(LOG_WARN, "web pages: %s is not a regular file of at most %d bytes", path,
		        WEB_FILE_MAX);
		return NULL;
	}
	size_t size = (size_t)sb.st_size, got = 0;
	char *buf = malloc(size + 1);
	if (!buf)
		return NULL;
	while (got < size) {
		ssize_t r = read(fd, buf + got, size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break; /* shrank while read: serve what is there */
		got += (size_t)r;
	}
	buf[got] = '\0';
	*len = got;
	return buf;
}

/* One frame for every page (docs/WEB.md): static_dir/frame.html holds
 * what all pages share, the head's common lines and the site header, with
 * three slots; a page file holds only its own lines, in three parts: its
 * head lines, then after a line "<!--header-->" its additions to the site
 * header, then after a line "<!--main-->" its body. */
static const char *const slot[3] = {"<!--head-->\n", "<!--header-->\n", "<!--main-->\n"};

/* The page put into the frame (new, NUL-terminated, *len), or NULL when
 * either lacks its marks. */
static char *compose(const char *frame, const char *page, size_t *len)
{
	const char *f[3], *p[2];
	f[0] = strstr(frame, slot[0]);
	f[1] = f[0] ? strstr(f[0], slot[1]) : NULL;
	f[2] = f[1] ? strstr(f[1], slot[2]) : NULL;
	p[0] = strstr(page, slot[1]);
	p[1] = p[0] ? strstr(p[0], slot[2]) : NULL;
	if (!f[2] || !p[1])
		return NULL;
	/* frame, head lines, frame, header additions, frame, body, frame */
	const char *from[7] = {frame,
	                       page,
	                       f[0] + strlen(slot[0]),
	                       p[0] + strlen(slot[1]),
	                       f[1] + strlen(slot[1]),
	                       p[1] + strlen(slot[2]),
	                       f[2] + strlen(slot[2])};
	const char *to[7] = {
	        f[0], p[0], f[1], p[1], f[2], page + strlen(page), frame + strlen(frame)};
	size_t n = 0;
	for (int i = 0; i < 7; i++)
		n += (size_t)(to[i] - from[i]);
	char *out = malloc(n + 1);
	if (!out)
		return NULL;
	size_t k = 0;
	for (int i = 0; i < 7; i++) {
		memcpy(out + k, from[i], (size_t)(to[i] - from[i]));
		k += (size_t)(to[i] - from[i]);
	}
	out[k] = '\0';
	*len = k;
	return out;
}

/* static_dir/name's contents (new, *len), or NULL after a warning. */
static char *load(const char *static_dir, const char *name, size_t *len)
{
	char path[4096];
	int n = snprintf(path, sizeof path, "%s/%s", static_dir, name);
	if (n < 0 || (size_t)n >= sizeof path) {
		warn_static_dir(static_dir);
		return NULL;
	}
	/* O_NOFOLLOW: a symlink in static_dir could point anywhere;
	 * O_NONBLOCK: a FIFO there must not hang the worker thread. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0) {
		struct stat sb;
		if (stat(static_dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
			warn_static_dir(static_dir);
		else
			log_msg(LOG_WARN, "web pages: cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	char *body = read_file(fd, path, len);
	close(fd);
	return body;
}

/* Answers with static_dir/name (a page put into its frame), or a 404 and
 * a warning. */
static void serve_file(const char *static_dir, const char *name, bool page, struct api_resp *rs)
{
	size_t len = 0;
	char *body = load(static_dir, name, &len);
	if (body && page && strstr(body, slot[2])) {
		size_t flen = 0;
		char *frame = load(static_dir, "frame.html", &flen);
		char *whole = frame ? compose(frame, body, &len) : NULL;
		if (frame && !whole)
			log_msg(LOG_WARN, "web pages: %s/frame.html or %s lacks its slots",
			        static_dir, name);
		free(frame);
		free(body);
		body = whole;
	}
	if (!body) {
		not_found(rs);
		return;
	}
	set_body(rs, 200, content_type(name), body, len);
}

void web_handle(const char *static_dir, const struct api_req *rq, struct api_resp *rs)
{
	const char *name = file_for_path(rq->path);
	if (!name) {
		not_found(rs);
		return;
	}
	/* MHD sends HEAD answers without their body. */
	if (strcmp(rq->method, "GET") != 0 && strcmp(rq->method, "HEAD") != 0) {
		snprintf(rs->allow, sizeof rs->allow, "GET, HEAD");
		error_page(rs, 405, "Method not allowed", "This page can only be read (GET).");
		return;
	}
	serve_file(static_dir ? static_dir : "static", name, strncmp(rq->path, "/static/", 8) != 0,
	           rs);
}
