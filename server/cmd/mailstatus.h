/* cmd/mailstatus.h: `corrchess mail-status` (corrchess(1)). */
#ifndef CORRCHESS_CMD_MAILSTATUS_H
#define CORRCHESS_CMD_MAILSTATUS_H

#include "base/config.h"

/* Prints the outbox's counts (waiting, retrying, refused, sent) and the
 * newest mails the relay refused for good (an SMTP 5xx: not tried again,
 * issue 20), one a line: "refused ID TO AT ERROR".  Exit 0; 1 when the
 * database fails; 2 on bad usage. */
int cmd_mail_status(struct config *cfg, int argc, char **argv);

#endif
