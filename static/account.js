// account.js: /account: who is signed in; his mail setting and the
// language of the pages and his mail (GET and PATCH /users/me); his
// calendar feed; his password (POST /users/me/password); signing out.
import { api, signOut } from './api.js';
import { $, showError, startPage, submitted } from './page.js';
import { currentLang, setLang, t } from './i18n.js';

const user = startPage();

async function load() {
	try {
		const me = await api('GET', '/users/me');
		$('who').textContent = t('account.who_mail', { name: me.name, role: t(`role.${me.role}`),
			email: me.email });
		$('mail').value = me.mail;
		$('language').value = me.language;
		$('calendar-link').href = me.calendar_url;
	} catch (e) {
		showError(e);
	}
}

// Saved by the button, not on change: the arrow keys change a select's
// value one option at a time.  A new language shows at once.
const onSave = submitted(async () => {
	const me = await api('PATCH', '/users/me', { mail: $('mail').value, language: $('language').value });
	if (me.language !== currentLang()) {
		setLang(me.language);
		location.reload();
		return;
	}
	$('prefs-state').textContent = t('account.saved');
});

// POST /users/me/password {old, new}: the fields are emptied either way.
const onPassword = submitted(async () => {
	$('password-state').textContent = '';
	try {
		await api('POST', '/users/me/password', { old: $('current-password').value, new: $('new-password').value });
		$('password-state').textContent = t('account.password_changed');
	} finally {
		$('current-password').value = '';
		$('new-password').value = '';
	}
});

if (user) {
	$('password-form').addEventListener('submit', onPassword);
	$('who').textContent = t('account.who', { name: user.name, role: t(`role.${user.role}`) });
	$('language').value = currentLang();
	$('prefs-form').addEventListener('submit', onSave);
	$('signout').addEventListener('click', async () => {
		try {
			await signOut();
		} catch {
			// signed out here all the same
		}
		location.replace('/');
	});
	load();
}
