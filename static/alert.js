// alert.js: the page's message region (role="alert", id "alert"), where
// the API's error sentences are shown.  It stays in the document while
// empty so that screen readers announce each new message.

function region() {
	return document.getElementById('alert');
}

export function showAlert(text) {
	region().textContent = text;
}

export function clearAlert() {
	region().textContent = '';
}
