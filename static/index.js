// index.js: the start page: the sign-in form, then the user's games.
import {
	api, ApiError, gameName, sessionToken, sessionUser, signIn, signOut, forgetSession,
} from './api.js';
import { showAlert, clearAlert } from './alert.js';

const $ = (id) => document.getElementById(id);

// The page a game page sent us from (?next=/games/7), if it is one of
// ours: anything else could send a user signing in to another site.
function nextPage() {
	const next = new URLSearchParams(location.search).get('next');
	return next && /^\/games\/[1-9][0-9]{0,14}$/.test(next) ? next : null;
}

function showSignIn() {
	$('games').hidden = true;
	$('who').textContent = '';
	$('signin').hidden = false;
	$('login').focus();
}

// A few words on where the game stands for this user.
function gameState(g, user) {
	if (g.status !== 'active')
		return `finished, ${g.result}`;
	const mover = g.to_move === 'white' ? g.white : g.black;
	return user && mover.id === user.id ? 'your move' : `${mover.name} to move`;
}

function gameItem(g, user) {
	const li = document.createElement('li');
	const a = document.createElement('a');
	a.href = `/games/${g.id}`;
	a.textContent = gameName(g);
	const state = document.createElement('span');
	state.className = 'state';
	// Two games between the same players differ in their number.
	state.textContent = ` \u2014 game ${g.id}${g.event ? ', ' + g.event : ''}, ${gameState(g, user)}`;
	li.append(a, state);
	return li;
}

// Lists the user's games; a refused session sends back to the form.
async function showGames() {
	const user = sessionUser();
	$('signin').hidden = true;
	$('games').hidden = false;
	$('who').textContent = user ? `Signed in as ${user.name}` : '';
	try {
		const { games } = await api('GET', '/games');
		$('games-list').replaceChildren(...games.map((g) => gameItem(g, user)));
		$('games-empty').hidden = games.length > 0;
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			forgetSession();
			showSignIn();
		}
		showAlert(e.message);
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
		const next = nextPage();
		if (next) {
			location.assign(next);
			return;
		}
		await showGames();
	} catch (e) {
		showAlert(e.message);
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
			showAlert(e.message);
	}
	$('games-list').replaceChildren();
	showSignIn();
}

$('signin-form').addEventListener('submit', onSignIn);
$('signout').addEventListener('click', onSignOut);
if (sessionToken())
	showGames();
else
	showSignIn();
