// tl.js: /tl, the tournament leader's dashboard: the four lists of GET
// /tl/overview (the games a tl leads; an admin's: all) under the
// headings Overdue, Silent, Forfeits and Adjudication, each item a link
// to its game, and the tournaments' Deadlines, 20 to a page (?per=N).
import { api, apiAll, gameName } from './api.js';
import { $, dateElement, isTl, queryNumber, showError, showPaged, startPage } from './page.js';
import { t } from './i18n.js';

const PER_PAGE = queryNumber('per', 1, 500, 20);
const SECTIONS = [
	['overdue', 'tl.overdue', 'tl.overdue_hint'],
	['silent', 'tl.silent', 'tl.silent_hint'],
	['forfeits', 'tl.forfeits', 'tl.forfeits_hint'],
	['adjudication_due', 'tl.adjudication', 'tl.adjudication_hint'],
	['deadlines', 'tl.deadlines', 'tl.deadlines_hint'],
];
const user = startPage();

const NAMED_MAX = 100; // games read for their players' names
const names = new Map(); // game id -> "alice – bob"

// The players of the games listed (the overview names one player per
// item), for up to NAMED_MAX games, read in parallel; a game that cannot
// be read keeps its number alone.
async function loadNames(o) {
	const ids = [...new Set(SECTIONS.flatMap(([key]) => (o[key] || []).map((x) => x.game)))]
		.filter((id) => id);
	await Promise.all(ids.slice(0, NAMED_MAX).map(async (id) => {
		try {
			names.set(id, gameName(await api('GET', `/games/${id}`)));
		} catch {
			// the number alone
		}
	}));
}

function item(x) {
	const li = document.createElement('li');
	const a = document.createElement('a');
	a.href = `/games/${x.game}`;
	a.textContent = names.has(x.game) ? t('tl.game_named', { id: x.game, name: names.get(x.game) })
		: t('tl.game', { id: x.game });
	li.append(a, ` \u2014 ${x.player.name}, ${t('tl.since')} `, dateElement(x.since));
	if (x.detail)
		li.append(`: ${x.detail}`);
	return li;
}

// A date the TL tracks (R10, R12-R14, R19): a game's result report or
// adjudication call-in, or a tournament's objections, prizes, appeals.
function deadlineItem(x) {
	const li = document.createElement('li');
	const a = document.createElement('a');
	if (x.game) {
		a.href = `/games/${x.game}`;
		a.textContent = names.has(x.game)
			? t('tl.game_named', { id: x.game, name: names.get(x.game) }) : t('tl.game', { id: x.game });
	} else {
		a.href = `/tournaments/${x.tournament}`;
		a.textContent = t('tl.tournament', { id: x.tournament });
	}
	li.append(a, ` \u2014 ${t('tl.by')} `, dateElement(x.date));
	if (x.detail)
		li.append(`: ${x.detail}`);
	return li;
}

function section(key, heading, hint, items) {
	const s = document.createElement('section');
	s.id = `section-${key}`;
	const h = document.createElement('h2');
	h.id = `heading-${key}`;
	h.textContent = t(heading);
	s.setAttribute('aria-labelledby', h.id);
	const p = document.createElement('p');
	p.className = 'hint';
	p.textContent = `${t(hint)} ${t('tl.count', { count: items.length })}`;
	const ul = document.createElement('ul');
	ul.className = 'tl-list';
	const pager = document.createElement('div');
	pager.className = 'pager';
	pager.setAttribute('role', 'group');
	pager.setAttribute('aria-label', t('tl.pager', { section: t(heading) }));
	s.append(h, p, ul, pager);
	showPaged(ul, pager, items, PER_PAGE, key === 'deadlines' ? deadlineItem : item);
	if (!items.length) {
		const none = document.createElement('p');
		none.textContent = t('tl.none');
		s.insertBefore(none, ul);
		ul.hidden = true;
	}
	return s;
}

async function load() {
	try {
		const o = await apiAll('/tl/overview', SECTIONS.map(([key]) => key));
		await loadNames(o);
		$('sections').replaceChildren(...SECTIONS.map(([key, heading, hint]) =>
			section(key, heading, hint, o[key] || [])));
	} catch (e) {
		showError(e);
	}
}

if (user) {
	if (!isTl(user))
		showError({ message: t('tl.only') });
	load();
}
