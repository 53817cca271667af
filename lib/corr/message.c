/* message.c: what a player may write to his opponent in a game (see
 * corr_message() in corr.h). */
#include "corr/corr.h"

#include <stddef.h>

#include "util/status.h"

/* The next UTF-8 character of s at *i: its code point, or -1 when the
 * bytes are not valid UTF-8 (overlong forms, surrogates, past U+10FFFF). */
static long next_char(const unsigned char *s, size_t *i)
{
	unsigned c = s[(*i)++];
	if (c < 0x80)
		return (long)c;
	int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : -1;
	if (more < 0 || c > 0xf4)
		return -1;
	unsigned long cp = c & (0x3fu >> more);
	for (int k = 0; k < more; k++) {
		if ((s[*i] & 0xc0) != 0x80)
			return -1;
		cp = (cp << 6) | (s[(*i)++] & 0x3fu);
	}
	static const unsigned long least[] = {0, 0x80, 0x800, 0x10000};
	if (cp < least[more] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	return (long)cp;
}

int corr_message(const struct corr_game *g, int seat, const char *text, struct corr_error *e)
{
	(void)g; /* the game may be over: a word after it is still a word */
	if (seat != WHITE && seat != BLACK)
		return corr_fail(e, CC_ERR_ILLEGAL, "not_a_player",
		                 "only the game's two players write messages in it");
	const unsigned char *s = (const unsigned char *)(text ? text : "");
	size_t i = 0, chars = 0, seen = 0;
	while (s[i]) {
		long cp = next_char(s, &i);
		if (cp < 0)
			return corr_fail(e, CC_ERR_INVALID, "invalid_field", "text: not UTF-8");
		if ((cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp <= 0x9f))
			return corr_fail(e, CC_ERR_INVALID, "invalid_field",
			                 "text: no control characters but line breaks (U+%04lX at "
			                 "character %zu)",
			                 (unsigned long)cp, chars + 1);
		chars++;
		if (cp != ' ' && cp != '\n')
			seen++;
	}
	if (seen == 0)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "text: a message has 1 to %d characters and is not blank",
		                 CORR_MESSAGE_CHARS);
	if (chars > CORR_MESSAGE_CHARS)
		return corr_fail(e, CC_ERR_RANGE, "invalid_field",
		                 "text: %zu characters; a message has at most %d", chars,
		                 CORR_MESSAGE_CHARS);
	return CC_OK;
}
