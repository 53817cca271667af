// movelist.js: the moves of a game in move pairs (ol#moves: one item per
// move number, White's and Black's half-moves side by side), each
// half-move a button that shows its position on the board; its dates
// (received, sent) and days under it.  The list is one Tab stop (the
// half-move shown, else the last); the arrow keys step through the
// moves, Home and End go to the start and to the position now.  The box
// keeps the move shown, or the last move, in view.
import { dateElement } from './page.js';
import { localSan, t } from './i18n.js';

// "12." before White's moves, "12…" before Black's.
export function moveNumber(number, color) {
	return color === 'white' ? `${number}.` : `${number}\u2026`;
}

function hidden(text) {
	const s = document.createElement('span');
	s.className = 'visually-hidden';
	s.textContent = text;
	return s;
}

// A date whose year the stylesheet leaves out on a phone (the datetime
// keeps it): "2027-09-01", or "09-01" where the room is short.
function shortDate(iso) {
	const el = dateElement(iso);
	const m = /^(\d{4}-)(.*)$/.exec(iso || '');
	if (m) {
		const year = document.createElement('span');
		year.className = 'year';
		year.textContent = m[1];
		el.replaceChildren(year, m[2]);
	}
	return el;
}

// One half-move: its button (ICCF numeric and SAN) and its dates.
function plyCell(m, onSelect) {
	const cell = document.createElement('div');
	cell.className = `ply-cell ${m.color}`;
	const b = document.createElement('button');
	b.type = 'button';
	b.className = 'ply';
	b.dataset.ply = String(m.ply);
	b.tabIndex = -1;
	const iccf = document.createElement('span');
	iccf.className = 'iccf';
	iccf.textContent = m.iccf;
	const san = document.createElement('span');
	san.className = 'san';
	san.textContent = localSan(m.san);
	b.append(hidden(`${moveNumber(m.number, m.color)} `), iccf, ' ', san);
	b.addEventListener('click', () => onSelect(m.ply, b));
	const dates = document.createElement('span');
	dates.className = 'dates';
	const arrow = document.createElement('span');
	arrow.setAttribute('aria-hidden', 'true');
	arrow.textContent = ' \u2192 ';
	dates.append(hidden(`${t('moves.received')} `), shortDate(m.received), arrow,
		hidden(`${t('moves.sent')} `), shortDate(m.sent),
		`, ${t(m.days === 1 ? 'moves.day' : 'moves.days', { days: m.days })}`);
	if (m.series)
		dates.append(`, ${t('moves.from_series')}`);
	cell.append(b, dates);
	return cell;
}

// Fills list with the moves of a GAME in pairs; onSelect(ply, button) is
// called on a click or a key (ply 0: the start position; moves.length:
// now).
export function showMoves(list, moves, onSelect) {
	const items = [];
	let li = null;
	for (const m of moves) {
		if (!li || m.color === 'white') {
			li = document.createElement('li');
			const num = document.createElement('span');
			num.className = 'num';
			num.setAttribute('aria-hidden', 'true');
			num.textContent = `${m.number}.`;
			li.append(num);
			if (m.color === 'black') { // a thematic start with Black to move
				const gap = document.createElement('span');
				gap.className = 'ply-cell gap';
				gap.setAttribute('aria-hidden', 'true');
				gap.textContent = '\u2026';
				li.append(gap);
			}
			items.push(li);
		}
		li.append(plyCell(m, onSelect));
	}
	list.replaceChildren(...items);
	if (!list.moveKeys) {
		list.moveKeys = true;
		list.addEventListener('keydown', (ev) => {
			const buttons = [...list.querySelectorAll('button.ply')];
			if (!buttons.includes(document.activeElement))
				return;
			// From the position shown (markShown), not from the button
			// focused: after Home the start is shown, and ArrowRight
			// goes to the first move.
			const n = buttons.length;
			const cur = Number(list.dataset.shown ?? n);
			const go = { ArrowLeft: cur - 1, ArrowUp: cur - 1, ArrowRight: cur + 1, ArrowDown: cur + 1,
				Home: 0, End: n }[ev.key];
			if (go === undefined)
				return;
			ev.preventDefault();
			const next = Math.max(0, Math.min(n, go));
			buttons[Math.max(0, next - 1)].focus();
			list.onSelectPly(next, buttons[Math.max(0, next - 1)]);
		});
	}
	list.onSelectPly = onSelect;
}

// Marks the half-move shown (ply; 0: the start, none marked) as the
// current one, makes it the list's Tab stop and keeps it in view; with
// `now`, the last move.
export function markShown(list, ply, now) {
	const buttons = [...list.querySelectorAll('button.ply')];
	list.dataset.shown = String(now ? buttons.length : ply);
	buttons.forEach((b) => {
		b.removeAttribute('aria-current');
		b.tabIndex = -1;
	});
	if (!buttons.length)
		return;
	const shown = ply >= 1 && ply <= buttons.length ? buttons[ply - 1] : null;
	if (shown && !now)
		shown.setAttribute('aria-current', 'step');
	// The start (ply 0): the first move is the stop and in view.
	const stop = shown || (!now && ply === 0 ? buttons[0] : buttons[buttons.length - 1]);
	stop.tabIndex = 0;
	keepInView(list, now ? buttons[buttons.length - 1] : stop);
}

// Scrolls box (not the page) so that el is in it (the box is the
// offsetParent of its buttons: position: relative in style.css).
function keepInView(box, el) {
	const top = el.offsetTop;
	const bottom = top + el.offsetHeight;
	if (top < box.scrollTop)
		box.scrollTop = top;
	else if (bottom > box.scrollTop + box.clientHeight)
		box.scrollTop = bottom - box.clientHeight;
}
