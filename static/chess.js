// chess.js: just enough of the rules for the pages to name a move before
// it is sent (the confirmation shows it in ICCF numeric and SAN, DSU
// 6.2.4) and to step through a proposed series on the board.  The server
// stays the judge: a move this module cannot read is still sent when the
// player confirms, and the API's answer is what counts.
//
// A position is {board, side, castling, ep}: board an array of 64 FEN
// letters ('' for empty), index rank * 8 + file with rank 0 the first
// rank; side 'w' or 'b'; castling a subset of "KQkq"; ep the en passant
// target index or -1.  A move is {from, to, promo} (promo 'q', 'r', 'b',
// 'n' or '').  Nothing here throws on bad input: readers return null.

const FILES = 'abcdefgh';
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
const ROOK_DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const BISHOP_DIRS = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
// ICCF numeric promotion digits (ICCF: 1 queen, 2 rook, 3 bishop, 4 knight).
const PROMO_DIGIT = { q: '1', r: '2', b: '3', n: '4' };
const DIGIT_PROMO = { 1: 'q', 2: 'r', 3: 'b', 4: 'n' };
// English and Danish piece letters (K D T L S: konge, dronning, tårn,
// løber, springer); they overlap only in K.
const PIECE_LETTER = { K: 'k', Q: 'q', D: 'q', R: 'r', T: 'r', B: 'b', L: 'b', N: 'n', S: 'n' };

const colorOf = (p) => (p === '' ? '' : p === p.toUpperCase() ? 'w' : 'b');
const onBoard = (f, r) => f >= 0 && f < 8 && r >= 0 && r < 8;
export const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + (Number(name[1]) - 1) * 8;

// The position of a FEN, or null when its first fields do not read.
export function parseFen(fen) {
	const parts = String(fen || '').trim().split(/\s+/);
	const rows = (parts[0] || '').split('/');
	if (rows.length !== 8)
		return null;
	const board = new Array(64).fill('');
	for (let i = 0; i < 8; i++) {
		let f = 0;
		for (const c of rows[i]) {
			if (c >= '1' && c <= '8')
				f += Number(c);
			else if ('KQRBNPkqrbnp'.includes(c) && f < 8)
				board[(7 - i) * 8 + f++] = c;
			else
				return null;
		}
		if (f !== 8)
			return null;
	}
	const side = parts[1] === 'b' ? 'b' : 'w';
	const castling = /^[KQkq]+$/.test(parts[2] || '') ? parts[2] : '';
	const ep = /^[a-h][36]$/.test(parts[3] || '') ? squareIndex(parts[3]) : -1;
	return { board, side, castling, ep };
}

// True when square i is attacked by a piece of colour `by`.
function attacked(board, i, by) {
	const f = i % 8, r = Math.floor(i / 8);
	const at = (ff, rr) => (onBoard(ff, rr) ? board[rr * 8 + ff] : '');
	const own = (p) => (by === 'w' ? p.toUpperCase() : p.toLowerCase());
	const pawnRank = by === 'w' ? r - 1 : r + 1;
	if (at(f - 1, pawnRank) === own('p') || at(f + 1, pawnRank) === own('p'))
		return true;
	for (const [df, dr] of KNIGHT)
		if (at(f + df, r + dr) === own('n'))
			return true;
	for (const [df, dr] of KING)
		if (at(f + df, r + dr) === own('k'))
			return true;
	const slide = (dirs, pieces) => dirs.some(([df, dr]) => {
		for (let ff = f + df, rr = r + dr; onBoard(ff, rr); ff += df, rr += dr) {
			const p = board[rr * 8 + ff];
			if (p)
				return pieces.includes(p);
		}
		return false;
	});
	return slide(ROOK_DIRS, [own('r'), own('q')]) || slide(BISHOP_DIRS, [own('b'), own('q')]);
}

function inCheck(board, side) {
	const king = board.indexOf(side === 'w' ? 'K' : 'k');
	return king >= 0 && attacked(board, king, side === 'w' ? 'b' : 'w');
}

// The position after move m (assumed at least pseudo-legal).
export function applyMove(pos, m) {
	const board = pos.board.slice();
	const piece = board[m.from];
	const type = piece.toLowerCase();
	const df = (m.to % 8) - (m.from % 8);
	board[m.to] = piece;
	board[m.from] = '';
	if (type === 'p' && m.to === pos.ep && df !== 0)
		board[m.to + (pos.side === 'w' ? -8 : 8)] = ''; // en passant
	if (type === 'p' && (m.to < 8 || m.to >= 56))
		board[m.to] = pos.side === 'w' ? (m.promo || 'q').toUpperCase() : m.promo || 'q';
	if (type === 'k' && Math.abs(df) === 2) { // castling: the rook jumps over
		const rank = m.from - (m.from % 8);
		const [rf, rt] = df > 0 ? [rank + 7, rank + 5] : [rank, rank + 3];
		board[rt] = board[rf];
		board[rf] = '';
	}
	let castling = pos.castling;
	const drop = (sq, c) => { if (m.from === sq || m.to === sq) castling = castling.replace(c, ''); };
	drop(4, 'K'); drop(4, 'Q'); drop(7, 'K'); drop(0, 'Q');
	drop(60, 'k'); drop(60, 'q'); drop(63, 'k'); drop(56, 'q');
	const ep = type === 'p' && Math.abs(m.to - m.from) === 16 ? (m.from + m.to) / 2 : -1;
	return { board, side: pos.side === 'w' ? 'b' : 'w', castling, ep };
}

function pseudoMoves(pos) {
	const { board, side } = pos;
	const moves = [];
	const enemy = side === 'w' ? 'b' : 'w';
	for (let i = 0; i < 64; i++) {
		const p = board[i];
		if (colorOf(p) !== side)
			continue;
		const f = i % 8, r = Math.floor(i / 8);
		const add = (to) => {
			if (p.toLowerCase() === 'p' && (to < 8 || to >= 56))
				for (const promo of 'qrbn')
					moves.push({ from: i, to, promo });
			else
				moves.push({ from: i, to, promo: '' });
		};
		const type = p.toLowerCase();
		if (type === 'p') {
			const dir = side === 'w' ? 1 : -1;
			const start = side === 'w' ? 1 : 6;
			if (onBoard(f, r + dir) && !board[(r + dir) * 8 + f]) {
				add((r + dir) * 8 + f);
				if (r === start && !board[(r + 2 * dir) * 8 + f])
					add((r + 2 * dir) * 8 + f);
			}
			for (const dx of [-1, 1]) {
				if (!onBoard(f + dx, r + dir))
					continue;
				const to = (r + dir) * 8 + f + dx;
				if (colorOf(board[to]) === enemy || to === pos.ep)
					add(to);
			}
		} else if (type === 'n' || type === 'k') {
			for (const [df, dr] of type === 'n' ? KNIGHT : KING)
				if (onBoard(f + df, r + dr) && colorOf(board[(r + dr) * 8 + f + df]) !== side)
					add((r + dr) * 8 + f + df);
		} else {
			const dirs = type === 'r' ? ROOK_DIRS : type === 'b' ? BISHOP_DIRS : ROOK_DIRS.concat(BISHOP_DIRS);
			for (const [df, dr] of dirs) {
				for (let ff = f + df, rr = r + dr; onBoard(ff, rr); ff += df, rr += dr) {
					const c = colorOf(board[rr * 8 + ff]);
					if (c === side)
						break;
					add(rr * 8 + ff);
					if (c)
						break;
				}
			}
		}
	}
	// Castling (FIDE 3.8.2): king and rook unmoved, the squares between
	// empty, the king not in check and not passing an attacked square.
	const home = side === 'w' ? 0 : 56;
	const king = side === 'w' ? 'K' : 'k';
	if (board[home + 4] === king && !attacked(board, home + 4, enemy)) {
		const rook = side === 'w' ? 'R' : 'r';
		const can = (c) => pos.castling.includes(side === 'w' ? c : c.toLowerCase());
		if (can('K') && board[home + 7] === rook && !board[home + 5] && !board[home + 6] &&
			!attacked(board, home + 5, enemy))
			moves.push({ from: home + 4, to: home + 6, promo: '' });
		if (can('Q') && board[home] === rook && !board[home + 1] && !board[home + 2] &&
			!board[home + 3] && !attacked(board, home + 3, enemy))
			moves.push({ from: home + 4, to: home + 2, promo: '' });
	}
	return moves;
}

// Every legal move of the side to move.
export function legalMoves(pos) {
	return pseudoMoves(pos).filter((m) => !inCheck(applyMove(pos, m).board, pos.side));
}

// The move in ICCF numeric: "5254", with the promotion piece's digit in
// brackets as the server writes it: "1718(4)".
export function iccfOf(m) {
	const d = (i) => `${(i % 8) + 1}${Math.floor(i / 8) + 1}`;
	return d(m.from) + d(m.to) + (m.promo ? `(${PROMO_DIGIT[m.promo]})` : '');
}

// The move in SAN (English letters), with + or #.
export function sanOf(pos, m) {
	const piece = pos.board[m.from];
	const type = piece.toLowerCase();
	let s;
	if (type === 'k' && Math.abs((m.to % 8) - (m.from % 8)) === 2) {
		s = m.to % 8 === 6 ? 'O-O' : 'O-O-O';
	} else {
		const capture = !!pos.board[m.to] || (type === 'p' && m.to === pos.ep && m.to % 8 !== m.from % 8);
		if (type === 'p') {
			s = (capture ? FILES[m.from % 8] + 'x' : '') + squareName(m.to);
			if (m.promo)
				s += '=' + m.promo.toUpperCase();
		} else {
			const rivals = legalMoves(pos).filter((o) => o.to === m.to && o.from !== m.from &&
				pos.board[o.from] === piece);
			let dis = '';
			if (rivals.length) {
				const sameFile = rivals.some((o) => o.from % 8 === m.from % 8);
				const sameRank = rivals.some((o) => Math.floor(o.from / 8) === Math.floor(m.from / 8));
				if (!sameFile)
					dis = FILES[m.from % 8];
				else if (!sameRank)
					dis = String(Math.floor(m.from / 8) + 1);
				else
					dis = squareName(m.from);
			}
			s = type.toUpperCase() + dis + (capture ? 'x' : '') + squareName(m.to);
		}
	}
	const next = applyMove(pos, m);
	if (inCheck(next.board, next.side))
		s += legalMoves(next).length ? '+' : '#';
	return s;
}

const same = (a, b) => a.from === b.from && a.to === b.to && (a.promo || '') === (b.promo || '');

// The legal moves that a text names as a player types it (ICCF numeric
// "5254", "57581", "5758(1)"; long algebraic "e2e4", "e7e8q"; SAN with
// English or Danish piece letters, "0-0" too): an array (empty: no legal
// move fits; two or more: ambiguous), or null when the text is no move
// at all.
export function movesNamed(pos, text) {
	const legal = legalMoves(pos);
	const t = String(text || '').trim().replace(/[+#!?]+$/, '');
	let m = /^([1-8])([1-8])([1-8])([1-8])(?:\(?([1-4])\)?)?$/.exec(t);
	if (m) {
		const want = { from: (m[1] - 1) + (m[2] - 1) * 8, to: (m[3] - 1) + (m[4] - 1) * 8,
			promo: m[5] ? DIGIT_PROMO[m[5]] : '' };
		return legal.filter((l) => same(l, want));
	}
	m = /^([a-h][1-8])-?([a-h][1-8])([qrbn]?)$/.exec(t);
	if (m) {
		const want = { from: squareIndex(m[1]), to: squareIndex(m[2]), promo: m[3] };
		const found = legal.filter((l) => same(l, want));
		if (found.length)
			return found;
	}
	if (/^[O0]-[O0]$/.test(t) || /^[O0]-[O0]-[O0]$/.test(t)) {
		const long = t.length > 3;
		return legal.filter((l) => pos.board[l.from].toLowerCase() === 'k' &&
			(l.to % 8) - (l.from % 8) === (long ? -2 : 2));
	}
	m = /^([KQRBNDTLS])?([a-h])?([1-8])?[x:-]?([a-h][1-8])(?:=?([QRBNDTLS]))?(?:\s*e\.?p\.?)?$/.exec(t);
	if (!m)
		return null;
	const type = m[1] ? PIECE_LETTER[m[1]] : 'p';
	const to = squareIndex(m[4]);
	const promo = m[5] ? PIECE_LETTER[m[5]] : '';
	return legal.filter((l) => pos.board[l.from].toLowerCase() === type && l.to === to &&
		(!m[2] || FILES[l.from % 8] === m[2]) &&
		(!m[3] || String(Math.floor(l.from / 8) + 1) === m[3]) &&
		(l.promo || '') === promo);
}

// Reads a move as a player types it (see movesNamed()) and finds it among
// the legal moves: returns the move, or null when the text names no
// legal move (or several).
export function readMove(pos, text) {
	const found = movesNamed(pos, text);
	return found && found.length === 1 ? found[0] : null;
}

// Why a text is no move here: 'unreadable' (not a move's notation),
// 'illegal' (no legal move fits), 'ambiguous' (several do; the SAN of
// each in .options), or null when it names exactly one move.
export function whyNotMove(pos, text) {
	const found = movesNamed(pos, text);
	if (found === null)
		return { reason: 'unreadable', options: [] };
	if (found.length === 1)
		return null;
	return { reason: found.length ? 'ambiguous' : 'illegal', options: found.map((m) => sanOf(pos, m)) };
}

// The squares ("f3") the piece on square `from` ("g1") can move to.
export function targetsOf(pos, from) {
	const i = squareIndex(from);
	return [...new Set(legalMoves(pos).filter((m) => m.from === i).map((m) => squareName(m.to)))].sort();
}

// The positions of a game: start (a FEN) and after each of its moves
// (ICCF numeric texts); [{pos, move, iccf, san}] with the start first
// (move null), or null when the start does not read or a move is not
// legal in it (the page then shows the game's own position only).
export function replay(startFen, iccfs) {
	const start = parseFen(startFen);
	if (!start)
		return null;
	const line = playLine(start, iccfs);
	if (line.length !== iccfs.length)
		return null;
	return [{ pos: start, move: null, iccf: '', san: '' }, ...line];
}

// Plays a line of moves (any notation readMove reads) from pos: returns
// [{move, iccf, san, pos}] for the moves that read, stopping at the
// first that does not (the rest is left for the server to judge).
export function playLine(pos, texts) {
	const out = [];
	let p = pos;
	for (const text of texts) {
		const move = readMove(p, text);
		if (!move)
			break;
		const san = sanOf(p, move);
		p = applyMove(p, move);
		out.push({ move, iccf: iccfOf(move), san, pos: p });
	}
	return out;
}

// A position's pieces as board.js shows them: a Map "e2" -> "P".
export function piecesMap(pos) {
	const map = new Map();
	pos.board.forEach((p, i) => { if (p) map.set(squareName(i), p); });
	return map;
}
