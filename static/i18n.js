// i18n.js: every text of the pages in English and Danish.  The language
// is the one kept in localStorage (the user's language, GET /users/me,
// once he signs in; or the switch's choice), else the browser's first
// language when it is Danish, else English; <html lang> follows.  A
// choice made with the switch while signed out is "pending": the next
// sign-in stores it as the user's language (page.js syncLanguage).
//
// In the HTML an element with data-t="key" gets the text of key;
// data-t-label="key" sets its aria-label, data-t-title its title.
// Texts take {name} parameters: t('turn.to_move', {color, name}).
import { TEXTS } from './texts.js';

const LANG_KEY = 'corrchess.lang';
const PENDING_KEY = 'corrchess.lang.pending';

// 'da' or 'en'.
export function currentLang() {
	let stored = null;
	try {
		stored = localStorage.getItem(LANG_KEY);
	} catch {
		// storage refused: the browser's language decides
	}
	if (stored === 'da' || stored === 'en')
		return stored;
	const first = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
	return /^(da|nb|nn|no)\b/i.test(first) ? 'da' : 'en';
}

// Keeps lang; pending marks a choice the account does not know yet.
export function setLang(lang, pending = false) {
	try {
		localStorage.setItem(LANG_KEY, lang === 'da' ? 'da' : 'en');
		if (pending)
			localStorage.setItem(PENDING_KEY, '1');
		else
			localStorage.removeItem(PENDING_KEY);
	} catch {
		// not kept: this page only
	}
	document.documentElement.lang = currentLang();
}

export function langPending() {
	try {
		return localStorage.getItem(PENDING_KEY) === '1';
	} catch {
		return false;
	}
}

// The text of key in the current language (English when Danish lacks
// it, the key itself when both do: a missing text shows, not crashes).
export function t(key, params) {
	const lang = currentLang();
	let text = (TEXTS[lang] && TEXTS[lang][key]) ?? TEXTS.en[key] ?? key;
	if (params)
		text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
	return text;
}

// Puts the texts into the data-t elements of root (the document, or a
// fragment about to go into it) and sets <html lang>.
export function applyTexts(root) {
	document.documentElement.lang = currentLang();
	for (const el of root.querySelectorAll('[data-t]'))
		el.textContent = t(el.dataset.t);
	for (const el of root.querySelectorAll('[data-t-label]'))
		el.setAttribute('aria-label', t(el.dataset.tLabel));
	for (const el of root.querySelectorAll('[data-t-title]'))
		el.title = t(el.dataset.tTitle);
	const title = document.querySelector('title[data-t]');
	if (title)
		document.title = title.textContent;
}

// SAN as the reader writes it: Danish piece letters on Danish pages
// (K D T L S for K Q R B N, as DSU's rules and the move hint write them:
// "Sf3", "e8=D"), English ones else.  The ICCF numeric beside it is the
// same in both.
export function localSan(san) {
	if (currentLang() !== 'da' || !san)
		return san;
	return san.replace(/[QRBN]/g, (c) => ({ Q: 'D', R: 'T', B: 'L', N: 'S' })[c]);
}
