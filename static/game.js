// game.js: one game (/games/{id}): the board, the move form, the clocks
// and the moves; for its two players the draw offer, resignation and
// claims.  The API decides what is legal and whose turn it is; the page
// sends what the player chose and shows the API's answer.  While it is
// the opponent's turn the page asks for the game again every 20 seconds
// (?poll=MS, 200 to 60000, sets another interval), only while the tab is
// visible, and at once when it becomes visible again.
import { api, ApiError, forgetSession, gameName, sessionToken, sessionUser } from './api.js';
import { showAlert, clearAlert } from './alert.js';
import { buildBoard, iccfSquares, isPromotion, pieceColor, piecesOf, showPosition } from './board.js';

const $ = (id) => document.getElementById(id);
const gameId = Number(location.pathname.split('/')[2]);

let game = null;     // the GAME shown
let me = null;       // 'white', 'black', or null when watching
let selected = null; // the square picked on the board, or null
let sending = false; // a move or an action is on its way: further clicks wait
let pollTimer = null; // the next poll, while one is due
let polling = false;  // a poll is on its way
let renders = 0;      // games shown so far: a poll's answer older than one is dropped

const POLL_MS = pollInterval();

const PROFILES = { 'dsu-post': 'postal (DSU)', 'dsu-email': 'e-mail (DSU)', server: 'server' };

// 20 seconds, or ?poll=MS when it is a whole number from 200 to 60000.
function pollInterval() {
	const text = new URLSearchParams(location.search).get('poll');
	const ms = Number(text);
	return text && Number.isInteger(ms) && ms >= 200 && ms <= 60000 ? ms : 20000;
}

// Back to the sign-in form, which returns here afterwards.
function toSignIn() {
	forgetSession();
	location.replace(`/?next=${encodeURIComponent(location.pathname)}`);
}

function colorOf(g, user) {
	if (!user)
		return null;
	if (g.white.id === user.id)
		return 'white';
	return g.black.id === user.id ? 'black' : null;
}

function capitalized(s) {
	return s.charAt(0).toUpperCase() + s.slice(1);
}

function opponentOf(color) {
	return color === 'white' ? 'black' : 'white';
}

// "1-0, resignation": the result and how the game ended.
function resultText(g) {
	return g.termination ? `${g.result}, ${g.termination.replace(/_/g, ' ')}` : g.result;
}

function winnerText(g) {
	switch (g.result) {
	case '1-0': return `White (${g.white.name}) wins.`;
	case '0-1': return `Black (${g.black.name}) wins.`;
	case '1/2-1/2': return 'Drawn.';
	case '0-0': return 'Both sides lose.';
	default: return `Result ${g.result}.`;
	}
}

function turnText(g) {
	if (g.status !== 'active')
		return `Game over: ${winnerText(g)}`;
	const mover = g[g.to_move];
	let text = `${capitalized(g.to_move)} (${mover.name}) to move`;
	if (me)
		text += me === g.to_move ? ': your move' : '';
	else
		text += '; you are watching';
	if (g.draw_offer)
		text += `. ${g[g.draw_offer].name} offers a draw.`;
	return text;
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
		? `${g[offer].name} offers a draw: accept or decline it.`
		: `You have offered a draw; it stands until ${g[opponentOf(me)].name} answers or moves.`;
}

// One side's clock (API.md CLOCK) into its table column.
function showClock(side, g) {
	const c = g.clock[side];
	const left = c.left_days ?? c.next_control.limit_days - c.used_days;
	$(`clock-${side}-name`).textContent = `${capitalized(side)}: ${g[side].name}`;
	$(`clock-${side}-used`).textContent =
		`${c.used_days}${c.penalty_days ? ` (${c.penalty_days} penalty)` : ''}`;
	$(`clock-${side}-left`).textContent = `${left} until move ${c.next_control.move}`;
	$(`clock-${side}-forfeit`).textContent = c.forfeit_date || '\u2014';
}

// "1." before White's moves, "1…" before Black's.
function moveItem(m) {
	const li = document.createElement('li');
	const num = document.createElement('span');
	num.className = 'num';
	num.textContent = m.color === 'white' ? `${m.number}.` : `${m.number}\u2026`;
	const san = document.createElement('span');
	san.className = 'san';
	san.textContent = m.san;
	const dates = document.createElement('span');
	dates.className = 'dates';
	dates.append('received ', dateElement(m.received), ', sent ', dateElement(m.sent),
		`, ${m.days} ${m.days === 1 ? 'day' : 'days'}`);
	li.append(num, ' ', san, ' ', dates);
	return li;
}

function dateElement(date) {
	const t = document.createElement('time');
	t.dateTime = date;
	t.textContent = date;
	return t;
}

function render(g) {
	const first = !game;
	game = g;
	renders++;
	if (first) {
		me = colorOf(g, sessionUser());
		buildBoard($('board'), me || 'white', onSquare);
		document.querySelector('.play').hidden = false;
	}
	document.title = gameName(g);
	$('heading').textContent = gameName(g);
	$('meta').textContent = `${g.event ? g.event + ', ' : ''}${PROFILES[g.profile] || g.profile}` +
		` play, started ${g.start_date}`;
	$('turn').textContent = turnText(g);
	const over = g.status !== 'active';
	$('result').hidden = !over;
	$('result').textContent = over ? resultText(g) : '';
	$('move-form').hidden = over;
	showActions(g);
	const last = g.moves[g.moves.length - 1];
	showPosition($('board'), piecesOf(g.fen), selected, last ? iccfSquares(last.iccf) : []);
	showClock('white', g);
	showClock('black', g);
	$('moves').replaceChildren(...g.moves.map(moveItem));
	$('no-moves').hidden = g.moves.length > 0;
	schedulePoll();
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
			showAlert(e.message);
	}
}

// ---- draw, resign, claim

function setBusy(busy) {
	for (const b of document.querySelectorAll('#actions button, #move-form button[type="submit"]'))
		b.disabled = busy;
}

// POSTs an action (draw, resign, claim) and shows the API's answer: the
// game it returns, or its error in the alert region (with the game as the
// server has it when the answer says the game changed meanwhile).
async function act(path, body, from) {
	if (sending || !game)
		return;
	sending = true;
	clearAlert();
	setBusy(true);
	try {
		render(await api('POST', `/games/${gameId}/${path}`, body));
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			toSignIn();
			return;
		}
		showAlert(e.message);
		if (e instanceof ApiError && e.status === 409)
			await load();
	} finally {
		sending = false;
		setBusy(false);
	}
	// The button pressed may be gone now: keep the focus in a useful place.
	if (game.status !== 'active')
		$('result').focus();
	else if (from && from.hidden)
		document.querySelector('#actions .action-row button:not([hidden])')?.focus();
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

// Sends a move (any notation the API reads).  With reply_to the server
// refuses a move made on a board that is no longer the game's (409
// stale), say when the opponent moved after this page was loaded.
async function sendMove(move) {
	if (sending)
		return;
	sending = true;
	clearAlert();
	const button = document.querySelector('#move-form button[type="submit"]');
	button.disabled = true;
	const body = { move };
	const last = game.moves[game.moves.length - 1];
	if (last)
		body.reply_to = last.iccf;
	try {
		const g = await api('POST', `/games/${gameId}/moves`, body);
		selected = null;
		$('move').value = '';
		render(g);
	} catch (e) {
		selected = null;
		render(game); // the board as it was
		showAlert(e.message);
		if (e.code === 'stale')
			await load(); // show the position the server has
	} finally {
		sending = false;
		button.disabled = false;
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

// A click on a square: the first picks one of the player's pieces, the
// second (another square) sends the move from the first to it.
async function onSquare(name) {
	if (sending || !game || !me || game.status !== 'active')
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
	await sendMove(move);
}

function onSubmit(ev) {
	ev.preventDefault();
	const move = $('move').value.trim();
	if (move)
		sendMove(move);
}

if (!sessionToken()) {
	toSignIn();
} else {
	$('move-form').addEventListener('submit', onSubmit);
	$('offer-draw').addEventListener('click', (ev) => act('draw', { action: 'offer' }, ev.currentTarget));
	$('accept-draw').addEventListener('click', (ev) => act('draw', { action: 'accept' }, ev.currentTarget));
	$('decline-draw').addEventListener('click', (ev) => act('draw', { action: 'decline' }, ev.currentTarget));
	$('resign').addEventListener('click', askResign);
	$('claim-form').addEventListener('submit', onClaim);
	document.addEventListener('visibilitychange', onVisibility);
	load();
}
