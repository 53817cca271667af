// game.js: one game (/games/{id}): the board, the move form, the clocks
// and the moves.  The API decides what is legal and whose turn it is;
// the page sends what the player chose and shows the API's answer.
import { api, ApiError, forgetSession, gameName, sessionToken, sessionUser } from './api.js';
import { showAlert, clearAlert } from './alert.js';
import { buildBoard, iccfSquares, isPromotion, pieceColor, piecesOf, showPosition } from './board.js';

const $ = (id) => document.getElementById(id);
const gameId = Number(location.pathname.split('/')[2]);

let game = null;     // the GAME shown
let me = null;       // 'white', 'black', or null when watching
let selected = null; // the square picked on the board, or null
let sending = false; // a move is on its way: further clicks wait

const PROFILES = { 'dsu-post': 'postal (DSU)', 'dsu-email': 'e-mail (DSU)', server: 'server' };

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

function turnText(g) {
	if (g.status !== 'active')
		return `Finished: ${g.result}${g.termination ? ' (' + g.termination.replace(/_/g, ' ') + ')' : ''}`;
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
	const last = g.moves[g.moves.length - 1];
	showPosition($('board'), piecesOf(g.fen), selected, last ? iccfSquares(last.iccf) : []);
	showClock('white', g);
	showClock('black', g);
	$('moves').replaceChildren(...g.moves.map(moveItem));
	$('no-moves').hidden = g.moves.length > 0;
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
	if (sending || !game || !me)
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
	load();
}
