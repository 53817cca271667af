#include "notation/notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation/iccf.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "util/status.h"

/* True for "g1f3" / "e7e8q" shapes (blanks around already removed). */
static bool uci_shaped(const char *t, size_t n)
{
	if (n != 4 && n != 5)
		return false;
	return t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' && t[2] >= 'a' &&
	       t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

int notation_parse(const position *pos, const char *text, move *out, char *err, size_t errlen)
{
	if (!text) {
		snprintf(err, errlen, "no move given");
		return CC_ERR_MALFORMED;
	}
	while (isspace((unsigned char)*text))
		text++;
	size_t n = strlen(text);
	while (n && isspace((unsigned char)text[n - 1]))
		n--;
	if (n == 0) {
		snprintf(err, errlen, "the move is empty");
		return CC_ERR_MALFORMED;
	}
	if (n > NOTATION_MAX) {
		snprintf(err, errlen, "a move is at most %d characters", NOTATION_MAX);
		return CC_ERR_MALFORMED;
	}
	char buf[NOTATION_MAX + 1];
	memcpy(buf, text, n);
	buf[n] = '\0';
	/* DSU 6.2.2: numeric notation starts with the from-file digit; "0-0"
	 * and "0-0-0" are castling written with zeros (SAN). */
	if (isdigit((unsigned char)buf[0]) && strncmp(buf, "0-0", 3) != 0)
		return iccf_parse(pos, buf, out, err, errlen);
	/* UCI before SAN: SAN would read "g1f3" as a pawn move. */
	if (uci_shaped(buf, n))
		return uci_parse(pos, buf, out, err, errlen);
	return san_parse(pos, buf, out, err, errlen);
}
