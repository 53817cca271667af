// game.js: one game (/games/{id}): the board, the move form with its
// confirmation, the series, the clocks, the moves and their downloads;
// for its two players the draw offer, resignation and claims; for a tl
// or admin the result form.  The API decides what is legal and whose
// turn it is; the page names the move the player chose (chess.js), sends
// it once he confirms, and shows the API's answer.  While it is the
// opponent's turn the page asks for the game again every 20 seconds
// (?poll=MS, 200 to 60000, sets another interval), only while the tab is
// visible, and at once when it becomes visible again; a new move of the
// opponent is announced in the live region (#news).
import { api, apiAll, ApiError, gameName, sessionToken, sessionUser } from './api.js';
import { clearAlert, errorText, showAlert } from './alert.js';
import {
	buildBoard, iccfCoordinatesWanted, iccfSquares, isPromotion, pieceColor, piecesOf,
	showIccfCoordinates, showPosition,
} from './board.js';
import { applyMove, iccfOf, parseFen, piecesMap, playLine, readMove, sanOf } from './chess.js';
import { $, dateElement, isTl, queryNumber, startPage, toSignIn } from './page.js';
import { applyTexts, t } from './i18n.js';

const gameId = Number(location.pathname.split('/')[2]);

let user = null;     // the signed-in USER
let game = null;     // the GAME shown
let me = null;       // 'white', 'black', or null when watching
let selected = null; // the square picked on the board, or null
let sending = false; // a move or an action is on its way: further clicks wait
let pollTimer = null; // the next poll, while one is due
let polling = false;  // a poll is on its way
let renders = 0;      // games shown so far: a poll's answer older than one is dropped
let seriesLine = [];  // the pending series as playLine gives it
let seriesStep = -1;  // the series move shown on the board; -1: the game

const POLL_MS = queryNumber('poll', 200, 60000, 20000);

function colorOf(g, u) {
	if (!u)
		return null;
	if (g.white.id === u.id)
		return 'white';
	return g.black.id === u.id ? 'black' : null;
}

function opponentOf(color) {
	return color === 'white' ? 'black' : 'white';
}

const colorName = (c) => t(`color.${c}`);

// "1-0, resignation": the result and how the game ended.
function resultText(g) {
	return g.termination ? `${g.result}, ${t(`term.${g.termination}`)}` : g.result;
}

function winnerText(g) {
	switch (g.result) {
	case '1-0': return t('winner.white', { name: g.white.name });
	case '0-1': return t('winner.black', { name: g.black.name });
	case '1/2-1/2': return t('winner.draw');
	case '0-0': return t('winner.none');
	default: return t('winner.other', { result: g.result });
	}
}

function turnText(g) {
	if (g.status !== 'active')
		return t('turn.over', { winner: winnerText(g) });
	let text = t('turn.to_move', { color: colorName(g.to_move), name: g[g.to_move].name });
	if (me)
		text += me === g.to_move ? t('turn.yours') : '';
	else
		text += t('turn.watching');
	if (g.draw_offer)
		text += t('turn.draw_offer', { name: g[g.draw_offer].name });
	return text;
}

// "12." before White's moves, "12…" before Black's.
function moveNumber(number, color) {
	return color === 'white' ? `${number}.` : `${number}\u2026`;
}

// The number and colour of the move to play in g (from its FEN).
function nextMoveNumber(g) {
	const parts = g.fen.split(' ');
	return { number: Number(parts[5]) || 1, color: parts[1] === 'b' ? 'black' : 'white' };
}

// The draw, resign and claim controls: for the players of an active game;
// Accept and Decline only while the opponent's offer stands.
function showActions(g) {
	const active = g.status === 'active';
	$('actions').hidden = !active || !me;
	if (!me)
		return;
	const offer = g.draw_offer;
	const theirs = !!offer && offer !== me;
	$('offer-draw').hidden = !!offer;
	$('accept-draw').hidden = !theirs;
	$('decline-draw').hidden = !theirs;
	$('draw-state').hidden = !offer;
	$('draw-state').textContent = !offer ? '' : theirs
		? t('draw.theirs', { name: g[offer].name })
		: t('draw.mine', { name: g[opponentOf(me)].name });
}

// One side's clock (API.md CLOCK) into its table column.
function showClock(side, g) {
	const c = g.clock ? g.clock[side] : null;
	$(`clock-${side}-name`).textContent = `${colorName(side)}: ${g[side].name}`;
	if (!c) {
		for (const row of ['used', 'left', 'control', 'forfeit'])
			$(`clock-${side}-${row}`).textContent = '\u2014';
		return;
	}
	const left = c.left_days ?? c.next_control.limit_days - c.used_days;
	$(`clock-${side}-used`).textContent =
		`${c.used_days}${c.penalty_days ? ` ${t('clock.penalty', { days: c.penalty_days })}` : ''}`;
	$(`clock-${side}-left`).textContent = t('clock.left', { days: left, move: c.next_control.move });
	$(`clock-${side}-control`).textContent =
		t('clock.control', { move: c.next_control.move, days: c.next_control.limit_days });
	$(`clock-${side}-forfeit`).textContent = c.forfeit_date || '\u2014';
}

// One move: number, ICCF numeric, SAN, then its dates and days.
function moveItem(m) {
	const li = document.createElement('li');
	const num = document.createElement('span');
	num.className = 'num';
	num.textContent = moveNumber(m.number, m.color);
	const iccf = document.createElement('span');
	iccf.className = 'iccf';
	iccf.textContent = m.iccf;
	const san = document.createElement('span');
	san.className = 'san';
	san.textContent = m.san;
	const dates = document.createElement('span');
	dates.className = 'dates';
	dates.append(t('moves.received'), ' ', dateElement(m.received), ', ', t('moves.sent'), ' ',
		dateElement(m.sent), `, ${t(m.days === 1 ? 'moves.day' : 'moves.days', { days: m.days })}`);
	if (m.series)
		dates.append(`, ${t('moves.from_series')}`);
	li.append(num, ' ', iccf, ' ', san, ' ', dates);
	return li;
}

// The Received and Sent fields where the profile lets the player state
// the dates (API.md Moves): postal play both (not Received for White's
// first move: that is the start date), e-mail play Sent, server none.
function showDateFields(g) {
	const post = g.profile === 'dsu-post';
	const email = g.profile === 'dsu-email';
	const received = post && g.moves.length > 0;
	$('received-field').hidden = !received;
	$('sent-field').hidden = !(post || email);
	$('dates-hint').hidden = !(post || email);
	$('dates-hint').textContent = post ? t('dates.post') : email ? t('dates.email') : '';
	if (!received)
		$('received').value = '';
	if (!(post || email))
		$('sent').value = '';
}

// The pending series (shown to its proposer, to tls, and in postal and
// e-mail play to the opponent): its moves from the game's position,
// and the buttons that step through them on the board.
function showSeries(g) {
	const s = g.series;
	$('series-section').hidden = !s;
	if (!s) {
		seriesLine = [];
		seriesStep = -1;
		return;
	}
	const start = parseFen(g.fen);
	seriesLine = start ? playLine(start, s.moves) : [];
	seriesStep = Math.min(seriesStep, seriesLine.length - 1);
	$('series-by').textContent = s.by === me ? t('series.yours') : t('series.by', { name: g[s.by].name });
	let { number, color } = nextMoveNumber(g);
	const items = s.moves.map((text, i) => {
		const li = document.createElement('li');
		const step = seriesLine[i];
		li.textContent = step ? `${moveNumber(number, color)} ${step.iccf} (${step.san})` : text;
		if (i === seriesStep)
			li.setAttribute('aria-current', 'step');
		if (color === 'black')
			number++;
		color = opponentOf(color);
		return li;
	});
	$('series-moves').replaceChildren(...items);
	$('series-back').disabled = seriesStep < 0;
	$('series-forward').disabled = seriesStep >= seriesLine.length - 1;
	$('series-cancel').hidden = !(g.series_cancellable && s.by === me && g.status === 'active');
}

// The board: the game's position, or the series step being looked at.
function showBoard(g) {
	const view = $('board-view');
	if (seriesStep >= 0 && seriesLine[seriesStep]) {
		const step = seriesLine[seriesStep];
		showPosition($('board'), piecesMap(step.pos), null,
			[iccfSquares(step.iccf)].flat());
		view.hidden = false;
		view.textContent = t('series.showing', { step: seriesStep + 1, steps: seriesLine.length,
			move: `${step.iccf} (${step.san})` });
		return;
	}
	view.hidden = true;
	view.textContent = '';
	const last = g.moves[g.moves.length - 1];
	showPosition($('board'), piecesOf(g.fen), selected, last ? iccfSquares(last.iccf) : []);
}

// Tells the live region about moves that came since `before` (a GAME),
// in words a screen reader reads out: "bob played 2… Nc6 (3836)".
function announce(before, g) {
	if (!before || g.moves.length <= before.moves.length) {
		if (before && g.status !== before.status)
			$('news').textContent = t('news.over', { result: resultText(g) });
		return;
	}
	const fresh = g.moves.slice(before.moves.length);
	const words = fresh.map((m) => t('news.played', { name: g[m.color].name,
		move: `${moveNumber(m.number, m.color)} ${m.san} (${m.iccf})` }));
	if (g.status !== 'active')
		words.push(t('news.over', { result: resultText(g) }));
	else if (me && g.to_move === me)
		words.push(t('news.your_move'));
	$('news').textContent = words.join(' ');
}

// The notice of a longer think (SPEC 4.7), the penalties and the
// reminders the game records (GAME notice, penalties, reminders), for
// everyone who reads the game; the notice form for the player to move.
function showRecords(g) {
	const n = g.notice;
	$('notice-note').hidden = !n;
	$('notice-note').textContent = n
		? t('notice.by', { name: g[n.by].name, days: n.days, on: n.on }) : '';
	const item = (text) => {
		const li = document.createElement('li');
		li.textContent = text;
		return li;
	};
	const penalties = g.penalties || [];
	$('penalties').replaceChildren(...penalties.map((p) => item(t('penalty.item', {
		color: colorName(p.color), name: g[p.color].name, days: p.days, reason: p.reason, on: p.on,
	}))));
	$('penalties').hidden = penalties.length === 0;
	const reminders = g.reminders || [];
	$('reminders').replaceChildren(...reminders.map((r) => item(t(`reminder.${r.kind}`, {
		name: g[r.to].name, on: r.on,
	}))));
	$('reminders').hidden = reminders.length === 0;
	$('notice-form').hidden = !(me && g.status === 'active' && g.to_move === me);
	if (isTl(user) && $('correct-ply')) {
		const keep = $('correct-ply').value;
		$('correct-ply').replaceChildren(...g.moves.map((m) => {
			const o = document.createElement('option');
			o.value = String(m.ply);
			o.textContent = t('correct.option', { move: `${moveNumber(m.number, m.color)} ${m.san}`,
				received: m.received, sent: m.sent });
			return o;
		}));
		if (keep && g.moves.some((m) => String(m.ply) === keep))
			$('correct-ply').value = keep;
		$('correct-form').hidden = g.moves.length === 0;
		$('correct-heading').hidden = g.moves.length === 0;
	}
}

// The tl's choices of a player (special leave, penalty) from the game's two.
function showTlChoices(g) {
	$('penalty-color').replaceChildren(...['white', 'black'].map((side) => {
		const o = document.createElement('option');
		o.value = side;
		o.textContent = t('game.leave_option', { color: colorName(side), name: g[side].name });
		return o;
	}));
	$('leave-player').replaceChildren(...['white', 'black'].map((side) => {
		const o = document.createElement('option');
		o.value = String(g[side].id);
		o.textContent = t('game.leave_option', { color: colorName(side), name: g[side].name });
		return o;
	}));
}

function render(g) {
	const first = !game;
	const before = game;
	game = g;
	renders++;
	if (first) {
		me = colorOf(g, user);
		buildBoard($('board'), me || 'white', onSquare);
		showIccfCoordinates($('board'), $('iccf-coords').checked);
		document.querySelector('.play').hidden = false;
		if (isTl(user))
			showTlChoices(g);
		loadVacations(g);
	} else if (before.id === g.id) {
		announce(before, g);
	}
	document.title = gameName(g);
	$('heading').textContent = gameName(g);
	$('meta').textContent = t('game.meta', {
		event: g.event ? g.event + ', ' : '', profile: t(`profile.${g.profile}`), start: g.start_date,
	});
	$('turn').textContent = turnText(g);
	const over = g.status !== 'active';
	$('result').hidden = !over;
	$('result').textContent = over ? resultText(g) : '';
	$('move-form').hidden = over || !me; // only a player moves
	showActions(g);
	showDateFields(g);
	showSeries(g);
	showBoard(g);
	showClock('white', g);
	showClock('black', g);
	showRecords(g);
	$('moves').replaceChildren(...g.moves.map(moveItem));
	$('no-moves').hidden = g.moves.length > 0;
	schedulePoll();
}

// The opponent's vacations (both players' for a watcher) from the
// game's start on, so that a player knows why a clock stands still.
async function loadVacations(g) {
	const sides = me ? [opponentOf(me)] : ['white', 'black'];
	const lines = [];
	for (const side of sides) {
		try {
			const r = await api('GET', `/users/${g[side].id}/vacations`);
			for (const v of r.vacations.filter((p) => p.end >= g.start_date))
				lines.push(t(v.kind === 'special_leave' ? 'vacation.leave_of' : 'vacation.of', {
					name: g[side].name, start: v.start, end: v.end,
				}));
		} catch {
			// Not shown: the game itself is what matters here.
		}
	}
	$('vacations-note').textContent = lines.join(' ');
	$('vacations-note').hidden = lines.length === 0;
}

// ---- refresh: the opponent's move comes without a reload

// Polls while the game is active, it is not the viewer's move, and the
// page is visible; at most one poll is due at a time.
function shouldPoll() {
	return !!game && game.status === 'active' && game.to_move !== me &&
		document.visibilityState === 'visible';
}

function schedulePoll() {
	if (!shouldPoll()) {
		clearTimeout(pollTimer);
		pollTimer = null;
	} else if (!pollTimer && !polling) {
		pollTimer = setTimeout(poll, POLL_MS);
	}
}

async function poll() {
	clearTimeout(pollTimer);
	pollTimer = null;
	if (polling || !shouldPoll())
		return;
	polling = true;
	const before = renders;
	try {
		const g = await api('GET', `/games/${gameId}`);
		// What the player sends answers for itself; unchanged games are
		// not drawn again (the status line would be read out again).
		if (!sending && renders === before && JSON.stringify(g) !== JSON.stringify(game))
			render(g);
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			toSignIn();
			return;
		}
		// Otherwise (the network, say) the next poll tries again.
	} finally {
		polling = false;
	}
	schedulePoll();
}

function onVisibility() {
	if (document.visibilityState === 'visible')
		poll();
	else
		schedulePoll(); // stops the timer
}

async function load() {
	try {
		render(await api('GET', `/games/${gameId}`));
	} catch (e) {
		if (e instanceof ApiError && e.status === 401)
			toSignIn();
		else
			showAlert(errorText(e));
	}
}

// ---- draw, resign, claim, the TL's result

function setBusy(busy) {
	for (const b of document.querySelectorAll('#actions button, #move-form button[type="submit"], #result-form button'))
		b.disabled = busy;
}

// POSTs an action (draw, resign, claim, result) and shows the API's
// answer: the game it returns, or its error in the alert region (with
// the game as the server has it when the answer says the game changed
// meanwhile).
async function act(path, body, from, method = 'POST', withRev = true) {
	if (sending || !game)
		return false;
	// The revision the player saw: if the game changed since (an offer
	// withdrawn, a move made), the API answers 409 stale and changes
	// nothing, and the page shows the game as it is now.  (The rule tools
	// of the TL and the notice take no revision.)
	if (withRev && Number.isInteger(game.rev))
		body = { ...(body || {}), rev: game.rev };
	sending = true;
	clearAlert();
	setBusy(true);
	let ok = false;
	try {
		render(await api(method, `/games/${gameId}/${path}`, body));
		ok = true;
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			toSignIn();
			return false;
		}
		showAlert(errorText(e));
		if (e instanceof ApiError && e.status === 409)
			await load();
	} finally {
		sending = false;
		setBusy(false);
	}
	// The button pressed may be gone now: keep the focus in a useful place.
	if (game.status !== 'active' && from !== $('result-form'))
		$('result').focus();
	else if (from && from.hidden)
		document.querySelector('#actions .action-row button:not([hidden])')?.focus();
	return ok;
}

// Asks whether to resign, in the page (not window.confirm): the Cancel
// button has the focus, Escape closes; afterwards the focus goes back to
// the Resign button (or to the result, once the game is over).
function askResign() {
	const dialog = $('resign-dialog');
	const opener = $('resign');
	dialog.returnValue = '';
	dialog.addEventListener('close', () => {
		if (dialog.returnValue === 'resign')
			act('resign', {}, opener);
		else
			opener.focus();
	}, { once: true });
	dialog.showModal();
	dialog.querySelector('button.secondary').focus();
}

function onClaim(ev) {
	ev.preventDefault();
	const type = $('claim-type').value;
	const body = { type };
	const move = $('move').value.trim();
	if (move && type !== 'time_forfeit')
		body.move = move;
	act('claim', body, null);
}

async function onResult(ev) {
	ev.preventDefault();
	const body = { result: $('tl-result').value, reason: $('tl-reason').value.trim() };
	if (await act('result', body, $('result-form'))) {
		$('tl-reason').value = '';
		$('news').textContent = t('news.result_recorded', { result: resultText(game) });
	}
}

// Special leave (tl, admin; DSU 6.3.6.4, 6.8.8) for one of the players:
// POST /vacations with kind special_leave; the game is read again, for
// the clocks stop in it.
async function onLeave(ev) {
	ev.preventDefault();
	clearAlert();
	const start = $('leave-from').value;
	const end = $('leave-until').value;
	if (!start || !end) {
		showAlert(t('vacations.both_days'));
		(start ? $('leave-until') : $('leave-from')).focus();
		return;
	}
	const button = ev.target.querySelector('button[type="submit"]');
	button.disabled = true;
	try {
		const userId = Number($('leave-player').value);
		const v = await api('POST', '/vacations', { start, end, user: userId, kind: 'special_leave' });
		const side = game.white.id === userId ? 'white' : 'black';
		$('leave-from').value = '';
		$('leave-until').value = '';
		await load();
		await loadVacations(game);
		$('news').textContent = t('news.leave_granted', { name: game[side].name, start: v.start,
			end: v.end, days: v.days });
	} catch (e) {
		if (e instanceof ApiError && e.status === 401)
			toSignIn();
		else
			showAlert(errorText(e));
	} finally {
		button.disabled = false;
	}
}

// A notice of a longer think (SPEC 4.7): POST notice {days}.
async function onNotice(ev) {
	ev.preventDefault();
	const days = Number($('notice-days').value);
	if (await act('notice', { days }, $('notice-form'), 'POST', false)) {
		$('notice-days').value = '';
		$('news').textContent = t('news.announced', { days });
	}
}

// TL: penalty days (DSU 6.3.5.1, 6.8.6): POST penalty {color, days, reason}.
async function onPenalty(ev) {
	ev.preventDefault();
	const body = { color: $('penalty-color').value, days: Number($('penalty-days').value),
		reason: $('penalty-reason').value.trim() };
	if (await act('penalty', body, $('penalty-form'), 'POST', false)) {
		$('penalty-days').value = '';
		$('penalty-reason').value = '';
		$('news').textContent = t('news.penalty', { name: game[body.color].name, days: body.days });
	}
}

// TL: corrects a stated date: PATCH moves/{ply} {received?, sent?, reason}.
async function onCorrect(ev) {
	ev.preventDefault();
	const body = { reason: $('correct-reason').value.trim() };
	if ($('correct-received').value)
		body.received = $('correct-received').value;
	if ($('correct-sent').value)
		body.sent = $('correct-sent').value;
	if (await act(`moves/${$('correct-ply').value}`, body, $('correct-form'), 'PATCH', false)) {
		for (const f of ['correct-received', 'correct-sent', 'correct-reason'])
			$(f).value = '';
		$('news').textContent = t('news.corrected');
	}
}

// TL: the game's audit log (GET audit, every page), oldest first.
async function onAudit() {
	clearAlert();
	try {
		const { audit } = await apiAll(`/games/${gameId}/audit`, ['audit']);
		$('audit').replaceChildren(...audit.map((a) => {
			const li = document.createElement('li');
			li.textContent = t('audit.item', { at: a.at, action: a.action, detail: a.detail,
				user: a.user === null ? t('audit.system') : t('audit.user', { id: a.user }) });
			return li;
		}));
		if (!audit.length) {
			const li = document.createElement('li');
			li.textContent = t('audit.none');
			$('audit').append(li);
		}
		$('audit').hidden = false;
	} catch (e) {
		showAlert(errorText(e));
	}
}

// ---- moves: named, confirmed, sent

// What the player is about to send, read on the game's board: the move
// (ICCF numeric and SAN when the page can read it, else as typed), the
// series after it, and the dates he stated.  Returns {body, words,
// details} for the confirmation and the request.
function prepareMove(text) {
	const pos = parseFen(game.fen);
	const move = pos ? readMove(pos, text) : null;
	const { number, color } = nextMoveNumber(game);
	const body = { move: move ? iccfOf(move) : text };
	const words = move
		? `${moveNumber(number, color)} ${iccfOf(move)} (${sanOf(pos, move)})`
		: t('confirm.unread', { text });
	const details = [];
	const series = $('series').value.trim().split(/[\s,;]+/).filter(Boolean);
	if (series.length) {
		const line = move ? playLine(applyMove(pos, move), series) : [];
		let n = color === 'black' ? number + 1 : number;
		let c = opponentOf(color);
		const named = series.map((s, i) => {
			const step = line[i];
			const w = `${moveNumber(n, c)} ${step ? `${step.iccf} (${step.san})` : s}`;
			if (c === 'black')
				n++;
			c = opponentOf(c);
			return w;
		});
		body.series = series.map((s, i) => (line[i] ? line[i].iccf : s));
		details.push(t('confirm.series', { moves: named.join(', ') }));
		if (line.length < series.length)
			details.push(t('confirm.series_unread', { text: series[line.length] }));
	}
	for (const field of ['received', 'sent']) {
		const value = $(field).value;
		if (!$(`${field}-field`).hidden && value) {
			body[field] = value;
			details.push(t(`confirm.${field}`, { date: value }));
		}
	}
	const last = game.moves[game.moves.length - 1];
	if (last)
		body.reply_to = last.iccf;
	if (Number.isInteger(game.rev))
		body.rev = game.rev;
	return { body, words, details };
}

// Shows the confirmation (role dialog) naming the move; resolves to true
// when the player presses Confirm, false on Cancel or Escape.  Cancel
// has the focus first: a move is binding, Enter twice must not send it.
function askConfirm(words, details) {
	const dialog = $('confirm-dialog');
	$('confirm-move').textContent = words;
	$('confirm-details').replaceChildren(...details.map((d) => {
		const li = document.createElement('li');
		li.textContent = d;
		return li;
	}));
	$('confirm-details').hidden = details.length === 0;
	dialog.returnValue = '';
	return new Promise((resolve) => {
		dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true });
		dialog.showModal();
		dialog.querySelector('button.secondary').focus();
	});
}

// Names the move, asks, and sends it once confirmed.  With reply_to the
// server refuses a move made on a board that is no longer the game's
// (409 stale), say when the opponent moved after this page was loaded.
async function sendMove(text, opener) {
	if (sending)
		return;
	sending = true; // no poll redraws the board while the dialog is open
	clearAlert();
	// Disabled until the dialog's answer is handled (Escape closes the
	// dialog a moment before its close event comes).
	const button = document.querySelector('#move-form button[type="submit"]');
	button.disabled = true;
	const { body, words, details } = prepareMove(text);
	const confirmed = await askConfirm(words, details);
	if (!confirmed) {
		sending = false;
		button.disabled = false;
		selected = null;
		render(game);
		(opener || $('move')).focus();
		return;
	}
	try {
		const g = await api('POST', `/games/${gameId}/moves`, body);
		selected = null;
		$('move').value = '';
		$('series').value = '';
		render(g);
		$('news').textContent = t('news.sent', { move: words });
	} catch (e) {
		selected = null;
		render(game); // the board as it was
		if (e instanceof ApiError && e.status === 401) {
			toSignIn();
			return;
		}
		showAlert(errorText(e));
		if (e.code === 'stale')
			await load(); // show the position the server has
	} finally {
		sending = false;
		button.disabled = false;
	}
	$('move').focus();
}

// Asks which piece a pawn becomes; resolves to 'q', 'r', 'b', 'n', or
// '' when the player cancels (Escape too).
function askPromotion() {
	const dialog = $('promotion');
	dialog.returnValue = '';
	return new Promise((resolve) => {
		dialog.addEventListener('close', () => resolve(dialog.returnValue), { once: true });
		dialog.showModal();
	});
}

// A click on a square: the first picks one of the player's pieces, the
// second (another square) names the move from the first to it.
async function onSquare(name) {
	if (sending || !game || !me || game.status !== 'active' || seriesStep >= 0)
		return;
	const pieces = piecesOf(game.fen);
	const letter = pieces.get(name);
	const mine = !!letter && pieceColor(letter) === me;
	if (!selected || mine) {
		selected = mine && name !== selected ? name : null;
		render(game);
		return;
	}
	let move = selected + name;
	if (isPromotion(pieces.get(selected), name)) {
		const piece = await askPromotion();
		if (!piece) {
			selected = null;
			render(game);
			return;
		}
		move += piece;
	}
	await sendMove(move, document.querySelector(`#board [data-square="${name}"]`));
}

function onSubmit(ev) {
	ev.preventDefault();
	const move = $('move').value.trim();
	if (move)
		sendMove(move, $('move'));
	else
		showAlert(t('game.move_empty'));
}

function stepSeries(delta) {
	seriesStep = Math.max(-1, Math.min(seriesLine.length - 1, seriesStep + delta));
	showSeries(game);
	showBoard(game);
}

// ---- the private note: in localStorage under the user and the game, so
// another user of this browser does not see it (and the server never).

const noteKey = () => `corrchess.note.${user.id}.${gameId}`;

function loadNote() {
	try {
		$('note').value = localStorage.getItem(noteKey()) || '';
	} catch {
		$('note').value = '';
	}
}

function onNote(ev) {
	ev.preventDefault();
	const text = $('note').value;
	try {
		if (text.trim())
			localStorage.setItem(noteKey(), text);
		else
			localStorage.removeItem(noteKey());
		$('note-state').textContent = t(text.trim() ? 'note.saved' : 'note.removed');
	} catch {
		$('note-state').textContent = t('note.not_saved');
	}
}

// ---- downloads (the API wants the session's token: no plain link)

async function download(kind, ext) {
	clearAlert();
	try {
		const resp = await fetch(`/api/v1/games/${gameId}/${kind}`, {
			headers: { Authorization: `Bearer ${sessionToken()}` },
		});
		if (!resp.ok) {
			const body = await resp.json().catch(() => null);
			throw new ApiError(resp.status, body?.error?.code || '', body?.error?.message ||
				`the server answered ${resp.status}`);
		}
		const url = URL.createObjectURL(await resp.blob());
		const a = document.createElement('a');
		a.href = url;
		a.download = `corrchess-${gameId}.${ext}`;
		document.body.append(a);
		a.click();
		a.remove();
		setTimeout(() => URL.revokeObjectURL(url), 60000);
	} catch (e) {
		if (e instanceof ApiError && e.status === 401)
			toSignIn();
		else
			showAlert(e instanceof ApiError ? errorText(e) : t('error.network'));
	}
}

user = startPage();
if (user) {
	$('iccf-coords').checked = iccfCoordinatesWanted();
	$('iccf-coords').addEventListener('change', (ev) => showIccfCoordinates($('board'), ev.target.checked));
	$('move-form').addEventListener('submit', onSubmit);
	$('offer-draw').addEventListener('click', (ev) => act('draw', { action: 'offer' }, ev.currentTarget));
	$('accept-draw').addEventListener('click', (ev) => act('draw', { action: 'accept' }, ev.currentTarget));
	$('decline-draw').addEventListener('click', (ev) => act('draw', { action: 'decline' }, ev.currentTarget));
	$('resign').addEventListener('click', askResign);
	$('claim-form').addEventListener('submit', onClaim);
	if (isTl(user)) {
		const tpl = $('tl-template');
		const tools = tpl.content.cloneNode(true);
		applyTexts(tools);
		tpl.replaceWith(tools);
		$('result-form').addEventListener('submit', onResult);
		$('leave-form').addEventListener('submit', onLeave);
		$('penalty-form').addEventListener('submit', onPenalty);
		$('correct-form').addEventListener('submit', onCorrect);
		$('audit-read').addEventListener('click', onAudit);
	}
	$('note-form').addEventListener('submit', onNote);
	$('notice-form').addEventListener('submit', onNotice);
	loadNote();
	$('series-back').addEventListener('click', () => stepSeries(-1));
	$('series-forward').addEventListener('click', () => stepSeries(1));
	$('series-cancel').addEventListener('click', (ev) => act('series', undefined, ev.currentTarget, 'DELETE'));
	$('download-pgn').addEventListener('click', () => download('pgn', 'pgn'));
	$('download-transcript').addEventListener('click', () => download('transcript', 'txt'));
	document.addEventListener('visibilitychange', onVisibility);
	load();
}
