// vacations.js: /vacations: the signed-in player books a vacation
// (POST /vacations) and sees the days left this tournament year and the
// periods booked (GET /users/{id}/vacations).  The API checks the rules
// (notice, allowance, overlap); when the first day is too early
// (notice_too_short) the page explains the notice rule beside the field.
import { api, ApiError } from './api.js';
import { $, cell, readPeriod, showError, startPage, submitted } from './page.js';
import { t } from './i18n.js';

const user = startPage();

function periodRow(v) {
	const tr = document.createElement('tr');
	tr.append(cell(v.start), cell(v.end), cell(String(v.days)),
		cell(t(v.kind === 'special_leave' ? 'vacations.kind_leave' : 'vacations.kind_vacation')),
		cell(v.notice_on || '\u2014'));
	return tr;
}

async function load() {
	try {
		const r = await api('GET', `/users/${user.id}/vacations`);
		let left = t('vacations.remaining', { days: r.remaining_days });
		if (r.special_leave_remaining_days !== undefined && r.special_leave_remaining_days !== null)
			left += ' ' + t('vacations.leave_remaining', { days: r.special_leave_remaining_days });
		$('remaining').textContent = left;
		$('year').textContent = r.tournament_year
			? t('vacations.year', { start: r.tournament_year.start, end: r.tournament_year.end }) : '';
		$('periods-body').replaceChildren(...r.vacations.map(periodRow));
		$('periods').hidden = r.vacations.length === 0;
		$('none-booked').hidden = r.vacations.length > 0;
	} catch (e) {
		showError(e);
	}
}

const onBook = submitted(async () => {
	$('notice-rule').hidden = true;
	const period = readPeriod($('first-day'), $('last-day'));
	if (!period)
		return;
	const { start, end } = period;
	const v = await api('POST', '/vacations', { start, end });
	$('first-day').value = '';
	$('last-day').value = '';
	await load();
	$('remaining').textContent = `${t('vacations.booked', { start: v.start, end: v.end, days: v.days })} ${$('remaining').textContent}`;
}, (e) => {
	showError(e);
	if (e instanceof ApiError && e.code === 'notice_too_short') {
		$('notice-rule').hidden = false;
		$('first-day').focus();
	}
});

if (user) {
	$('vacation-form').addEventListener('submit', onBook);
	load();
}
