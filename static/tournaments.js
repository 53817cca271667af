// tournaments.js: /tournaments: every tournament (GET /tournaments), 20
// to a page, each linking to its crosstable; for a player his EMT entry
// rights and the entry form (GET /users/{id}/rights, POST /entries); for
// a tl or admin the form
// that creates one (POST /tournaments) with its players picked from a
// list: the players of the tournaments shown (GET /tournaments/{id}),
// and whom the tl finds by a part of his name or e-mail address (GET
// /users?q=) or by his number (GET /users/{id}).
import { api, apiAll } from './api.js';
import { clearAlert, showAlert } from './alert.js';
import { $, cell, isTl, queryNumber, readDate, showError, showPaged, startPage, submitted } from './page.js';
import { t } from './i18n.js';

const PER_PAGE = queryNumber('per', 1, 500, 20);
const KNOWN_FROM = 20; // tournaments read for the players' list
const user = startPage();
const known = new Map(); // id -> USER, the players offered
const seats = [];        // the ids ticked, in the order ticked

function tournamentRow(tr0) {
	const tr = document.createElement('tr');
	const a = document.createElement('a');
	a.href = `/tournaments/${tr0.id}`;
	a.textContent = tr0.name;
	const th = document.createElement('th');
	th.scope = 'row';
	th.append(a);
	tr.append(th, cell(t(`kind.${tr0.kind}`)), cell(t(`profile.${tr0.profile}`)), cell(tr0.start_date));
	return tr;
}

// The player's check box; ticking adds him to the seats, in that order.
function playerItem(u) {
	const li = document.createElement('li');
	const box = document.createElement('input');
	box.type = 'checkbox';
	box.id = `player-${u.id}`;
	box.value = String(u.id);
	box.checked = seats.includes(u.id);
	box.addEventListener('change', () => {
		const i = seats.indexOf(u.id);
		if (box.checked && i < 0)
			seats.push(u.id);
		else if (!box.checked && i >= 0)
			seats.splice(i, 1);
		showSeats();
	});
	const label = document.createElement('label');
	label.htmlFor = box.id;
	label.textContent = t('create.player', { name: u.name, id: u.id });
	li.append(box, ' ', label);
	return li;
}

function showPlayers() {
	const users = [...known.values()].sort((a, b) => a.name.localeCompare(b.name));
	$('players-list').replaceChildren(...users.map(playerItem));
	$('players-none').hidden = users.length > 0;
	showSeats();
}

function showSeats() {
	$('seats').textContent = seats.length
		? t('create.seats', { count: seats.length, names: seats.map((id) => known.get(id).name).join(', ') })
		: t('create.no_seats');
}

async function loadKnownPlayers(list) {
	for (const tr0 of list.slice(0, KNOWN_FROM)) {
		try {
			const full = await api('GET', `/tournaments/${tr0.id}`);
			for (const s of full.standings)
				if (s.player.role === 'player')
					known.set(s.player.id, s.player);
		} catch {
			// one tournament fewer to pick from
		}
	}
	showPlayers();
}

// Adds players to the list: a user number (GET /users/{id}), or a part
// of a name or e-mail address (GET /users?q=, the members).  One found
// is ticked at once; several are offered to tick.
async function onAddPlayer() {
	clearAlert();
	const text = $('add-player').value.trim();
	if (!text) {
		showAlert(t('create.find_empty'));
		$('add-player').focus();
		return;
	}
	try {
		let found;
		if (/^[0-9]+$/.test(text)) {
			if (!/^[1-9][0-9]{0,14}$/.test(text)) {
				showAlert(t('create.bad_number'));
				$('add-player').focus();
				return;
			}
			found = [await api('GET', `/users/${Number(text)}`)];
		} else {
			found = (await apiAll(`/users?q=${encodeURIComponent(text)}`, ['users'])).users;
		}
		if (!found.length) {
			$('find-state').textContent = t('create.found_none', { text });
			$('add-player').focus();
			return;
		}
		for (const u of found)
			known.set(u.id, { id: u.id, name: u.name, role: u.role });
		if (found.length === 1 && !seats.includes(found[0].id))
			seats.push(found[0].id);
		$('add-player').value = '';
		showPlayers();
		$('find-state').textContent = found.length === 1
			? t('create.found_one', { name: found[0].name })
			: t('create.found_many', { count: found.length, text });
		$(`player-${found[0].id}`).focus();
	} catch (e) {
		showError(e);
		$('add-player').focus();
	}
}

const onCreate = submitted(async () => {
	const start = readDate($('t-start'));
	if (start === null)
		return;
	const body = {
		name: $('t-name').value.trim(),
		kind: $('t-kind').value,
		profile: $('t-profile').value,
		start_date: start,
		players: seats.slice(),
	};
	const tr0 = await api('POST', '/tournaments', body);
	location.assign(`/tournaments/${tr0.id}`);
});

// The EMT classes (DSU 6.4): their names.
const CLASS_KEYS = { 'Å': 'class.open', K: 'class.candidate', M: 'class.master', DM: 'class.dm' };
const className = (c) => (CLASS_KEYS[c] ? t(CLASS_KEYS[c], { class: c }) : c);

// The player's entry rights today (GET /users/{id}/rights) and the form
// that enters him in a class they reach (POST /entries).
async function loadRights() {
	try {
		const r = await api('GET', `/users/${user.id}/rights`);
		$('rights').replaceChildren(...r.rights.map((x) => {
			const li = document.createElement('li');
			li.textContent = t(x.until ? 'entry.right_until' : 'entry.right', {
				class: className(x.class), until: x.until, why: x.why,
			});
			return li;
		}));
		$('no-rights').hidden = r.rights.length > 0;
		$('entry-class').replaceChildren(...r.rights.map((x) => {
			const o = document.createElement('option');
			o.value = x.class;
			o.textContent = className(x.class);
			return o;
		}));
		$('entry-form').hidden = r.rights.length === 0;
		$('entry').hidden = false;
	} catch (e) {
		showError(e);
	}
}

const onEnter = submitted(async () => {
	const entry = await api('POST', '/entries', { class: $('entry-class').value });
	const state = $('entry-state');
	state.replaceChildren();
	if (entry.tournament) {
		const a = document.createElement('a');
		a.href = `/tournaments/${entry.tournament}`;
		a.textContent = t('entry.group');
		state.append(t('entry.started', { class: className(entry.class) }), ' ', a);
	} else {
		state.textContent = t('entry.waiting', { class: className(entry.class) });
	}
});

async function load() {
	try {
		const { tournaments } = await apiAll('/tournaments', ['tournaments']);
		showPaged($('tournaments-body'), $('tournaments-pager'), tournaments, PER_PAGE, tournamentRow);
		$('tournaments').hidden = tournaments.length === 0;
		$('tournaments-empty').hidden = tournaments.length > 0;
		if (isTl(user))
			await loadKnownPlayers(tournaments);
	} catch (e) {
		showError(e);
	}
}

if (user) {
	if (user.role === 'player') {
		$('entry-form').addEventListener('submit', onEnter);
		loadRights();
	}
	if (isTl(user)) {
		$('create').hidden = false;
		$('create-form').addEventListener('submit', onCreate);
		$('add-player-button').addEventListener('click', onAddPlayer);
		$('add-player').addEventListener('keydown', (ev) => {
			if (ev.key === 'Enter') {
				ev.preventDefault();
				onAddPlayer();
			}
		});
		showPlayers();
	}
	load();
}
