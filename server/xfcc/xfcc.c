/* xfcc.c: the POST /xfcc handler (see xfcc.h): reads the call, signs the
 * user in, hands the work to xfcc_game.c and writes the answer. */
#include "autoconfig.h"
#include "xfcc/xfcc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/log.h"
#include "xfcc/xfcc_game.h"
#include "xfcc/xfcc_xml.h"

#define XML_TYPE "text/xml; charset=utf-8"

/* Sets rs to text (stolen; NULL = out of memory) with status. */
static void answer(struct api_resp *rs, int status, char *text, size_t len, const char *type)
{
	free(rs->body);
	if (!text) {
		static const char oom[] = "out of memory";
		rs->body = strdup(oom);
		rs->len = rs->body ? strlen(oom) : 0;
		rs->status = 500;
		rs->content_type = "text/plain; charset=utf-8";
		return;
	}
	rs->body = text;
	rs->len = len;
	rs->status = status;
	rs->content_type = type;
}

/* A soap:Fault, always with HTTP 500 (SOAP 1.1 6.2, WS-I BP R1126):
 * faultcode Client for what the request got wrong, Server for what the
 * server could not do, VersionMismatch for another SOAP. */
static void fault(struct api_resp *rs, const char *code, const char *text)
{
	size_t len = 0;
	char *xml = xfcc_write_fault(code, text, &len);
	answer(rs, 500, xml, len, XML_TYPE);
}

/* An error of HTTP itself (not a SOAP answer: R1114, R1125): text. */
static void http_error(struct api_resp *rs, int status, const char *text)
{
	char *t = strdup(text);
	answer(rs, status, t, t ? strlen(t) : 0, "text/plain; charset=utf-8");
}

bool xfcc_wants_wsdl(const char *const *keys, int n)
{
	for (int i = 0; i < n; i++)
		if (keys[i] && strcasecmp(keys[i], "wsdl") == 0)
			return true;
	return false;
}

/* The WSDL, its address base_url/xfcc (docs/OPERATIONS.md: the address
 * the server is reached at). */
static void wsdl(struct app *app, struct api_resp *rs)
{
	char location[600];
	const char *base = app->cfg->base_url ? app->cfg->base_url : "";
	size_t bl = strlen(base);
	snprintf(location, sizeof location, "%.*s" XFCC_PATH,
	         (int)(bl && base[bl - 1] == '/' ? bl - 1 : bl), base);
	size_t len = 0;
	char *xml = xfcc_write_wsdl(location, &len);
	answer(rs, 200, xml, len, XML_TYPE);
}

/* The operation a SOAPAction header names ("...XfccBasic/MakeAMove",
 * quoted or not), in buf; "" when the header is absent or empty. */
static void soap_action_op(const char *h, char *buf, size_t size)
{
	buf[0] = '\0';
	if (!h)
		return;
	while (*h == ' ' || *h == '"')
		h++;
	size_t l = strlen(h);
	while (l > 0 && (h[l - 1] == ' ' || h[l - 1] == '"'))
		l--;
	const char *op = h;
	for (size_t i = 0; i < l; i++)
		if (h[i] == '/' || h[i] == '#' || h[i] == ':')
			op = h + i + 1;
	size_t ol = l - (size_t)(op - h);
	if (ol >= size)
		ol = size - 1;
	memcpy(buf, op, ol);
	buf[ol] = '\0';
}

/* Reads the flags and numbers of MakeAMove; -1 with a fault set when a
 * boolean is neither 0/1 nor true/false. */
static int read_move(const struct xfcc_call *c, struct xfcc_move *mv, char *movebuf, size_t size,
                     const char **code, struct api_resp *rs)
{
	static const char *const flags[] = {"resign", "acceptDraw", "offerDraw", "claimDraw"};
	bool *dst[] = {&mv->resign, &mv->accept_draw, &mv->offer_draw, &mv->claim_draw};
	memset(mv, 0, sizeof *mv);
	*code = NULL;
	for (int i = 0; i < 4; i++)
		if (xfcc_param_bool(c, flags[i], dst[i]) < 0) {
			char msg[128];
			snprintf(msg, sizeof msg, "%s must be true or false (or 1 or 0)", flags[i]);
			fault(rs, "Client", msg);
			return -1;
		}
	int rc = xfcc_param_int(c, "gameId", &mv->game);
	if (rc != 0 || mv->game <= 0)
		*code = "InvalidGameID";
	rc = xfcc_param_int(c, "movecount", &mv->movecount);
	if (rc < 0 && !*code)
		*code = "InvalidMoveNumber";
	mv->has_movecount = rc == 0;
	/* Blanks around a move are the client's layout, not the move. */
	const char *m = xfcc_param(c, "myMove");
	m = m ? m : "";
	while (*m == ' ' || *m == '\t' || *m == '\r' || *m == '\n')
		m++;
	size_t l = strlen(m);
	while (l > 0 &&
	       (m[l - 1] == ' ' || m[l - 1] == '\t' || m[l - 1] == '\r' || m[l - 1] == '\n'))
		l--;
	if (l >= size) {
		l = 0;
		if (!*code)
			*code = "InvalidMove"; /* no move is that long */
	}
	memcpy(movebuf, m, l);
	movebuf[l] = '\0';
	mv->move = movebuf;
	const char *msg = xfcc_param(c, "myMessage");
	mv->message = msg ? msg : "";
	return 0;
}

void xfcc_handle(struct app *app, const struct xfcc_http_req *rq, struct api_resp *rs)
{
	if (strcmp(rq->method, "GET") == 0 && rq->wsdl) {
		wsdl(app, rs);
		return;
	}
	if (strcmp(rq->method, "POST") != 0) {
		snprintf(rs->allow, sizeof rs->allow, "GET, POST");
		http_error(rs, 405,
		           "the Xfcc interface takes SOAP 1.1 calls by POST; GET /xfcc?wsdl is its "
		           "WSDL\n");
		return;
	}
	if (rq->too_big) {
		char msg[96];
		snprintf(msg, sizeof msg, "Xfcc requests are limited to %d bytes\n", XFCC_IN_MAX);
		http_error(rs, 413, msg);
		return;
	}
	struct xfcc_call call;
	char err[512];
	int rc = xfcc_parse(rq->body, rq->len, rq->content_type, &call, err, sizeof err);
	if (rc == XFCC_XML_SOAP12) {
		/* SOAP 1.2 part 2, 7.5.1: VersionMismatch goes with HTTP 500. */
		size_t len = 0;
		char *xml = xfcc_write_fault12(
		        "Version Mismatch: this Xfcc server speaks SOAP 1.1 (the Envelope in "
		        "http://schemas.xmlsoap.org/soap/envelope/)",
		        &len);
		answer(rs, 500, xml, len, "application/soap+xml; charset=utf-8");
		return;
	}
	if (rc != XFCC_XML_OK) {
		fault(rs,
		      rc == XFCC_XML_VERSION ? "VersionMismatch"
		      : rc == XFCC_XML_NOMEM ? "Server"
		                             : "Client",
		      err);
		return;
	}
	char action[XFCC_NAME_MAX];
	soap_action_op(rq->soap_action, action, sizeof action);
	if (action[0] && strcasecmp(action, call.op_name) != 0) {
		snprintf(err, sizeof err, "the SOAPAction names %s but the body calls %s", action,
		         call.op_name);
		fault(rs, "Client", err);
		goto out;
	}
	struct xfcc_move mv;
	char movebuf[64];
	const char *early = NULL;
	memset(&mv, 0, sizeof mv);
	if (call.op == XFCC_OP_MAKE_A_MOVE &&
	    read_move(&call, &mv, movebuf, sizeof movebuf, &early, rs) != 0)
		goto out;

	const char *login = xfcc_param(&call, "username");
	const char *password = xfcc_param(&call, "password");
	struct user u;
	int wait = 0;
	int lr = login && password && login[0]
	                 ? xfcc_game_login(app, login, password, rq->peer, &u, &wait)
	                 : XFCC_LOGIN_FAILED;
	if (lr == XFCC_LOGIN_ERROR) {
		fault(rs, "Server",
		      "ServerError: the database is busy, nothing was changed; try again");
		rs->retry_after = 1;
		goto out;
	}
	if (lr == XFCC_LOGIN_THROTTLED) {
		/* API.md "Operations": the limits of POST /session; the wait
		 * also in Retry-After, as that answers it (429). */
		snprintf(err, sizeof err,
		         "AuthenticationFailed: too many failed logins, try again in %d seconds",
		         wait);
		fault(rs, "Client", err);
		rs->retry_after = wait;
		goto out;
	}
	size_t len = 0;
	if (call.op == XFCC_OP_GET_MY_GAMES) {
		if (lr != XFCC_LOGIN_OK) {
			fault(rs, "Client", "AuthenticationFailed");
			goto out;
		}
		char *xml = NULL;
		if (xfcc_game_list(app, &u, &xml, &len) != 0) {
			fault(rs, "Server",
			      "ServerError: the games cannot be read now, nothing was changed; try "
			      "again");
			rs->retry_after = 1;
			goto out;
		}
		answer(rs, 200, xml, len, XML_TYPE);
		goto out;
	}
	const char *code = lr != XFCC_LOGIN_OK ? "AuthenticationFailed"
	                   : early             ? early
	                                       : xfcc_game_move(app, &u, &mv);
	if (lr == XFCC_LOGIN_OK)
		log_msg(LOG_INFO, "xfcc: %s game %lld: %s", u.name, (long long)mv.game, code);
	char *xml = xfcc_write_move_result(code, &len);
	answer(rs, 200, xml, len, XML_TYPE);
out:
	xfcc_call_free(&call);
}
