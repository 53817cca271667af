// index.js: the start page: the sign-in form, then the user's games,
// those waiting for his move first (the most urgent forfeit date first),
// then the others in play, then the finished ones; 20 to a page
// (?per=N, 1 to 500, sets another size).
import { api, apiAll, ApiError, gameName, sessionToken, sessionUser, signIn, signOut, forgetSession } from './api.js';
import { clearAlert, errorText, showAlert } from './alert.js';
import { $, isTl, queryNumber, showNav, showPaged, startPage, syncLanguage } from './page.js';
import { t } from './i18n.js';

const PER_PAGE = queryNumber('per', 1, 500, 20);

// The page that sent us here (?next=/games/7), if it is one of ours:
// anything else could send a user signing in to another site.
function nextPage() {
	const next = new URLSearchParams(location.search).get('next');
	const ours = /^\/(games\/[1-9][0-9]{0,14}|tournaments(\/[1-9][0-9]{0,14})?|vacations|tl|account)$/;
	return next && ours.test(next) ? next : null;
}

function showSignIn() {
	$('games').hidden = true;
	$('who').textContent = '';
	showNav(null);
	$('signin').hidden = false;
	$('login').focus();
}

const mine = (g, user) => g.status === 'active' && !!user && g[g.to_move].id === user.id;

// Waiting for the user first, by forfeit date; then the other active
// games; then the finished ones; newest (highest id) first within each.
function urgency(a, b, user) {
	const rank = (g) => (mine(g, user) ? 0 : g.status === 'active' ? 1 : 2);
	if (rank(a) !== rank(b))
		return rank(a) - rank(b);
	if (rank(a) === 0) {
		const fa = a.clock?.[a.to_move]?.forfeit_date || '9999';
		const fb = b.clock?.[b.to_move]?.forfeit_date || '9999';
		if (fa !== fb)
			return fa < fb ? -1 : 1;
	}
	return b.id - a.id;
}

// A few words on where the game stands for this user.
function gameState(g, user) {
	if (g.status !== 'active')
		return t('games.finished', { result: g.result });
	if (mine(g, user)) {
		const forfeit = g.clock?.[g.to_move]?.forfeit_date;
		return forfeit ? t('games.yours_until', { date: forfeit }) : t('games.yours');
	}
	return t('games.their', { name: g[g.to_move].name });
}

function gameItem(g, user) {
	const li = document.createElement('li');
	if (mine(g, user))
		li.className = 'waiting';
	const a = document.createElement('a');
	a.href = `/games/${g.id}`;
	a.textContent = gameName(g);
	const state = document.createElement('span');
	state.className = 'state';
	// Two games between the same players differ in their number.
	state.textContent = ` \u2014 ${t('games.number', { id: g.id })}${g.event ? ', ' + g.event : ''}, ${gameState(g, user)}`;
	li.append(a, state);
	return li;
}

// Lists the user's games; a refused session sends back to the form.
async function showGames() {
	const user = sessionUser();
	$('signin').hidden = true;
	$('games').hidden = false;
	showNav(user);
	$('who').textContent = user ? t('signed_in_as', { name: user.name }) : '';
	try {
		const { games } = await apiAll('/games', ['games']);
		games.sort((a, b) => urgency(a, b, user));
		const waiting = games.filter((g) => mine(g, user)).length;
		$('games-summary').textContent = games.length
			? t('games.summary', { waiting, total: games.length }) : '';
		showPaged($('games-list'), $('games-pager'), games, PER_PAGE, (g) => gameItem(g, user));
		$('games-empty').hidden = games.length > 0;
		// A tl who plays nothing is shown where his work is.
		$('games-tl').hidden = games.length > 0 || !isTl(user);
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			forgetSession();
			showSignIn();
		}
		showAlert(errorText(e));
	}
}

async function onSignIn(ev) {
	ev.preventDefault();
	clearAlert();
	const button = ev.target.querySelector('button[type="submit"]');
	button.disabled = true;
	try {
		await signIn($('login').value, $('password').value);
		$('password').value = '';
		const changed = await syncLanguage();
		const next = nextPage();
		if (next) {
			location.assign(next);
			return;
		}
		if (changed) {
			location.reload(); // the games, in the user's language
			return;
		}
		await showGames();
	} catch (e) {
		showAlert(errorText(e));
	} finally {
		button.disabled = false;
	}
}

async function onSignOut() {
	clearAlert();
	try {
		await signOut();
	} catch (e) {
		// Signed out here all the same.  A 401 only says the session had
		// ended already; anything else (no answer) is worth a word.
		if (!(e instanceof ApiError && e.status === 401))
			showAlert(errorText(e));
	}
	$('games-list').replaceChildren();
	$('games-pager').hidden = true;
	showSignIn();
}

startPage({ session: false });
$('signin-form').addEventListener('submit', onSignIn);
$('signout').addEventListener('click', onSignOut);
if (sessionToken())
	showGames();
else
	showSignIn();
