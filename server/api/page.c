/* page.c: the paging of every list (API.md "Lists"). */
#include "autoconfig.h"
#include "api/api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int api_page_limit(const struct api_req *rq, struct api_resp *rs, int *limit)
{
	*limit = API_PAGE_DEFAULT;
	const char *l = api_query(rq, "limit");
	if (l) {
		char *end;
		long v = strtol(l, &end, 10);
		if (!*l || *end || v < 1 || v > API_PAGE_MAX)
			return api_error(rs, "invalid_field",
			                 "limit must be a number from 1 to %d, not \"%s\"",
			                 API_PAGE_MAX, l);
		*limit = (int)v;
	}
	return 0;
}

int api_page_read(const struct api_req *rq, struct api_resp *rs, struct api_page *p)
{
	p->cursor = 0;
	p->next[0] = '\0';
	int rc = api_page_limit(rq, rs, &p->limit);
	if (rc)
		return rc;
	const char *a = api_query(rq, "after");
	if (a) {
		/* The cursor is the id of the last item of the page before; each
		 * list goes on from there in its own order. */
		char *end;
		long long v = strtoll(a, &end, 10);
		if (!*a || *end || v < 1)
			return api_error(
			        rs, "invalid_field",
			        "after must be the \"next\" of the page before, not \"%s\"", a);
		p->cursor = v;
	}
	return 0;
}

void api_page_set_next(struct api_page *p, int64_t last_id)
{
	snprintf(p->next, sizeof p->next, "%lld", (long long)last_id);
}
