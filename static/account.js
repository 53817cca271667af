// account.js: /account: who is signed in, the language of the pages
// (kept in this browser until the API keeps one per user), signing out.
import { signOut } from './api.js';
import { $, startPage } from './page.js';
import { currentLang, setLang, t } from './i18n.js';

const user = startPage();

if (user) {
	$('who').textContent = t('account.who', { name: user.name, role: t(`role.${user.role}`) });
	$('language').value = currentLang();
	// Saved by the button, not on change: the arrow keys change a
	// select's value one option at a time.
	$('prefs-form').addEventListener('submit', (ev) => {
		ev.preventDefault();
		setLang($('language').value);
		location.reload();
	});
	$('signout').addEventListener('click', async () => {
		try {
			await signOut();
		} catch {
			// signed out here all the same
		}
		location.replace('/');
	});
}
