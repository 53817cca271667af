// index.js: the start page: the sign-in form, then the user's games,
// those waiting for his move first (the most urgent forfeit date first),
// then the others in play, then the finished ones; 20 to a page
// (?per=N, 1 to 500, sets another size).
import { apiAll, ApiError, gameName, sessionToken, sessionUser, signIn, signOut, forgetSession } from './api.js';
import { clearAlert, errorText, showAlert } from './alert.js';
import { $, daysText, isTl, queryNumber, showNav, showPaged, startPage, submitted, syncLanguage } from './page.js';
import { t } from './i18n.js';

const PER_PAGE = queryNumber('per', 1, 500, 20);

// The page that sent us here (?next=/games/7), if it is one of ours:
// anything else could send a user signing in to another site.
function nextPage() {
	const next = new URLSearchParams(location.search).get('next');
	const ours = /^\/(games\/[1-9][0-9]{0,14}|tournaments(\/[1-9][0-9]{0,14})?|vacations|tl|account|members)$/;
	return next && ours.test(next) ? next : null;
}

// Why the visitor is here (?why=): his session ended, or he signed out
// in another tab; said once, above the form.
function showWhy() {
	const why = new URLSearchParams(location.search).get('why');
	$('signin-note').textContent = why === 'ended' ? t('signin.ended')
		: why === 'signed_out' ? t('signin.signed_out') : '';
}

function showSignIn() {
	showWhy();
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
		const fa = a.forfeit_date || '9999';
		const fb = b.forfeit_date || '9999';
		if (fa !== fb)
			return fa < fb ? -1 : 1;
	}
	return b.id - a.id;
}

// The clock of the side to move in g (a GAME_SUMMARY of
// GET /games?view=summary): its days left (negative: over the limit) and
// forfeit date, or null.
function runningClock(g) {
	if (g.status !== 'active' || g.days_left === null || g.days_left === undefined)
		return null;
	return { left: g.days_left, over: g.days_left < 0, forfeit: g.forfeit_date };
}

// A few words on where the game stands for this user: whose move, the
// days left to the side to move (over the limit marked), the forfeit date.
function gameState(g, user) {
	if (g.status !== 'active')
		return t('games.finished', { result: g.result });
	const c = runningClock(g);
	const who = mine(g, user) ? t('games.yours') : t('games.their', { name: g[g.to_move].name });
	if (!c)
		return who;
	const days = c.over ? t('games.over', { days: daysText(Math.max(0, -c.left)) })
		: t('games.left', { days: daysText(c.left) });
	return c.forfeit ? t('games.state_forfeit', { who, days, date: c.forfeit }) : t('games.state', { who, days });
}

// The last move of g in a few words: "last move 2027-08-30 (bob)".
function lastMove(g) {
	const m = g.last_move;
	return m ? t('games.last_move', { date: m.sent, name: g[m.color].name }) : t('games.no_moves');
}

function gameItem(g, user) {
	const li = document.createElement('li');
	const c = runningClock(g);
	li.classList.toggle('waiting', mine(g, user));
	li.classList.toggle('over', !!c && c.over);
	const a = document.createElement('a');
	a.href = `/games/${g.id}`;
	a.textContent = gameName(g);
	const state = document.createElement('span');
	state.className = 'state';
	// Two games between the same players differ in their number.
	state.textContent = ` \u2014 ${t('games.number', { id: g.id })}${g.event ? ', ' + g.event : ''}, ${gameState(g, user)}`;
	const details = document.createElement('span');
	details.className = 'details';
	details.textContent = lastMove(g);
	li.append(a, state, details);
	if (c && c.over) {
		const flag = document.createElement('strong');
		flag.className = 'flag over-flag';
		flag.textContent = t('games.over_flag');
		li.append(' ', flag);
	}
	if (g.status === 'active' && g.draw_offer) {
		const flag = document.createElement('strong');
		flag.className = 'flag offer-flag';
		const myColor = !user ? null : g.white.id === user.id ? 'white' : g.black.id === user.id ? 'black' : null;
		flag.textContent = g.draw_offer === myColor
			? t('games.offer_mine') : t('games.offer_theirs', { name: g[g.draw_offer].name });
		li.append(' ', flag);
	}
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
		const { games } = await apiAll('/games?view=summary', ['games']);
		games.sort((a, b) => urgency(a, b, user));
		const waiting = games.filter((g) => mine(g, user)).length;
		const over = games.filter((g) => mine(g, user) && runningClock(g)?.over).length;
		$('games-summary').textContent = games.length
			? t('games.summary', { waiting, total: games.length }) +
				(over ? ' ' + t('games.summary_over', { over }) : '') : '';
		showPaged($('games-list'), $('games-pager'), games, PER_PAGE, (g) => gameItem(g, user));
		$('games-empty').hidden = games.length > 0;
		// A tl who plays nothing is shown where his work is.
		$('games-tl').hidden = games.length > 0 || !isTl(user);
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) {
			forgetSession();
			history.replaceState(null, '', '/?why=ended');
			showSignIn();
			return;
		}
		showAlert(errorText(e));
	}
}

const onSignIn = submitted(async () => {
	await signIn($('login').value, $('password').value);
	$('password').value = '';
	$('signin-note').textContent = '';
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
}, (e) => showAlert(errorText(e)));

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
