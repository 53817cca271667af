// tl.js: /tl, the tournament leader's dashboard: the four lists of GET
// /tl/overview (the games a tl leads; an admin's: all) under the
// headings Overdue, Silent, Forfeits and Adjudication, each item a link
// to its game, and the tournaments' Deadlines, 20 to a page (?per=N); and
// the players whose e-mail connection is lost (DSU 6.8.1), each proposing
// the withdrawal from the day it takes effect (issue 22).
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

function section(key, heading, hint, items, render) {
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
	showPaged(ul, pager, items, PER_PAGE, render || (key === 'deadlines' ? deadlineItem : item));
	if (!items.length) {
		const none = document.createElement('p');
		none.textContent = t('tl.none');
		s.insertBefore(none, ul);
		ul.hidden = true;
	}
	return s;
}

const players = new Map(); // user id -> name

// A lost connection (CONNECTION_LOSS): the player, his tournament, the
// days; from the day he counts as withdrawn, the proposal to record it.
function lossItem(x) {
	const li = document.createElement('li');
	const a = document.createElement('a');
	a.href = `/tournaments/${x.tournament}`;
	a.textContent = t('tl.tournament', { id: x.tournament });
	li.append(`${players.get(x.player) || t('tl.player', { id: x.player })} — `, a, `: ${t('tl.lost_on')} `,
		dateElement(x.lost_on), `, ${t('tl.restore_by')} `, dateElement(x.restore_by));
	if (x.propose_withdrawal) {
		const strong = document.createElement('strong');
		strong.textContent = t('tl.propose_withdrawal', { from: x.withdrawn_from });
		li.append('. ', strong);
	}
	return li;
}

async function loadPlayers(losses) {
	await Promise.all([...new Set(losses.map((x) => x.player))].slice(0, NAMED_MAX).map(async (id) => {
		try {
			players.set(id, (await api('GET', `/users/${id}`)).name);
		} catch {
			// the number alone
		}
	}));
}

async function load() {
	try {
		const o = await apiAll('/tl/overview', SECTIONS.map(([key]) => key).concat(['connection_lost']));
		await loadNames(o);
		const losses = o.connection_lost || [];
		await loadPlayers(losses);
		const lost = section('connection_lost', 'tl.connection_lost', 'tl.connection_lost_hint', losses, lossItem);
		$('sections').replaceChildren(...SECTIONS.map(([key, heading, hint]) =>
			section(key, heading, hint, o[key] || [])), lost);
	} catch (e) {
		showError(e);
	}
}

if (user) {
	if (!isTl(user))
		showError({ message: t('tl.only') });
	load();
}
