// page.js: what every page shares: the texts in the reader's language
// (the user's, once he signs in),
// the navigation landmark (Your games, Vacations, Tournaments, Account,
// and Dashboard and Members for a tl or admin), the language switch, the
// way back to the sign-in form (saying why), the banner while the server
// cannot be reached, the date fields, and a client-side pager for long
// lists.
import { api, ApiError, forgetSession, onReachable, sessionToken, sessionUser, watchSession } from './api.js';
import { clearAlert, errorText, showAlert } from './alert.js';
import { applyTexts, currentLang, langPending, setLang, t } from './i18n.js';

export const $ = (id) => document.getElementById(id);

// Back to the sign-in form, which returns to this page afterwards; why
// ('ended': the server no longer knows the session; 'signed_out': another
// tab signed out) is said there.
export function toSignIn(why = 'ended') {
	const had = !!sessionToken();
	forgetSession();
	const note = had || why === 'signed_out' ? `&why=${why}` : '';
	location.replace(`/?next=${encodeURIComponent(location.pathname)}${note}`);
}

// Shows an API error: a refused session goes to the sign-in form,
// anything else is the API's sentence in the alert region.
export function showError(e) {
	if (e instanceof ApiError && e.status === 401)
		toSignIn('ended');
	else
		showAlert(e.code !== undefined ? errorText(e) : e.message);
}

// The submit handler of a form that calls the API: the browser does not
// send the form, the alert empties, and the submit button is disabled
// while work(ev) runs; what work throws goes to onError (showError: the
// API's sentence, or the sign-in form when the session ended).
export function submitted(work, onError = showError) {
	return async (ev) => {
		ev.preventDefault();
		clearAlert();
		const button = ev.target.querySelector('button[type="submit"]');
		button.disabled = true;
		try {
			await work(ev);
		} catch (e) {
			onError(e);
		} finally {
			button.disabled = false;
		}
	};
}

// A table cell holding content: a text or a node (the list pages' rows).
export function cell(content) {
	const td = document.createElement('td');
	td.append(content);
	return td;
}

export function isTl(user) {
	return !!user && (user.role === 'tl' || user.role === 'admin');
}

// Who looks up and adds members (docs/AUTHORITY.md user_search): a tl,
// the kc (K-skak chief) or an admin.
export function mayFindMembers(user) {
	return isTl(user) || (!!user && user.role === 'kc');
}

const LINKS = [
	['/', 'nav.games'],
	['/vacations', 'nav.vacations'],
	['/tournaments', 'nav.tournaments'],
	['/account', 'nav.account'],
];
const TL_LINKS = [['/tl', 'nav.dashboard'], ['/members', 'nav.members']];

// The links of the navigation landmark for user (none when signed out);
// the link of the page shown carries aria-current="page".
export function showNav(user) {
	const nav = $('nav');
	if (!nav)
		return;
	nav.setAttribute('aria-label', t('nav.label'));
	if (!user) {
		nav.hidden = true;
		nav.replaceChildren();
		return;
	}
	const links = isTl(user) ? LINKS.concat(TL_LINKS)
		: mayFindMembers(user) ? LINKS.concat([['/members', 'nav.members']]) : LINKS;
	const here = location.pathname.replace(/^\/tournaments\/.*/, '/tournaments')
		.replace(/^\/games\/.*/, '/');
	const ul = document.createElement('ul');
	for (const [href, key] of links) {
		const li = document.createElement('li');
		const a = document.createElement('a');
		a.href = href;
		a.textContent = t(key);
		if (href === here)
			a.setAttribute('aria-current', 'page');
		li.append(a);
		ul.append(li);
	}
	nav.replaceChildren(ul);
	nav.hidden = false;
}

// The button that switches between Danish and English: it names the
// other language in that language ("Dansk", "English").
function showLangSwitch() {
	const b = $('lang-switch');
	if (!b)
		return;
	const other = currentLang() === 'da' ? 'en' : 'da';
	b.lang = other;
	b.textContent = other === 'da' ? 'Dansk' : 'English';
	b.addEventListener('click', async () => {
		// Signed in: the account keeps the choice (for its mail too).
		if (sessionToken()) {
			try {
				await api('PATCH', '/users/me', { language: other });
			} catch (e) {
				if (e instanceof ApiError && e.status === 401) {
					toSignIn();
					return;
				}
				// Not stored: the pages change all the same.
			}
		}
		setLang(other, !sessionToken());
		location.reload();
	});
}

// After a sign-in: a choice made with the switch before it becomes the
// user's language; else the user's language becomes the pages'.  Returns
// true when the pages' language changed (the caller shows them again).
export async function syncLanguage() {
	try {
		if (langPending()) {
			await api('PATCH', '/users/me', { language: currentLang() });
			setLang(currentLang());
			return false;
		}
		const me = await api('GET', '/users/me');
		if (me.language === currentLang())
			return false;
		setLang(me.language);
		return true;
	} catch {
		return false; // the pages keep their language
	}
}

// The banner at the top of the page while the server cannot be reached
// (a request got no answer); it goes when one is answered again.  A
// status region: a screen reader hears it come and go.
function showReachability() {
	const p = document.createElement('p');
	p.id = 'offline';
	p.className = 'offline';
	p.setAttribute('role', 'status');
	const header = document.querySelector('header.site');
	(header ? header.after.bind(header) : document.body.prepend.bind(document.body))(p);
	onReachable((ok) => {
		p.textContent = ok ? '' : t('offline');
		p.classList.toggle('on', !ok);
	});
}

// Sets up a page: its texts, the navigation and the language switch.
// With session (the default) a visitor without a session goes to the
// sign-in form: returns the USER, or null then.  Another tab's sign-out
// (the session is shared, api.js) sends this one to the form too.
export function startPage({ session = true } = {}) {
	applyTexts(document);
	showLangSwitch();
	showReachability();
	if (session)
		watchSession((token) => {
			if (!token)
				toSignIn('signed_out');
			else
				location.reload(); // signed in again, perhaps as someone else
		});
	if (session && !sessionToken()) {
		toSignIn();
		return null;
	}
	const user = sessionToken() ? sessionUser() : null;
	showNav(user);
	setUpDateFields();
	return user;
}

// A whole number from ?name=, within lo..hi, else fallback.
export function queryNumber(name, lo, hi, fallback) {
	const text = new URLSearchParams(location.search).get(name);
	const n = Number(text);
	return text && Number.isInteger(n) && n >= lo && n <= hi ? n : fallback;
}

// Shows items in pages of `size` in the list element `list` (item(x)
// makes one <li> or <tr>), with Previous and Next buttons and "Page 1 of
// 3" in the element `pager` (hidden when one page holds them all).  The
// buttons stay the same elements from call to call (the focus stays on
// them), and so does the page shown while it still exists.
export function showPaged(list, pager, items, size, item) {
	if (!pager.pagerParts) {
		const button = (key, delta) => {
			const b = document.createElement('button');
			b.type = 'button';
			b.className = 'secondary';
			b.textContent = t(key);
			b.addEventListener('click', () => pager.pagerParts.go(delta, b));
			return b;
		};
		const status = document.createElement('span');
		status.className = 'page-status';
		const prev = button('pager.previous', -1);
		const next = button('pager.next', 1);
		pager.replaceChildren(prev, status, next);
		pager.pagerParts = { prev, next, status, page: 0, go: null };
	}
	const parts = pager.pagerParts;
	const pages = Math.max(1, Math.ceil(items.length / size));
	const draw = () => {
		list.replaceChildren(...items.slice(parts.page * size, (parts.page + 1) * size).map(item));
		parts.status.textContent = t('pager.status', { page: parts.page + 1, pages });
		parts.prev.disabled = parts.page === 0;
		parts.next.disabled = parts.page >= pages - 1;
		pager.hidden = pages <= 1;
	};
	parts.go = (delta, from) => {
		parts.page = Math.max(0, Math.min(pages - 1, parts.page + delta));
		draw();
		// The button pressed may be disabled now: keep the focus nearby.
		if (from.disabled)
			(from === parts.prev ? parts.next : parts.prev).focus();
	};
	parts.page = Math.min(parts.page, pages - 1);
	draw();
}

// "2027-10-06" as a <time> element.
export function dateElement(date) {
	const el = document.createElement('time');
	el.dateTime = date;
	el.textContent = date;
	return el;
}

// Date fields: plain text in ISO form (YYYY-MM-DD), as every date of the
// pages is written, whatever the browser's locale would make of a date
// picker.  Reads the field: '' when empty, the date when it is one, else
// shows why in the alert region, focuses the field and returns null.
export function readDate(input) {
	const text = input.value.trim();
	if (!text)
		return '';
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
	const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
	if (!d || d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 ||
		d.getUTCDate() !== Number(m[3])) {
		showAlert(t('date.bad', { text, label: labelOf(input) }));
		input.focus();
		return null;
	}
	return text;
}

// The first and the last day of a period from two date fields: {start,
// end}, or null once the alert says what is wrong (a bad date, or a day
// missing) and the field in question has the focus.
export function readPeriod(first, last) {
	const start = readDate(first);
	const end = start === null ? null : readDate(last);
	if (start === null || end === null)
		return null;
	if (!start || !end) {
		showAlert(t('vacations.both_days'));
		(start ? last : first).focus();
		return null;
	}
	return { start, end };
}

function labelOf(input) {
	return input.labels && input.labels[0] ? input.labels[0].textContent : input.name;
}

// The placeholder of the date fields (data-date) in the page's language.
export function setUpDateFields(root = document) {
	for (const el of root.querySelectorAll('input[data-date]')) {
		el.placeholder = t('date.placeholder');
		el.inputMode = 'numeric';
		el.maxLength = 10;
		el.autocomplete = 'off';
		el.spellcheck = false;
	}
}

// A day count in words: "1 day", "3 days".
export function daysText(n) {
	return t(Math.abs(n) === 1 ? 'days.one' : 'days.many', { days: n });
}
