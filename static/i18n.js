// i18n.js: every text of the pages in English and Danish.  The language
// is the one chosen with the switch (kept in localStorage), else the
// browser's first language when it is Danish, else English; <html lang>
// follows.  Until the API keeps a language per user this choice is the
// browser's, not the account's.
//
// In the HTML an element with data-t="key" gets the text of key;
// data-t-label="key" sets its aria-label, data-t-title its title.
// Texts take {name} parameters: t('turn.to_move', {color, name}).
import { TEXTS } from './texts.js';

const LANG_KEY = 'corrchess.lang';

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

export function setLang(lang) {
	try {
		localStorage.setItem(LANG_KEY, lang === 'da' ? 'da' : 'en');
	} catch {
		// not kept: this page only
	}
	document.documentElement.lang = currentLang();
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
