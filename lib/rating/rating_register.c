/* rating_register.c: who is on the rating list (rating_register.h). */
#include "rating/rating_register.h"

#include "clock/calendar.h"
#include "util/status.h"

enum rating_list_status rating_list_status(int32_t last, int32_t today)
{
	int32_t three, five;
	if (last == INT32_MIN || calendar_add_years(last, 3, &three) != CC_OK)
		return RATING_LISTED;
	if (today <= three)
		return RATING_LISTED; /* 4.5.5.1.4: "mere end 3 år gammelt" */
	if (calendar_add_years(last, 5, &five) != CC_OK || today <= five)
		return RATING_OFF_LIST;
	return RATING_FRESH_START; /* 4.5.5.1.5: "mere end 5 år gammelt" */
}

const char *rating_list_status_name(enum rating_list_status s)
{
	switch (s) {
	case RATING_OFF_LIST:
		return "off_list";
	case RATING_FRESH_START:
		return "fresh_start";
	default:
		return "listed";
	}
}

bool rating_starts_afresh(int32_t last, int32_t start)
{
	return rating_list_status(last, start) == RATING_FRESH_START;
}
