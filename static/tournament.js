// tournament.js: /tournaments/{id}: the crosstable.  A table captioned
// with the tournament's name; a row per player in the order of the
// standings (rank, or the place the rules decide when the API gives
// one), each numbered by his seat (drawn at the start: his number stays
// whatever his place), the player's rating, a cell per opponent in seat
// order with the result of each of their games linking to it (two in a
// double round robin), then score, Sonneborn-Berger and games played.
// On a phone the place, the name and the score columns stay on the
// screen while the results scroll between them (style.css).  The games come from GET
// /games?player= of every player but the last (each game has two).
import { api, apiAll } from './api.js';
import { clearAlert } from './alert.js';
import { $, showError, startPage } from './page.js';
import { applyTexts, t } from './i18n.js';

const id = Number(location.pathname.split('/')[2]);
const user = startPage();

// The points of `color` in a game: '1', '½', '0', or '*' in play.
function points(g, color) {
	switch (g.result) {
	case '1-0': return color === 'white' ? '1' : '0';
	case '0-1': return color === 'black' ? '1' : '0';
	case '1/2-1/2': return '\u00bd';
	case '0-0': return '0';
	default: return '*';
	}
}

// 2.5 as "2½", 0.25 as "¼": scores and Sonneborn-Berger (a multiple of
// 1/4, DSU 6.5.4.1) as a crosstable writes them.
function number(x) {
	const whole = Math.floor(x);
	const glyph = { 0.25: '\u00bc', 0.5: '\u00bd', 0.75: '\u00be' }[x - whole] || '';
	return `${whole || !glyph ? whole : ''}${glyph}`;
}

function th(text, scope) {
	const el = document.createElement('th');
	el.scope = scope;
	el.textContent = text;
	return el;
}

function td(content, cls) {
	const el = document.createElement('td');
	if (cls)
		el.className = cls;
	el.append(content);
	return el;
}

function head(seated) {
	const tr = document.createElement('tr');
	const cls = (el, c) => { el.className = c; return el; };
	tr.append(cls(th(t('tournament.place'), 'col'), 'place'), cls(th(t('tournament.player'), 'col'), 'player'),
		cls(th(t('tournament.rating'), 'col'), 'rating'));
	for (const { player, seat } of seated) {
		const h = th('', 'col');
		const abbr = document.createElement('abbr');
		abbr.title = player.name;
		abbr.textContent = String(seat);
		h.append(abbr);
		tr.append(h);
	}
	tr.append(cls(th(t('tournament.score'), 'col'), 'score'), cls(th(t('tournament.sb'), 'col'), 'sb'),
		cls(th(t('tournament.played'), 'col'), 'played'));
	return tr;
}

// The cell of `me` against `them`: a link per game between them.
function pairCell(games, me, them) {
	const cellEl = document.createElement('td');
	cellEl.className = 'result-cell';
	const between = games.filter((g) => (g.white.id === me.id && g.black.id === them.id) ||
		(g.black.id === me.id && g.white.id === them.id)).sort((a, b) => a.id - b.id);
	between.forEach((g, i) => {
		const color = g.white.id === me.id ? 'white' : 'black';
		const a = document.createElement('a');
		a.href = `/games/${g.id}`;
		a.textContent = points(g, color);
		a.setAttribute('aria-label', t('tournament.cell', {
			points: points(g, color), color: t(`color.${color}`), name: them.name, id: g.id,
		}));
		if (i)
			cellEl.append(' ');
		cellEl.append(a);
	});
	if (!between.length)
		cellEl.textContent = '\u2014';
	return cellEl;
}

function row(s, seated, games) {
	const tr = document.createElement('tr');
	tr.append(td(String(s.place ?? s.rank), 'place'));
	const name = th(`${s.seat}. ${s.player.name}`, 'row');
	name.className = 'player';
	if (user && s.player.id === user.id)
		tr.className = 'me';
	tr.append(name);
	// The K-skak rating as it is now (DSU 4.5; the OTB rating while he has none).
	// ... and, once this group is rated, the change it made ("1908 (+8)").
	const change = typeof s.rating_change === 'number'
		? ` (${s.rating_change > 0 ? '+' : s.rating_change < 0 ? '\u2212' : '\u00b1'}${Math.abs(s.rating_change)})` : '';
	tr.append(td(s.player.rating === null || s.player.rating === undefined ? '\u2014'
		: `${s.player.rating}${change}`, 'rating'));
	for (const { player: p } of seated) {
		if (p.id === s.player.id) {
			const self = td('\u00d7', 'self');
			self.setAttribute('aria-label', t('tournament.self'));
			tr.append(self);
		} else {
			tr.append(pairCell(games, s.player, p));
		}
	}
	tr.append(td(number(s.score), 'score'), td(number(s.sonneborn_berger), 'sb'),
		td(String(s.played), 'played'));
	return tr;
}

// The withdrawals recorded (DSU 6.2.8), in words.
function showWithdrawals(tour) {
	const list = tour.withdrawals || [];
	$('withdrawals-section').hidden = list.length === 0;
	$('withdrawals').replaceChildren(...list.map((w) => {
		const li = document.createElement('li');
		li.textContent = t('withdraw.item', {
			name: w.player ? w.player.name : '?', on: w.on, reason: t(`withdraw.${w.reason}`),
			games: t(w.all_lost ? 'withdraw.all_lost' : 'withdraw.adjudicate',
				{ count: (w.to_adjudicate || []).length }),
		});
		return li;
	}));
}

// Its own tl, or an admin (DSU 6.1.3): the withdrawal form.
function mayLead(tour) {
	return !!user && (user.role === 'admin' || (user.role === 'tl' && tour.tl && tour.tl.id === user.id));
}

function showWithdrawForm(tour) {
	if (!mayLead(tour))
		return;
	if (!$('withdraw-form')) {
		const tpl = $('withdraw-template');
		const tools = tpl.content.cloneNode(true);
		applyTexts(tools);
		tpl.replaceWith(tools);
		$('withdraw-form').addEventListener('submit', onWithdraw);
	}
	const gone = new Set((tour.withdrawals || []).map((w) => w.player && w.player.id));
	$('withdraw-player').replaceChildren(...tour.standings.filter((x) => !gone.has(x.player.id))
		.map((x) => {
			const o = document.createElement('option');
			o.value = String(x.player.id);
			o.textContent = x.player.name;
			return o;
		}));
	$('withdraw-section').hidden = $('withdraw-player').options.length === 0;
}

// Asks first (the games are rescored at once), Cancel has the focus.
function onWithdraw(ev) {
	ev.preventDefault();
	clearAlert();
	const select = $('withdraw-player');
	const name = select.options[select.selectedIndex]?.textContent;
	if (!name)
		return;
	const dialog = $('withdraw-dialog');
	$('withdraw-confirm-text').textContent = t('withdraw.confirm_text', {
		name, reason: t(`withdraw.${$('withdraw-reason').value}`),
	});
	dialog.returnValue = '';
	dialog.addEventListener('close', async () => {
		if (dialog.returnValue !== 'withdraw') {
			ev.target.querySelector('button[type="submit"]').focus();
			return;
		}
		try {
			const tour = await api('POST', `/tournaments/${id}/withdrawals`, {
				player: Number(select.value), reason: $('withdraw-reason').value,
			});
			await show(tour);
			$('withdrawals-heading').focus();
		} catch (e) {
			showError(e);
		}
	}, { once: true });
	dialog.showModal();
	dialog.querySelector('button.secondary').focus();
}

async function load() {
	try {
		await show(await api('GET', `/tournaments/${id}`));
	} catch (e) {
		showError(e);
	}
}

// Draws the tournament: reads its games (GET /games?player= of all but
// the last player) and fills the crosstable.
async function show(tour) {
	const players = tour.standings.map((s) => s.player);
	const wanted = new Set(tour.games);
	const games = new Map();
	for (const p of players.slice(0, -1)) {
		const { games: list } = await apiAll(`/games?player=${p.id}&view=summary`, ['games']);
		for (const g of list)
			if (wanted.has(g.id))
				games.set(g.id, g);
	}
	document.title = `${tour.name} \u2013 corrchess`;
	$('heading').textContent = tour.name;
	$('caption').textContent = tour.name;
	$('meta').textContent = t('tournament.meta', {
		kind: t(`kind.${tour.kind}`), profile: t(`profile.${tour.profile}`), start: tour.start_date,
		games: tour.games.length,
		finished: [...games.values()].filter((g) => g.status !== 'active').length,
	}) + (tour.class ? ' ' + t('tournament.class', { class: tour.class }) : '') +
		(tour.tl ? ' ' + t('tournament.tl', { name: tour.tl.name }) : '');
	// The seats (API's `seat`; the standings' order where a server has
	// none): the columns and the numbers in front of the names.
	const standings = tour.standings.map((x, i) => ({ ...x, seat: Number.isInteger(x.seat) ? x.seat : i + 1 }));
	const seated = standings.slice().sort((a, b) => a.seat - b.seat);
	$('cross-head').replaceChildren(head(seated));
	const all = [...games.values()];
	$('cross-body').replaceChildren(...standings.map((x) => row(x, seated, all)));
	$('crosstable').hidden = false;
	$('legend').hidden = false;
	showWithdrawals(tour);
	showWithdrawForm(tour);
}

if (user)
	load();
