// game_messages.js: on the game page, the messages of the game (GET and
// POST /games/{id}/messages: its two players write, they and the tls
// read; the opponent gets each one by mail too) and a few words about
// the opponent: his rating, when he moved last, his other games (GET
// /users/{id}, GET /games?player=).  ctx is game.js's view of the page.
import { api, apiAll, ApiError, gameName } from './api.js';
import { clearAlert, errorText, showAlert } from './alert.js';
import { $, daysText, isTl, toSignIn } from './page.js';
import { t } from './i18n.js';

const MAX_CHARS = 1000; // API.md "Messages"
let shown = [];         // the messages listed (ids)

// "2027-09-01 14:03" in the reader's time zone, from an ISO datetime.
function when(iso) {
	const d = new Date(iso);
	if (Number.isNaN(d.getTime()))
		return iso || '';
	const two = (n) => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

function messageItem(m, ctx) {
	const li = document.createElement('li');
	li.className = m.from.id === ctx.user.id ? 'mine' : 'theirs';
	const head = document.createElement('span');
	head.className = 'message-head';
	const time = document.createElement('time');
	time.dateTime = m.sent || m.on;
	time.textContent = m.sent ? when(m.sent) : m.on;
	head.append(`${m.from.name}, `, time, ':');
	const text = document.createElement('span');
	text.className = 'message-text';
	text.textContent = m.text;
	li.append(head, ' ', text);
	return li;
}

// Reads the messages (players and tls only) and lists them, the newest
// last and in view; quiet (a poll): a new one of the opponent is told in
// the live region.
export async function loadMessages(ctx, quiet) {
	if (!ctx.game || !(ctx.me || isTl(ctx.user)))
		return;
	let list;
	try {
		list = (await api('GET', `/games/${ctx.gameId}/messages`)).messages;
	} catch (e) {
		if (e instanceof ApiError && e.status === 401)
			toSignIn('ended');
		return; // the game matters more; the next poll tries again
	}
	const box = $('messages');
	box.dataset.loaded = '1'; // read once (the tests wait for it)
	const known = new Set(shown);
	const fresh = list.filter((m) => !known.has(m.id));
	if (!fresh.length && list.length === shown.length)
		return;
	shown = list.map((m) => m.id);
	box.replaceChildren(...list.map((m) => messageItem(m, ctx)));
	$('no-messages').hidden = list.length > 0;
	box.hidden = list.length === 0;
	box.scrollTop = box.scrollHeight;
	const theirs = fresh.filter((m) => m.from.id !== ctx.user.id);
	if (quiet && theirs.length) {
		const m = theirs[theirs.length - 1];
		const text = m.text.length > 120 ? `${m.text.slice(0, 119)}\u2026` : m.text;
		ctx.news(t('news.message', { name: m.from.name, text }));
	}
}

function showCount() {
	const n = [...$('message').value].length;
	$('message-count').textContent = t('messages.count', { n, max: MAX_CHARS });
}

// What the API would refuse, said before it is sent: blank, too long,
// control characters (a tab pasted in, say).
function messageRefusal(text) {
	if (!text.trim())
		return t('messages.empty');
	if ([...text].length > MAX_CHARS)
		return t('messages.too_long', { max: MAX_CHARS });
	// eslint-disable-next-line no-control-regex
	if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(text))
		return t('messages.control');
	return null;
}

async function onSend(ev, ctx) {
	ev.preventDefault();
	clearAlert();
	const text = $('message').value.replace(/\r\n?/g, '\n');
	const refused = messageRefusal(text);
	if (refused) {
		showAlert(refused);
		$('message').focus();
		return;
	}
	const button = ev.target.querySelector('button[type="submit"]');
	button.disabled = true;
	try {
		await api('POST', `/games/${ctx.gameId}/messages`, { text });
		$('message').value = '';
		showCount();
		await loadMessages(ctx, false);
		ctx.news(t('news.message_sent', { name: ctx.game[ctx.opponentOf(ctx.me)].name }));
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			toSignIn('ended');
			return;
		}
		showAlert(errorText(e));
	} finally {
		button.disabled = false;
	}
	$('message').focus();
}

export function setUpMessages(ctx) {
	$('message-form').addEventListener('submit', (ev) => onSend(ev, ctx));
	$('message').addEventListener('input', showCount);
	// Ctrl+Enter sends, as in most mail programs; Enter is a new line.
	$('message').addEventListener('keydown', (ev) => {
		if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) {
			ev.preventDefault();
			$('message-form').requestSubmit();
		}
	});
	showCount();
}

// The section for the two players (and tls, who read them); the form
// for the players only.
function showSection(ctx) {
	const reads = !!ctx.me || isTl(ctx.user);
	$('messages-section').hidden = !reads;
	$('message-form').hidden = !ctx.me;
}

// The opponent: rating, last move, his games (in play, finished, and
// those against this player), for a player of the game.
export async function loadOpponent(ctx) {
	showSection(ctx);
	const g = ctx.game;
	if (!ctx.me)
		return;
	const side = ctx.opponentOf(ctx.me);
	const opp = g[side];
	$('opponent-section').hidden = false;
	const last = [...g.moves].reverse().find((m) => m.color === side);
	$('opponent-last').textContent = last
		? t('opponent.last', { date: last.sent, days: daysText(last.days) })
		: t('opponent.no_moves');
	$('opponent-who').textContent = t('opponent.who', { name: opp.name, color: ctx.colorName(side),
		rating: ratingText(opp) });
	try {
		const u = await api('GET', `/users/${opp.id}`);
		$('opponent-who').textContent = t('opponent.who', { name: u.name, color: ctx.colorName(side),
			rating: ratingText(u) });
		const { games } = await apiAll(`/games?player=${opp.id}&view=summary`, ['games']);
		const active = games.filter((x) => x.status === 'active').length;
		$('opponent-games').textContent = t('opponent.games', { active,
			finished: games.length - active });
		const against = games.filter((x) => x.id !== g.id &&
			(x.white.id === ctx.user.id || x.black.id === ctx.user.id));
		$('opponent-against').replaceChildren(...against.map((x) => {
			const li = document.createElement('li');
			const a = document.createElement('a');
			a.href = `/games/${x.id}`;
			a.textContent = t('opponent.game', { name: gameName(x), id: x.id });
			li.append(a, ` \u2014 ${x.status === 'active' ? t('opponent.in_play') : x.result}`);
			return li;
		}));
		$('opponent-against').hidden = against.length === 0;
	} catch {
		$('opponent-games').textContent = ''; // the rest stays
	}
}

function ratingText(u) {
	if (Number.isInteger(u.rating))
		return t('opponent.rating', { rating: u.rating });
	if (Number.isInteger(u.otb_rating))
		return t('opponent.otb_rating', { rating: u.otb_rating });
	return t('opponent.no_rating');
}
