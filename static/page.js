// page.js: what every page shares: the texts in the reader's language
// (the user's, once he signs in),
// the navigation landmark (Your games, Vacations, Tournaments, Account,
// and Dashboard for a tl or admin), the language switch, the way back to
// the sign-in form, and a client-side pager for long lists.
import { api, ApiError, forgetSession, sessionToken, sessionUser } from './api.js';
import { errorText, showAlert } from './alert.js';
import { applyTexts, currentLang, langPending, setLang, t } from './i18n.js';

export const $ = (id) => document.getElementById(id);

// Back to the sign-in form, which returns to this page afterwards.
export function toSignIn() {
	forgetSession();
	location.replace(`/?next=${encodeURIComponent(location.pathname)}`);
}

// Shows an API error: a refused session goes to the sign-in form,
// anything else is the API's sentence in the alert region.
export function showError(e) {
	if (e instanceof ApiError && e.status === 401)
		toSignIn();
	else
		showAlert(e.code !== undefined ? errorText(e) : e.message);
}

export function isTl(user) {
	return !!user && (user.role === 'tl' || user.role === 'admin');
}

const LINKS = [
	['/', 'nav.games'],
	['/vacations', 'nav.vacations'],
	['/tournaments', 'nav.tournaments'],
	['/account', 'nav.account'],
];

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
	const links = isTl(user) ? LINKS.concat([['/tl', 'nav.dashboard']]) : LINKS;
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

// Sets up a page: its texts, the navigation and the language switch.
// With session (the default) a visitor without a session goes to the
// sign-in form: returns the USER, or null then.
export function startPage({ session = true } = {}) {
	applyTexts(document);
	showLangSwitch();
	if (session && !sessionToken()) {
		toSignIn();
		return null;
	}
	const user = sessionToken() ? sessionUser() : null;
	showNav(user);
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
