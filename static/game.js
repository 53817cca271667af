// game.js: one game (/games/{id}): the board (stepping through the
// positions, flipping, an analysis board, drag and drop and the legal
// moves of a piece), the move form with its checks and its confirmation,
// the series, the running clocks, the moves in pairs and their downloads,
// the messages and the opponent (game_messages.js); for its two players
// the draw offer, resignation and claims; for a tl or admin the rule
// tools (game_tl.js).  The page checks a move with its own rules
// (chess.js: legal, the player's turn, the series legal) before it asks
// to confirm; the API stays the judge and its answer is shown.  The page
// asks for the game (and the messages) again every 20 seconds (?poll=MS,
// 200 to 60000, sets another interval) while the game is on and the tab
// visible, and at once when it becomes visible again: a move, a draw
// offer or its decline, a message come without a reload and are told in
// the live region (#news).
import { api, apiAll, ApiError, gameName, sessionToken } from './api.js';
import { clearAlert, errorText, showAlert } from './alert.js';
import {
	buildBoard, enableDrag, iccfCoordinatesWanted, iccfSquares, isPromotion, miniBoard,
	pieceColor, pieceName, showIccfCoordinates, showPosition,
} from './board.js';
import {
	applyMove, iccfOf, parseFen, piecesMap, playLine, readMove, replay, sanOf, targetsOf, whyNotMove,
} from './chess.js';
import { markShown, moveNumber, showMoves } from './movelist.js';
import { loadMessages, loadOpponent, setUpMessages } from './game_messages.js';
import { setUpTl, showTlTools } from './game_tl.js';
import { $, daysText, isTl, queryNumber, readDate, startPage, toSignIn } from './page.js';
import { localSan, t } from './i18n.js';

const gameId = Number(location.pathname.split('/')[2]);

let user = null;      // the signed-in USER
let game = null;      // the GAME shown
let me = null;        // 'white', 'black', or null when watching
let selected = null;  // the square picked on the board, or null
let sending = false;  // a move or an action is on its way: further clicks wait
let pollTimer = null; // the next poll, while one is due
let polling = false;  // a poll is on its way
let renders = 0;      // games shown so far: a poll's answer older than one is dropped
let seriesLine = [];  // the pending series as playLine gives it
let seriesStep = -1;  // the series move shown on the board; -1: the game
let positions = null; // the game's positions (chess.js replay), start first, or null
let viewPly = null;   // the position shown: a ply (0: the start), or null: now
let flipped = false;  // the board seen from the other side
let analysis = null;  // {base, baseName, line: [{move, iccf, san, pos}], fromNow}
let preview = null;   // {pieces, last}: the move about to be confirmed
let announceSel = ''; // the last selection told in #board-status
let marked = '';      // the move list's mark last set (markShown)

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

// The number and colour of the move to play in g (from its FEN).
function nextMoveNumber(g) {
	const parts = g.fen.split(' ');
	return { number: Number(parts[5]) || 1, color: parts[1] === 'b' ? 'black' : 'white' };
}

const myMove = () => !!game && !!me && game.status === 'active' && game.to_move === me;

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

// The days left of a CLOCK (the running figure of the side to move,
// API.md CLOCK left_days) and whether he is over the limit.
function clockLeft(c) {
	const left = c.left_days ?? c.next_control.limit_days - c.used_days;
	return { left, over: left < 0 || !!c.forfeited };
}

// One side's clock (API.md CLOCK) into its table column: the days used,
// what the move being thought over has cost so far, the days left (over
// the limit marked), the next control, the forfeit date.
function showClock(side, g) {
	const c = g.clock ? g.clock[side] : null;
	$(`clock-${side}-name`).textContent = `${colorName(side)}: ${g[side].name}`;
	const rows = ['used', 'thinking', 'left', 'control', 'forfeit'];
	for (const row of rows)
		$(`clock-${side}-${row}`).classList.remove('over');
	if (!c) {
		for (const row of rows)
			$(`clock-${side}-${row}`).textContent = '\u2014';
		return;
	}
	const running = g.status === 'active' && g.to_move === side;
	const { left, over } = clockLeft(c);
	$(`clock-${side}-used`).textContent =
		`${c.used_days}${c.penalty_days ? ` ${t('clock.penalty', { days: c.penalty_days })}` : ''}`;
	$(`clock-${side}-thinking`).textContent = running
		? t('clock.thinking', { days: daysText(c.thinking_days ?? 0) }) : '\u2014';
	const leftCell = $(`clock-${side}-left`);
	leftCell.textContent = over
		? t('clock.over', { days: daysText(Math.max(0, -left)), move: c.next_control.move })
		: t('clock.left', { days: left, move: c.next_control.move });
	leftCell.classList.toggle('over', over);
	$(`clock-${side}-control`).textContent =
		t('clock.control', { move: c.next_control.move, days: c.next_control.limit_days });
	$(`clock-${side}-forfeit`).textContent = c.forfeit_date || '\u2014';
	$(`clock-${side}-forfeit`).classList.toggle('over', running && over);
}

// Above the board: the side to move is over his time limit (DSU 6.3.3),
// said in words, with what the opponent may do.
function showClockAlert(g) {
	const p = $('clock-alert');
	const c = g.status === 'active' && g.clock ? g.clock[g.to_move] : null;
	const over = c && clockLeft(c).over;
	p.hidden = !over;
	if (!over) {
		p.textContent = '';
		return;
	}
	const who = g[g.to_move].name;
	let text = t('clock.alert', { name: who, move: c.next_control.move,
		date: c.forfeit_date || '\u2014' });
	// Server play ends the game on time by itself (DSU 6.3.3.3, SPEC 4.6);
	// in postal and e-mail play the opponent claims and the TL decides.
	const auto = g.profile === 'server';
	if (me && me !== g.to_move)
		text += ' ' + t(auto ? 'clock.alert_claim_server' : 'clock.alert_claim');
	else if (me === g.to_move)
		text += ' ' + t(auto ? 'clock.alert_yours_server' : 'clock.alert_yours');
	p.textContent = text;
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
		li.textContent = step ? `${moveNumber(number, color)} ${step.iccf} (${localSan(step.san)})` : text;
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

// ---- the board: what it shows

const orientation = () => {
	const base = me || 'white';
	return flipped ? opponentOf(base) : base;
};

// The position the board shows now: {pos, pieces, last, kind, words}.
function shownPosition() {
	if (preview)
		return { pieces: preview.pieces, last: preview.last, kind: 'preview' };
	if (analysis) {
		const step = analysis.line[analysis.line.length - 1];
		const pos = step ? step.pos : analysis.base;
		return { pos, pieces: piecesMap(pos), last: step ? iccfSquares(step.iccf) : analysis.baseLast,
			kind: 'analysis' };
	}
	if (seriesStep >= 0 && seriesLine[seriesStep]) {
		const step = seriesLine[seriesStep];
		return { pos: step.pos, pieces: piecesMap(step.pos), last: iccfSquares(step.iccf), kind: 'series' };
	}
	const n = game.moves.length;
	const ply = viewPly === null || !positions ? n : viewPly;
	const pos = positions ? positions[ply].pos : parseFen(game.fen);
	const last = ply > 0 ? iccfSquares(game.moves[ply - 1].iccf) : [];
	return { pos, pieces: pos ? piecesMap(pos) : new Map(), last, kind: ply === n ? 'now' : 'history', ply };
}

// Who may move a piece on the board shown: the player on his move (the
// game's position), anyone in the analysis board.
function movingSide(shown) {
	if (shown.kind === 'analysis')
		return shown.pos.side === 'w' ? 'white' : 'black';
	if (shown.kind === 'now' && myMove() && !sending)
		return me;
	return null;
}

function showBoard() {
	const shown = shownPosition();
	const side = movingSide(shown);
	const own = side ? [...shown.pieces].filter(([, p]) => pieceColor(p) === side).map(([sq]) => sq) : [];
	const targets = selected && shown.pos ? targetsOf(shown.pos, selected) : [];
	showPosition($('board'), shown.pieces, selected, shown.last, targets, own);
	const view = $('board-view');
	const n = game.moves.length;
	if (shown.kind === 'series') {
		const step = seriesLine[seriesStep];
		view.textContent = t('series.showing', { step: seriesStep + 1, steps: seriesLine.length,
			move: `${step.iccf} (${localSan(step.san)})` });
	} else if (shown.kind === 'history') {
		const m = game.moves[shown.ply - 1];
		view.textContent = shown.ply === 0 ? t('board.at_start', { moves: n })
			: t('board.at_move', { move: `${moveNumber(m.number, m.color)} ${localSan(m.san)}`,
				ply: shown.ply, moves: n });
	} else if (shown.kind === 'analysis') {
		view.textContent = t('analysis.showing', { from: analysis.baseName, moves: analysis.line.length });
	} else {
		view.textContent = '';
	}
	view.hidden = !view.textContent;
	// The positions bar: where one can go from here.
	const ply = shown.kind === 'history' ? shown.ply : n;
	const browsing = shown.kind === 'now' || shown.kind === 'history';
	$('pos-first').disabled = !positions || !browsing || ply === 0;
	$('pos-back').disabled = !positions || !browsing || ply === 0;
	$('pos-forward').disabled = !positions || !browsing || ply >= n;
	$('pos-last').disabled = !positions || !browsing || ply >= n;
	$('analyse').disabled = !shown.pos || shown.kind === 'series';
	// The move shown kept in view (only when it changes: the reader may
	// have scrolled the list to read it).
	const mark = `${ply}|${shown.kind}|${renders}`;
	if (mark !== marked) {
		marked = mark;
		markShown($('moves'), ply, shown.kind !== 'history');
	}
	// The selected piece and where it can go, in words (once per choice).
	const sel = selected && shown.pieces.get(selected)
		? t('board.selected', { piece: pieceName(shown.pieces.get(selected)), square: selected,
			targets: targets.join(', ') || t('board.no_targets') }) : '';
	if (sel !== announceSel) {
		announceSel = sel;
		$('board-status').textContent = sel;
	}
}

// Shows position ply (0: the start; the number of moves or null: now).
function showPly(ply) {
	if (!positions || analysis)
		return;
	const n = game.moves.length;
	viewPly = ply === null || ply >= n ? null : Math.max(0, ply);
	selected = null;
	seriesStep = -1;
	showSeries(game);
	showBoard();
}

function stepPly(delta) {
	const n = game.moves.length;
	const now = viewPly === null ? n : viewPly;
	showPly(now + delta);
}

function flip() {
	flipped = !flipped;
	buildBoard($('board'), orientation(), onSquare);
	showIccfCoordinates($('board'), $('iccf-coords').checked);
	$('flip').setAttribute('aria-pressed', String(flipped));
	showBoard();
}

// ---- the analysis board: moves played here never leave the page

function startAnalysis() {
	const shown = shownPosition();
	if (!shown.pos)
		return;
	const n = game.moves.length;
	const ply = shown.kind === 'history' ? shown.ply : n;
	const m = game.moves[ply - 1];
	analysis = {
		base: shown.pos, baseLast: shown.last, line: [], number: positionNumber(ply),
		baseName: ply === 0 ? t('analysis.from_start') : `${moveNumber(m.number, m.color)} ${localSan(m.san)}`,
		fromNow: shown.kind === 'now' && myMove(),
	};
	selected = null;
	showAnalysis();
	$('analysis-heading').focus();
}

function leaveAnalysis() {
	analysis = null;
	selected = null;
	showAnalysis();
	$('analyse').focus();
}

function showAnalysis() {
	$('analysis').hidden = !analysis;
	$('analyse').setAttribute('aria-pressed', String(!!analysis));
	if (analysis) {
		let pos = analysis.base;
		let number = analysis.number;
		$('analysis-moves').replaceChildren(...analysis.line.map((step) => {
			const li = document.createElement('li');
			const color = pos.side === 'w' ? 'white' : 'black';
			li.textContent = `${moveNumber(number, color)} ${step.iccf} (${localSan(step.san)})`;
			if (color === 'black')
				number++;
			pos = step.pos;
			return li;
		}));
		$('analysis-back').disabled = analysis.line.length === 0;
		$('analysis-use').hidden = !(analysis.fromNow && analysis.line.length > 0);
	}
	showBoard();
}

// The move number of the move made from position ply of the game.
function positionNumber(ply) {
	if (ply === 0) {
		const parts = (game.start_fen || game.fen).split(' ');
		return Number(parts[5]) || 1;
	}
	const m = game.moves[ply - 1];
	return m.color === 'black' ? m.number + 1 : m.number;
}

// A move on the analysis board (any legal move of the side to move).
function analysisMove(move) {
	const last = analysis.line[analysis.line.length - 1];
	const pos = last ? last.pos : analysis.base;
	const next = applyMove(pos, move);
	analysis.line.push({ move, iccf: iccfOf(move), san: sanOf(pos, move), pos: next });
	selected = null;
	showAnalysis();
}

// The analysis from the game's position now, on the player's move: its
// first move into Move, the rest into Series; nothing is sent until he
// confirms.
function useAnalysis() {
	if (!analysis || !analysis.fromNow || !analysis.line.length)
		return;
	const [first, ...rest] = analysis.line;
	$('move').value = first.iccf;
	$('series').value = rest.map((s) => s.iccf).join(' ');
	analysis = null;
	showAnalysis();
	$('news').textContent = t('analysis.used', { move: first.iccf, count: rest.length });
	document.querySelector('#move-form button[type="submit"]').focus();
}

// ---- news: what came since the game shown before

// Tells the live region what came since `before` (a GAME), in words a
// screen reader reads out: "bob played 2… Nc6 (3836).", a draw offer
// made or declined.
function announce(before, g) {
	const words = [];
	const fresh = g.moves.slice(before.moves.length);
	for (const m of fresh)
		words.push(t('news.played', { name: g[m.color].name,
			move: `${moveNumber(m.number, m.color)} ${localSan(m.san)} (${m.iccf})` }));
	if (g.status !== 'active' && before.status === 'active') {
		words.push(t('news.over', { result: resultText(g) }));
	} else if (g.status === 'active') {
		const opp = me ? opponentOf(me) : null;
		if (me && g.draw_offer === opp && before.draw_offer !== opp)
			words.push(t('news.offered', { name: g[opp].name }));
		if (me && before.draw_offer === me && !g.draw_offer && !fresh.length)
			words.push(t('news.declined', { name: g[opp].name }));
		if (fresh.length && me && g.to_move === me)
			words.push(t('news.your_move'));
	}
	if (words.length)
		$('news').textContent = words.join(' ');
}

function render(g) {
	const first = !game;
	const before = game;
	game = g;
	renders++;
	if (first) {
		me = colorOf(g, user);
		buildBoard($('board'), orientation(), onSquare);
		showIccfCoordinates($('board'), $('iccf-coords').checked);
		document.querySelector('.play').hidden = false;
		loadVacations(g);
		loadOpponent(ctx);
	} else if (before.id === g.id) {
		announce(before, g);
	}
	if (first || before.moves.length !== g.moves.length || before.start_fen !== g.start_fen) {
		positions = g.start_fen ? replay(g.start_fen, g.moves.map((m) => m.iccf)) : null;
		if (viewPly !== null && viewPly > g.moves.length)
			viewPly = null;
	}
	if (analysis && analysis.fromNow && (!before || before.moves.length !== g.moves.length))
		analysis.fromNow = false; // the game moved on: this line is no move of it any more
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
	showMoves($('moves'), g.moves, (ply) => showPly(ply));
	$('no-moves').hidden = g.moves.length > 0;
	showClock('white', g);
	showClock('black', g);
	showClockAlert(g);
	showRecords(g);
	if (isTl(user))
		showTlTools(ctx, g, first);
	if (analysis)
		showAnalysis();
	else
		showBoard();
	schedulePoll();
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

// ---- refresh: the opponent's move, offer or message comes without a reload

// Polls while the game is active and the page is visible, on either
// side's move (a draw offer or a message may come on one's own); at most
// one poll is due at a time.
function shouldPoll() {
	return !!game && game.status === 'active' && document.visibilityState === 'visible';
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
		await loadMessages(ctx, true);
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			toSignIn('ended');
			return;
		}
		// Otherwise (the network, say) the next poll tries again; the
		// banner of page.js says the server cannot be reached.
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
			toSignIn('ended');
		else
			showAlert(errorText(e));
	}
}

// ---- draw, resign, claim (and the TL's tools, game_tl.js)

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
			toSignIn('ended');
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

async function draw(action, from) {
	if (await act('draw', { action }, from))
		$('news').textContent = t(`news.draw_${action}`);
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

// A notice of a longer think (SPEC 4.7): POST notice {days}.
async function onNotice(ev) {
	ev.preventDefault();
	const days = Number($('notice-days').value);
	if (await act('notice', { days }, $('notice-form'), 'POST', false)) {
		$('notice-days').value = '';
		$('news').textContent = t('news.announced', { days });
	}
}

// ---- moves: checked, named, confirmed, sent

// Why text is no move the player can send here, in words, or null.
function moveRefusal(pos, text, what) {
	const why = whyNotMove(pos, text);
	if (!why)
		return null;
	if (why.reason === 'ambiguous')
		return t(`check.${what}_ambiguous`, { text, options: why.options.map(localSan).join(', ') });
	return t(`check.${what}_${why.reason}`, { text });
}

// What the player is about to send, read on the game's board: the move
// in ICCF numeric and SAN, the series after it (each move checked in the
// position it is played in), and the dates he stated.  Returns {error}
// when the page can tell it would be refused (not his move, a move or a
// series move that is not legal or ambiguous, a date that is no date),
// else {body, words, details, pieces, last}.  When the page cannot read
// the game's position the move goes as typed and the server judges it.
function prepareMove(text) {
	if (!myMove())
		return { error: t('check.not_your_turn') };
	const pos = parseFen(game.fen);
	const { number, color } = nextMoveNumber(game);
	const series = $('series').value.trim().split(/[\s,;]+/).filter(Boolean);
	const dates = {};
	for (const field of ['received', 'sent']) {
		if ($(`${field}-field`).hidden)
			continue;
		const value = readDate($(field));
		if (value === null)
			return { error: null }; // readDate said why
		if (value)
			dates[field] = value;
	}
	let move = null;
	if (pos) {
		const refused = moveRefusal(pos, text, 'move');
		if (refused)
			return { error: refused };
		move = readMove(pos, text);
	}
	const body = { move: move ? iccfOf(move) : text };
	const words = move
		? `${moveNumber(number, color)} ${iccfOf(move)} (${localSan(sanOf(pos, move))})`
		: t('confirm.unread', { text });
	const details = [];
	if (series.length) {
		const after = move ? applyMove(pos, move) : null;
		const line = after ? playLine(after, series) : [];
		if (after && line.length < series.length) {
			const at = line.length ? line[line.length - 1].pos : after;
			return { error: t('check.series', { n: line.length + 1,
				why: moveRefusal(at, series[line.length], 'series') || '' }) };
		}
		let n = color === 'black' ? number + 1 : number;
		let c = opponentOf(color);
		const named = series.map((s, i) => {
			const step = line[i];
			const w = `${moveNumber(n, c)} ${step ? `${step.iccf} (${localSan(step.san)})` : s}`;
			if (c === 'black')
				n++;
			c = opponentOf(c);
			return w;
		});
		body.series = series.map((s, i) => (line[i] ? line[i].iccf : s));
		details.push(t('confirm.series', { moves: named.join(', ') }));
	}
	for (const [field, value] of Object.entries(dates)) {
		body[field] = value;
		details.push(t(`confirm.${field}`, { date: value }));
	}
	const last = game.moves[game.moves.length - 1];
	if (last)
		body.reply_to = last.iccf;
	if (Number.isInteger(game.rev))
		body.rev = game.rev;
	const after = move ? applyMove(pos, move) : null;
	return { body, words, details, pieces: after ? piecesMap(after) : null,
		last: move ? iccfSquares(iccfOf(move)) : [] };
}

// Shows the confirmation (role dialog) naming the move, with the
// position after it on a small board (and on the big one behind);
// resolves to true when the player presses Confirm, false on Cancel or
// Escape.  Cancel has the focus first: a move is binding, Enter twice
// must not send it.
function askConfirm(prep) {
	const dialog = $('confirm-dialog');
	$('confirm-move').textContent = prep.words;
	$('confirm-details').replaceChildren(...prep.details.map((d) => {
		const li = document.createElement('li');
		li.textContent = d;
		return li;
	}));
	$('confirm-details').hidden = prep.details.length === 0;
	const mini = $('confirm-board');
	mini.hidden = !prep.pieces;
	if (prep.pieces) {
		miniBoard(mini, prep.pieces, prep.last, orientation());
		mini.setAttribute('aria-label', t('confirm.board', { move: prep.words }));
		preview = { pieces: prep.pieces, last: prep.last };
		selected = null;
		showBoard();
	}
	dialog.returnValue = '';
	return new Promise((resolve) => {
		dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true });
		dialog.showModal();
		dialog.querySelector('button.secondary').focus();
	});
}

// Checks the move, names it, asks, and sends it once confirmed.  With
// reply_to the server refuses a move made on a board that is no longer
// the game's (409 stale), say when the opponent moved after this page
// was loaded.
async function sendMove(text, opener) {
	if (sending)
		return;
	clearAlert();
	const prep = prepareMove(text);
	if (prep.error !== undefined) {
		if (prep.error)
			showAlert(prep.error);
		selected = null;
		showBoard();
		if (prep.error)
			(opener || $('move')).focus();
		return;
	}
	sending = true; // no poll redraws the board while the dialog is open
	// Disabled until the dialog's answer is handled (Escape closes the
	// dialog a moment before its close event comes).
	const button = document.querySelector('#move-form button[type="submit"]');
	button.disabled = true;
	const confirmed = await askConfirm(prep);
	preview = null;
	if (!confirmed) {
		sending = false;
		button.disabled = false;
		selected = null;
		showBoard();
		(opener || $('move')).focus();
		return;
	}
	try {
		const g = await api('POST', `/games/${gameId}/moves`, prep.body);
		selected = null;
		viewPly = null;
		$('move').value = '';
		$('series').value = '';
		render(g);
		$('news').textContent = t('news.sent', { move: prep.words });
		showNextGame();
	} catch (e) {
		selected = null;
		showBoard(); // the board as it was
		if (e instanceof ApiError && e.status === 401) {
			toSignIn('ended');
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

// After a move: the most urgent other game waiting for the player's move
// (the earliest forfeit date), as a link; or that none waits.
async function showNextGame() {
	const p = $('next-game');
	try {
		const { games } = await apiAll('/games?view=summary', ['games']);
		const waiting = games.filter((g) => g.id !== gameId && g.status === 'active' &&
			g[g.to_move].id === user.id);
		waiting.sort((a, b) => (a.forfeit_date || '9999')
			.localeCompare(b.forfeit_date || '9999') || a.id - b.id);
		const next = waiting[0];
		if (!next) {
			p.textContent = t('next.none');
		} else {
			const a = document.createElement('a');
			a.href = `/games/${next.id}`;
			a.id = 'next-game-link';
			a.textContent = t('next.link', { name: gameName(next), id: next.id });
			const date = next.forfeit_date;
			p.replaceChildren(t('next.intro', { count: waiting.length }), ' ', a,
				date ? ` ${t('next.forfeit', { date })}` : '');
		}
		p.hidden = false;
	} catch {
		p.hidden = true; // the move is sent: that is what counts
	}
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

// A choice of from and to on the board shown (a click on each, or a
// drag): on the game's position a move to check and confirm, on the
// analysis board a move played there.
async function chooseMove(from, to) {
	const shown = shownPosition();
	let text = from + to;
	if (isPromotion(shown.pieces.get(from), to)) {
		const piece = await askPromotion();
		if (!piece) {
			selected = null;
			showBoard();
			return;
		}
		text += piece;
	}
	if (shown.kind === 'analysis') {
		const move = readMove(shown.pos, text);
		if (move)
			analysisMove(move);
		else {
			selected = null;
			showBoard();
		}
		return;
	}
	await sendMove(text, document.querySelector(`#board [data-square="${to}"]`));
}

// A click on a square: the first picks a piece of the side that may move
// (its legal squares marked), the second (another square) names the move
// from the first to it.  Where nobody may move (the opponent's turn, an
// earlier position) the page says so instead.
async function onSquare(name) {
	if (sending || !game)
		return;
	const shown = shownPosition();
	const side = movingSide(shown);
	if (!side) {
		if (me && game.status === 'active' && shown.kind !== 'series') {
			$('board-status').textContent = shown.kind === 'history'
				? t('board.history_no_move') : t('check.not_your_turn');
			announceSel = '';
		}
		return;
	}
	const letter = shown.pieces.get(name);
	const own = !!letter && pieceColor(letter) === side;
	if (!selected || own) {
		selected = own && name !== selected ? name : null;
		showBoard();
		return;
	}
	const from = selected;
	selected = null;
	if (!targetsOf(shown.pos, from).includes(name)) {
		$('board-status').textContent = t('board.not_a_target', { square: name });
		announceSel = '';
		showBoard();
		return;
	}
	await chooseMove(from, name);
}

function onPick(from) {
	selected = from;
	showBoard();
}

async function onDrop(from, to) {
	if (!to) {
		selected = null;
		showBoard();
		return;
	}
	const shown = shownPosition();
	if (!shown.pos || !targetsOf(shown.pos, from).includes(to)) {
		selected = null;
		$('board-status').textContent = t('board.not_a_target', { square: to });
		announceSel = '';
		showBoard();
		return;
	}
	selected = null;
	await chooseMove(from, to);
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
	viewPly = null;
	showSeries(game);
	showBoard();
}

// The arrow keys, Home and End step through the positions wherever the
// focus is not in a field, on the board (whose arrows move between the
// squares) or in a list that has its own.
function onPageKey(ev) {
	if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || !game ||
		document.querySelector('dialog[open]'))
		return;
	const el = document.activeElement;
	if (el && (el.closest('input, textarea, select, #board, #moves, [contenteditable]')))
		return;
	const delta = { ArrowLeft: -1, ArrowRight: 1 }[ev.key];
	if (delta) {
		ev.preventDefault();
		stepPly(delta);
	} else if (ev.key === 'Home' || ev.key === 'End') {
		if (el && el !== document.body && !el.closest('#board-bar'))
			return; // the page's own Home and End (to the top, the bottom)
		ev.preventDefault();
		showPly(ev.key === 'Home' ? 0 : null);
	}
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
			toSignIn('ended');
		else
			showAlert(e instanceof ApiError ? errorText(e) : t('error.network'));
	}
}

// What game_messages.js and game_tl.js see of the page.
const ctx = {
	gameId,
	get game() { return game; },
	get me() { return me; },
	get user() { return user; },
	act,
	load,
	render,
	news: (text) => { $('news').textContent = text; },
	loadVacations: () => loadVacations(game),
	opponentOf,
	colorName,
	resultText,
};

user = startPage();
if (user) {
	$('iccf-coords').checked = iccfCoordinatesWanted();
	$('iccf-coords').addEventListener('change', (ev) => showIccfCoordinates($('board'), ev.target.checked));
	enableDrag($('board'), onPick, onDrop);
	$('move-form').addEventListener('submit', onSubmit);
	$('offer-draw').addEventListener('click', (ev) => draw('offer', ev.currentTarget));
	$('accept-draw').addEventListener('click', (ev) => draw('accept', ev.currentTarget));
	$('decline-draw').addEventListener('click', (ev) => draw('decline', ev.currentTarget));
	$('resign').addEventListener('click', askResign);
	$('claim-form').addEventListener('submit', onClaim);
	if (isTl(user))
		setUpTl(ctx);
	$('note-form').addEventListener('submit', onNote);
	$('notice-form').addEventListener('submit', onNotice);
	loadNote();
	$('series-back').addEventListener('click', () => stepSeries(-1));
	$('series-forward').addEventListener('click', () => stepSeries(1));
	$('series-cancel').addEventListener('click', (ev) => act('series', undefined, ev.currentTarget, 'DELETE'));
	$('pos-first').addEventListener('click', () => showPly(0));
	$('pos-back').addEventListener('click', () => stepPly(-1));
	$('pos-forward').addEventListener('click', () => stepPly(1));
	$('pos-last').addEventListener('click', () => showPly(null));
	$('flip').addEventListener('click', flip);
	$('flip').setAttribute('aria-pressed', 'false');
	$('analyse').addEventListener('click', () => (analysis ? leaveAnalysis() : startAnalysis()));
	$('analysis-back').addEventListener('click', () => {
		analysis.line.pop();
		selected = null;
		showAnalysis();
	});
	$('analysis-use').addEventListener('click', useAnalysis);
	$('analysis-leave').addEventListener('click', leaveAnalysis);
	$('download-pgn').addEventListener('click', () => download('pgn', 'pgn'));
	$('download-transcript').addEventListener('click', () => download('transcript', 'txt'));
	document.addEventListener('keydown', onPageKey);
	document.addEventListener('visibilitychange', onVisibility);
	setUpMessages(ctx);
	load().then(() => loadMessages(ctx, false));
}
