// alert.js: the page's message region (role="alert", id "alert"), where
// the API's error sentences are shown.  It stays in the document while
// empty so that screen readers announce each new message.  In Danish a
// known error code comes first in Danish, the API's own (English)
// sentence after it in brackets: it names the details (dates, moves).
import { currentLang, t } from './i18n.js';

function region() {
	return document.getElementById('alert');
}

export function showAlert(text) {
	region().textContent = text;
}

export function clearAlert() {
	region().textContent = '';
}

// Codes whose API sentence is for a programmer ("revision 6, not 5"):
// the pages say their own sentence instead, in either language.
const OWN_WORDS = new Set(['stale', 'busy', 'internal', 'network', 'bad_json', 'body_too_large',
	'method_not_allowed', 'unknown_field']);

// The sentence for an API error (an ApiError, or anything with a
// message): the API's own, in Danish behind a Danish one for its code;
// the page's own for the codes above.
export function errorText(e) {
	const key = `error.${e.code}`;
	const known = e.code && t(key) !== key;
	if (known && OWN_WORDS.has(e.code))
		return t(key);
	if (currentLang() === 'da' && known)
		return `${t(key)} (${e.message})`;
	return e.message;
}

export function showError(e) {
	showAlert(errorText(e));
}
