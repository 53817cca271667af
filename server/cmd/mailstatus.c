/* cmd/mailstatus.c: `corrchess mail-status` (cmd/mailstatus.h). */
#include "autoconfig.h"
#include "cmd/mailstatus.h"
#include "cmd/cmd_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store_notify.h"
#include "store/store.h"

#define MAIL_STATUS_LIST 100 /* refusals listed at most, the newest first */

int cmd_mail_status(struct config *cfg, int argc, char **argv)
{
	if (argc > 1) {
		fprintf(stderr, "corrchess: usage: corrchess --db FILE mail-status (not \"%s\")\n",
		        argv[1]);
		return 2;
	}
	store *st = cmd_open_store(cfg);
	if (!st)
		return 1;
	struct store_outbox_status o;
	struct store_outbox_refusal *v = calloc(MAIL_STATUS_LIST, sizeof *v);
	size_t n = 0;
	int status = 1;
	if (!v || store_outbox_status(st, &o, v, MAIL_STATUS_LIST, &n) != STORE_OK) {
		fprintf(stderr, "corrchess: mail-status: the database failed\n");
		goto out;
	}
	printf("mail-status: %lld waiting (%lld retrying), %lld refused, %lld sent\n",
	       (long long)o.waiting, (long long)o.retrying, (long long)o.refused,
	       (long long)o.sent);
	for (size_t i = 0; i < n; i++)
		printf("refused %lld %s %s %s\n", (long long)v[i].id, v[i].to, v[i].at, v[i].error);
	status = 0;
out:
	free(v);
	store_close(st);
	return status;
}
