// reset.js: /reset-password: without a token, a form that asks for the
// one-time link (POST /password-reset, always 202: the answer never says
// whether the login exists); with ?token= from that mail, a form for the
// new password (POST /password-reset/confirm), then on to signing in.
import { api } from './api.js';
import { $, startPage, submitted } from './page.js';
import { t } from './i18n.js';

startPage({ session: false });
const token = new URLSearchParams(location.search).get('token');

const onRequest = submitted(async () => {
	await api('POST', '/password-reset', { login: $('reset-login').value });
	$('request-state').textContent = t('reset.sent');
});

const onConfirm = submitted(async () => {
	await api('POST', '/password-reset/confirm', { token, password: $('reset-password').value });
	$('reset-password').value = '';
	$('confirm-state').textContent = t('reset.done');
	const a = document.createElement('a');
	a.href = '/';
	a.textContent = t('signin.heading');
	$('confirm-state').append(' ', a);
});

if (token) {
	$('confirm').hidden = false;
	$('confirm-form').addEventListener('submit', onConfirm);
} else {
	$('request').hidden = false;
	$('request-form').addEventListener('submit', onRequest);
}
