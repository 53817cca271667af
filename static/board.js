// board.js: the position of a FEN on a board of 64 buttons.
//
// Each square is a <button> whose accessible name (aria-label) is the
// square's name ("e2"); the piece on it is its text, a Unicode chess
// symbol, and its description (title) says the piece in words.  The edge
// squares carry the coordinates, letters or (on request) ICCF digits.
import { t } from './i18n.js';

const FILES = 'abcdefgh';

// FEN letter -> symbol.  U+FE0E asks for the text form of the glyph:
// some systems otherwise draw the black pawn as a coloured emoji.
const GLYPHS = {
	K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙',
	k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟',
};
const TEXT_FORM = '\uFE0E';
const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const COORD_KEY = 'corrchess.iccf_coordinates';

// 'white' for an upper-case FEN letter, 'black' for a lower-case one.
export function pieceColor(letter) {
	return letter === letter.toUpperCase() ? 'white' : 'black';
}

// The pieces of a FEN's first field: a Map "e2" -> "P".
export function piecesOf(fen) {
	const pieces = new Map();
	const ranks = fen.split(' ')[0].split('/');
	ranks.forEach((row, i) => {
		let file = 0;
		for (const c of row) {
			if (c >= '1' && c <= '8') {
				file += Number(c);
			} else {
				pieces.set(FILES[file] + (8 - i), c);
				file++;
			}
		}
	});
	return pieces;
}

// The from and to squares of an ICCF numeric move ("5254" -> e2, e4;
// a fifth digit is the promotion piece).
export function iccfSquares(iccf) {
	const d = String(iccf || '');
	if (!/^[1-8]{4}/.test(d))
		return [];
	const sq = (f, r) => FILES[Number(f) - 1] + r;
	return [sq(d[0], d[1]), sq(d[2], d[3])];
}

// True when the pawn letter moving to `to` reaches its last rank.
export function isPromotion(letter, to) {
	return (letter === 'P' && to[1] === '8') || (letter === 'p' && to[1] === '1');
}

// The 64 square names top-left to bottom-right as the viewer sees them:
// White at the bottom for 'white', Black at the bottom for 'black'.
function viewOrder(orientation) {
	const names = [];
	for (let rank = 8; rank >= 1; rank--)
		for (const f of FILES)
			names.push(f + rank);
	return orientation === 'black' ? names.reverse() : names;
}

// The board is one stop for Tab (the square last focused, tabindex 0;
// the others -1), and the arrow keys move between the squares, so that
// a keyboard user need not tab through 64 buttons to reach the form.
function focusSquare(squares, i) {
	squares.forEach((b, k) => { b.tabIndex = k === i ? 0 : -1; });
	squares[i].focus();
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function onBoardKey(el, ev) {
	const squares = [...el.querySelectorAll('button.square')];
	const i = squares.indexOf(document.activeElement);
	const d = ARROWS[ev.key];
	if (i < 0 || !d)
		return;
	const col = (i % 8) + d[0];
	const row = Math.floor(i / 8) + d[1];
	ev.preventDefault();
	if (col >= 0 && col < 8 && row >= 0 && row < 8)
		focusSquare(squares, row * 8 + col);
}

// Makes the 64 buttons inside el (emptied first) as seen from
// `orientation` ('white': White at the bottom); onSquare(name) is called
// on a click (or Enter, Space).  Edge squares carry the coordinates as
// data attributes, which the stylesheet draws in a corner.  Called again
// to flip the board: the key and drag listeners are added to el once.
export function buildBoard(el, orientation, onSquare) {
	el.boardOnSquare = onSquare;
	if (!el.boardReady) {
		el.boardReady = true;
		el.addEventListener('keydown', (ev) => onBoardKey(el, ev));
		el.addEventListener('focusin', (ev) => {
			const squares = [...el.querySelectorAll('button.square')];
			squares.forEach((b) => { b.tabIndex = b === ev.target ? 0 : -1; });
		});
	}
	const focused = el.contains(document.activeElement) ? document.activeElement.dataset.square : null;
	el.replaceChildren();
	el.dataset.orientation = orientation;
	const bottomRank = orientation === 'black' ? '8' : '1';
	const leftFile = orientation === 'black' ? 'h' : 'a';
	for (const name of viewOrder(orientation)) {
		const b = document.createElement('button');
		b.type = 'button';
		b.className = 'square';
		b.classList.add((FILES.indexOf(name[0]) + Number(name[1])) % 2 === 0 ? 'light' : 'dark');
		b.setAttribute('aria-label', name);
		b.dataset.square = name;
		if (name[1] === bottomRank) {
			b.dataset.file = name[0];
			b.dataset.iccfFile = String(FILES.indexOf(name[0]) + 1);
		}
		if (name[0] === leftFile)
			b.dataset.rank = name[1];
		b.tabIndex = el.children.length === 0 ? 0 : -1;
		b.addEventListener('click', () => {
			if (el.dragDropped) // the drop of a drag made the move already
				return;
			el.boardOnSquare(name);
		});
		el.append(b);
	}
	if (focused) {
		const squares = [...el.querySelectorAll('button.square')];
		const i = squares.findIndex((b) => b.dataset.square === focused);
		if (i >= 0)
			focusSquare(squares, i);
	}
}

// Shows pieces (from piecesOf) on the buttons of el; `selected` is the
// square picked for a move, `lastMove` the [from, to] of the last move,
// `targets` the squares the selected piece can go to (marked with a dot),
// `draggable` the squares whose piece may be dragged.
export function showPosition(el, pieces, selected, lastMove, targets = [], draggable = []) {
	for (const b of el.querySelectorAll('button.square')) {
		const name = b.dataset.square;
		const letter = pieces.get(name);
		b.textContent = letter ? GLYPHS[letter] + TEXT_FORM : '';
		b.title = letter
			? t(`piece.${pieceColor(letter)}_${NAMES[letter.toLowerCase()]}`) : t('piece.empty');
		b.classList.toggle('white-piece', !!letter && pieceColor(letter) === 'white');
		b.classList.toggle('black-piece', !!letter && pieceColor(letter) === 'black');
		b.classList.toggle('last-move', (lastMove || []).includes(name));
		b.classList.toggle('target', targets.includes(name));
		b.classList.toggle('draggable', draggable.includes(name));
		if (name === selected)
			b.setAttribute('aria-pressed', 'true');
		else
			b.removeAttribute('aria-pressed');
	}
}

// The name of a piece letter in words ("white knight").
export function pieceName(letter) {
	return t(`piece.${pieceColor(letter)}_${NAMES[letter.toLowerCase()]}`);
}

// Drag and drop on the board (mouse, pen and touch alike): a press on a
// square of `draggable` (see showPosition) that moves more than a few
// pixels picks its piece up; it follows the pointer, and where it is let
// go onDrop(from, to) is called (to null: off the board).  onPick(from)
// is called when the drag starts (the page marks the piece's moves).  A
// press that does not move stays a click.  Called once per board.
export function enableDrag(el, onPick, onDrop) {
	let drag = null; // {from, x, y, ghost, id}
	const squareAt = (x, y) => document.elementFromPoint(x, y)?.closest?.('#' + el.id + ' .square');
	el.addEventListener('pointerdown', (ev) => {
		const sq = ev.target.closest('.square');
		if (!sq || !sq.classList.contains('draggable') || ev.button !== 0)
			return;
		drag = { from: sq.dataset.square, x: ev.clientX, y: ev.clientY, ghost: null, id: ev.pointerId };
	});
	el.addEventListener('pointermove', (ev) => {
		if (!drag || ev.pointerId !== drag.id)
			return;
		if (!drag.ghost) {
			if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6)
				return;
			const from = el.querySelector(`[data-square="${drag.from}"]`);
			drag.ghost = document.createElement('span');
			drag.ghost.className = 'drag-ghost';
			drag.ghost.setAttribute('aria-hidden', 'true');
			drag.ghost.textContent = from.textContent;
			drag.ghost.style.fontSize = getComputedStyle(from).fontSize;
			document.body.append(drag.ghost);
			from.classList.add('dragging');
			el.setPointerCapture(ev.pointerId);
			onPick(drag.from);
		}
		drag.ghost.style.left = `${ev.clientX}px`;
		drag.ghost.style.top = `${ev.clientY}px`;
		ev.preventDefault();
	});
	const end = (ev, dropped) => {
		if (!drag || ev.pointerId !== drag.id)
			return;
		const d = drag;
		drag = null;
		if (!d.ghost)
			return; // a click: the click handler takes it
		d.ghost.remove();
		el.querySelector('.dragging')?.classList.remove('dragging');
		const to = dropped ? squareAt(ev.clientX, ev.clientY)?.dataset.square || null : null;
		// The click that follows the pointer's release is not a second choice.
		el.dragDropped = true;
		setTimeout(() => { el.dragDropped = false; }, 0);
		onDrop(d.from, to === d.from ? null : to);
	};
	el.addEventListener('pointerup', (ev) => end(ev, true));
	el.addEventListener('pointercancel', (ev) => end(ev, false));
}

// A small board (64 cells, no controls) into el: the position after a
// move in the confirmation.  el is one image for assistive technology;
// its name says the move (the caller sets aria-label).
export function miniBoard(el, pieces, lastMove, orientation) {
	el.replaceChildren(...viewOrder(orientation).map((name) => {
		const c = document.createElement('span');
		c.className = `cell ${(FILES.indexOf(name[0]) + Number(name[1])) % 2 === 0 ? 'light' : 'dark'}`;
		if ((lastMove || []).includes(name))
			c.classList.add('last-move');
		const letter = pieces.get(name);
		c.textContent = letter ? GLYPHS[letter] + TEXT_FORM : '';
		return c;
	}));
}

// ICCF digits (1-8 for the files a-h) instead of letters on the board's
// edge when on; the choice is kept in localStorage for every board.
export function showIccfCoordinates(el, on) {
	el.classList.toggle('iccf', on);
	try {
		localStorage.setItem(COORD_KEY, on ? '1' : '0');
	} catch {
		// not kept
	}
}

export function iccfCoordinatesWanted() {
	try {
		return localStorage.getItem(COORD_KEY) === '1';
	} catch {
		return false;
	}
}
