// game_tl.js: the tournament leader's tools on a game page (a tl or
// admin only: put into the page from its template): the result (with
// how it came about, where the server knows `how`), penalty days, a
// corrected date, special leave, and the audit log in words.  A result
// and a penalty are asked once more in a dialog whose Cancel has the
// focus: they are stored at once and the players are mailed.  ctx is
// game.js's view of the page.
import { api, apiAll } from './api.js';
import { clearAlert, errorText, showAlert } from './alert.js';
import { $, readDate, readPeriod, setUpDateFields, submitted } from './page.js';
import { applyTexts, localSan, t } from './i18n.js';
import { moveNumber } from './movelist.js';

const names = new Map(); // user id -> name, for the audit log

// Asks in the page's own dialog; resolves to true on the confirming
// button, false on Cancel or Escape.  Cancel has the focus first.
function ask(heading, text, confirm) {
	const dialog = $('tl-dialog');
	$('tl-dialog-heading').textContent = heading;
	$('tl-dialog-text').textContent = text;
	$('tl-dialog-confirm').textContent = confirm;
	dialog.returnValue = '';
	return new Promise((resolve) => {
		dialog.addEventListener('close', () => {
			// Emptied again: a closed dialog names nothing (the Result
			// select must be the one thing labelled "Result").
			$('tl-dialog-heading').textContent = '';
			$('tl-dialog-text').textContent = '';
			resolve(dialog.returnValue === 'confirm');
		}, { once: true });
		dialog.showModal();
		dialog.querySelector('button.secondary').focus();
	});
}

const RESULT_WORDS = { '1-0': 'result.white', '0-1': 'result.black', '1/2-1/2': 'result.draw',
	'0-0': 'result.both_lose' };

async function onResult(ev, ctx) {
	ev.preventDefault();
	clearAlert();
	const g = ctx.game;
	const result = $('tl-result').value;
	const reason = $('tl-reason').value.trim();
	const body = { result, reason };
	const howShown = !$('tl-how').hidden;
	if (howShown)
		body.how = $('tl-how').value;
	const submit = ev.target.querySelector('button[type="submit"]');
	const yes = await ask(t('tl.result_heading'), t('tl.result_text', {
		result: result === '1/2-1/2' ? '\u00bd-\u00bd' : result,
		words: t(RESULT_WORDS[result], { white: g.white.name, black: g.black.name }),
		how: howShown ? ` ${t(`how.${body.how}`)}` : '', game: `${g.white.name} \u2013 ${g.black.name}`,
	}), t('game.record_result'));
	if (!yes) {
		submit.focus();
		return;
	}
	if (await ctx.act('result', body, $('result-form'))) {
		$('tl-reason').value = '';
		ctx.news(t('news.result_recorded', { result: ctx.resultText(ctx.game) }));
	}
	submit.focus();
}

// Penalty days (DSU 6.3.5.1, 6.8.6): POST penalty {color, days, reason},
// after the dialog.
async function onPenalty(ev, ctx) {
	ev.preventDefault();
	clearAlert();
	const body = { color: $('penalty-color').value, days: Number($('penalty-days').value),
		reason: $('penalty-reason').value.trim() };
	const submit = ev.target.querySelector('button[type="submit"]');
	const name = ctx.game[body.color].name;
	const yes = await ask(t('tl.penalty_heading'), t('tl.penalty_text', {
		days: body.days, color: ctx.colorName(body.color), name,
	}), t('game.add_penalty'));
	if (!yes) {
		submit.focus();
		return;
	}
	if (await ctx.act('penalty', body, $('penalty-form'), 'POST', false)) {
		$('penalty-days').value = '';
		$('penalty-reason').value = '';
		ctx.news(t('news.penalty', { name, days: body.days }));
	}
	submit.focus();
}

// Corrects a stated date: PATCH moves/{ply} {received?, sent?, reason}.
async function onCorrect(ev, ctx) {
	ev.preventDefault();
	clearAlert();
	const body = { reason: $('correct-reason').value.trim() };
	for (const [field, id] of [['received', 'correct-received'], ['sent', 'correct-sent']]) {
		const value = readDate($(id));
		if (value === null)
			return;
		if (value)
			body[field] = value;
	}
	if (await ctx.act(`moves/${$('correct-ply').value}`, body, $('correct-form'), 'PATCH', false)) {
		for (const f of ['correct-received', 'correct-sent', 'correct-reason'])
			$(f).value = '';
		ctx.news(t('news.corrected'));
	}
}

// Special leave (DSU 6.3.6.4, 6.8.8) for one of the players: POST
// /vacations with kind special_leave; the game is read again, for the
// clocks stop in it.
const onLeave = (ctx) => submitted(async () => {
	const period = readPeriod($('leave-from'), $('leave-until'));
	if (!period)
		return;
	const { start, end } = period;
	const userId = Number($('leave-player').value);
	const v = await api('POST', '/vacations', { start, end, user: userId, kind: 'special_leave' });
	const side = ctx.game.white.id === userId ? 'white' : 'black';
	$('leave-from').value = '';
	$('leave-until').value = '';
	await ctx.load();
	await ctx.loadVacations();
	ctx.news(t('news.leave_granted', { name: ctx.game[side].name, start: v.start,
		end: v.end, days: v.days }));
});

// ---- the audit log in words

const SIDE = '(white|black)';
// Each action of the log (lib/corr) with the reading of its detail: a
// pattern and the names of its parts, for the sentence audit.<action>.
const DETAILS = {
	tl_result: [/^(\S+) -> (\S+) \(([^)]*)\): ([\s\S]*)$/, ['from', 'to', 'how', 'reason']],
	tl_penalty: [new RegExp(`^${SIDE} \\+(\\d+) days: ([\\s\\S]*)$`), ['side', 'days', 'reason']],
	tl_move_dates: [/^ply (\d+): received (\S+) sent (\S+) -> received (\S+) sent (\S+): ([\s\S]*)$/,
		['ply', 'r0', 's0', 'r1', 's1', 'reason']],
	resigned: [new RegExp(`^${SIDE}$`), ['side']],
	notice: [new RegExp(`^${SIDE} announces (\\d+) days for ply (\\d+)`), ['side', 'days', 'ply']],
	reminder: [new RegExp(`^${SIDE} posted a reminder on (\\S+) \\(due (\\S+);`), ['side', 'on', 'due']],
	series_cancelled: [new RegExp(`^${SIDE} withdrew`), ['side']],
	claim_time_forfeit: [new RegExp(`^${SIDE}$`), ['side']],
	claim_threefold: [/^([\s\S]*)$/, ['move']],
	claim_fifty_moves: [/^([\s\S]*)$/, ['move']],
	lost_on_time: [new RegExp(`^${SIDE} moved on or after the forfeit date (\\S+)`), ['side', 'date']],
	holiday_play: [/^(agreed|withdrawn): ([\s\S]*)$/, ['agreed', 'reason']],
	draw_agreed: [/^/, []],
	claim_both_lose: [/^/, []],
};

// One line of the log as a sentence in the reader's language; a detail
// the page cannot read is quoted as the server wrote it.
function auditSentence(a, ctx) {
	const g = ctx.game;
	const known = DETAILS[a.action];
	const m = known ? known[0].exec(a.detail || '') : null;
	if (!m || t(`audit.${a.action}`) === `audit.${a.action}`)
		return t('audit.other', { action: a.action, detail: a.detail });
	const p = { detail: a.detail };
	known[1].forEach((name, i) => { p[name] = m[i + 1]; });
	if (p.side) {
		p.name = g[p.side].name;
		p.color = ctx.colorName(p.side);
	}
	if (p.how)
		p.how = t(`term.${p.how}`) === `term.${p.how}` ? p.how : t(`term.${p.how}`);
	if (p.ply) {
		const mv = g.moves[Number(p.ply) - 1];
		p.move = mv ? `${moveNumber(mv.number, mv.color)} ${localSan(mv.san)}` : p.ply;
	}
	if (p.agreed)
		p.agreed = t(`audit.holiday_${p.agreed}`);
	if (p.move === '-')
		p.move = t('audit.on_the_board');
	return t(`audit.${a.action}`, p);
}

async function userName(id, ctx) {
	const g = ctx.game;
	if (id === g.white.id)
		return g.white.name;
	if (id === g.black.id)
		return g.black.name;
	if (id === ctx.user.id)
		return ctx.user.name;
	if (!names.has(id)) {
		try {
			names.set(id, (await api('GET', `/users/${id}`)).name);
		} catch {
			names.set(id, t('audit.user', { id }));
		}
	}
	return names.get(id);
}

// The game's audit log (GET audit, every page), oldest first, in words.
async function onAudit(ctx) {
	clearAlert();
	try {
		const { audit } = await apiAll(`/games/${ctx.gameId}/audit`, ['audit']);
		const items = [];
		for (const a of audit) {
			const li = document.createElement('li');
			const who = a.user === null ? t('audit.system') : await userName(a.user, ctx);
			const at = String(a.at || '').replace('T', ' ').replace(/(:\d\d)(\.\d+)?Z?$/, '$1');
			li.textContent = t('audit.item', { at, user: who, text: auditSentence(a, ctx) });
			items.push(li);
		}
		if (!items.length) {
			const li = document.createElement('li');
			li.textContent = t('audit.none');
			items.push(li);
		}
		$('audit').replaceChildren(...items);
		$('audit').hidden = false;
	} catch (e) {
		showAlert(errorText(e));
	}
}

// Puts the tools into the page and wires them.
export function setUpTl(ctx) {
	const tpl = $('tl-template');
	const tools = tpl.content.cloneNode(true);
	applyTexts(tools);
	setUpDateFields(tools);
	tpl.replaceWith(tools);
	$('result-form').addEventListener('submit', (ev) => onResult(ev, ctx));
	$('leave-form').addEventListener('submit', onLeave(ctx));
	$('penalty-form').addEventListener('submit', (ev) => onPenalty(ev, ctx));
	$('correct-form').addEventListener('submit', (ev) => onCorrect(ev, ctx));
	$('audit-read').addEventListener('click', () => onAudit(ctx));
}

function option(value, text) {
	const o = document.createElement('option');
	o.value = value;
	o.textContent = text;
	return o;
}

// The tools as game g wants them: its players to choose from (once), the
// moves whose dates can be corrected, the result's `how` where the
// server has it (GAME result_how, issue 21).
export function showTlTools(ctx, g, first) {
	if (first) {
		$('penalty-color').replaceChildren(...['white', 'black'].map((side) =>
			option(side, t('game.leave_option', { color: ctx.colorName(side), name: g[side].name }))));
		$('leave-player').replaceChildren(...['white', 'black'].map((side) =>
			option(String(g[side].id), t('game.leave_option', { color: ctx.colorName(side), name: g[side].name }))));
	}
	const how = Object.prototype.hasOwnProperty.call(g, 'result_how');
	for (const id of ['tl-how', 'tl-how-label', 'how-hint'])
		$(id).hidden = !how;
	const keep = $('correct-ply').value;
	$('correct-ply').replaceChildren(...g.moves.map((m) => option(String(m.ply), t('correct.option', {
		move: `${moveNumber(m.number, m.color)} ${localSan(m.san)}`, received: m.received, sent: m.sent,
	}))));
	if (keep && g.moves.some((m) => String(m.ply) === keep))
		$('correct-ply').value = keep;
	$('correct-form').hidden = g.moves.length === 0;
	$('correct-heading').hidden = g.moves.length === 0;
}
