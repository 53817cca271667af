// federation.js: /federation (issue 22), for tournament leaders, the kc and
// admins: a member's register of warnings and quarantines (GET /users?q=,
// GET /users/{id}/register; DSU 4.1.1 §19), and for the kc and admins the
// appeals awaiting a ruling with the form that records one (GET /appeals,
// POST /appeals/{id}/ruling; DSU 6.4.3).  The tl or the kc gives a
// sanction to the member shown (POST /tournaments/{id}/decisions, 6.4.2),
// a tl approves a team's reserve (POST /reserves/{id}/approval, 6.7.4.3)
// and records a lost e-mail connection (POST .../connection-losses,
// 6.8.1); the kc and admins enter a foreign result (POST
// /ratings/foreign, 4.5.4.3).  A player sees only that the page is not
// his.
import { api, apiAll } from './api.js';
import { clearAlert, showAlert } from './alert.js';
import { $, cell, mayFindMembers, readDate, setUpDateFields, showError, startPage } from './page.js';
import { t } from './i18n.js';

const user = startPage();

// A date field that must be filled: the date, or null with the reason
// shown and the field focused.
function needDate(input) {
	const d = readDate(input);
	if (d === '') {
		showAlert(t('fed.date_missing', { label: input.labels[0].textContent }));
		input.focus();
		return null;
	}
	return d;
}

function registerRow(line) {
	const tr = document.createElement('tr');
	const th = document.createElement('th');
	th.scope = 'row';
	th.textContent = line.notified_on;
	const applied = line.overturned ? t('fed.overturned_short')
		: line.applied ? t(`fed.kind_${line.applied}`) + (line.converted ? ` ${t('fed.converted')}` : '')
			+ (line.doubled ? ` ${t('fed.doubled')}` : '') + (line.suspended ? ` ${t('fed.suspended')}` : '')
			: '\u2014';
	const period = line.applied === 'quarantine' ? `${line.start} \u2013 ${line.end}` : '\u2014';
	tr.append(th, cell(t(`fed.kind_${line.kind}`)), cell(applied), cell(period),
		cell(line.in_register ? line.valid_until : t('fed.expired')), cell(line.about));
	return tr;
}

async function showRegister(q, keep = false) {
	if (!keep)
		clearAlert();
	$('reg-table').hidden = true;
	try {
		const u = await oneMember(q, $('reg-state'));
		$('sanction-form').hidden = !u;
		shown = u;
		shownQuery = q;
		if (!u)
			return;
		const reg = await api('GET', `/users/${u.id}/register`);
		$('reg-state').textContent = reg.quarantined
			? t('fed.reg_quarantined', { name: u.name, end: reg.quarantined.end })
			: t('fed.reg_free', { name: u.name, count: reg.register.length });
		$('reg-caption').textContent = t('fed.reg_caption_of', { name: u.name });
		$('reg-body').replaceChildren(...reg.register.map(registerRow));
		$('reg-table').hidden = reg.register.length === 0;
	} catch (e) {
		showError(e);
	}
}

function appealRow(a) {
	const tr = document.createElement('tr');
	const th = document.createElement('th');
	th.scope = 'row';
	th.textContent = String(a.id);
	tr.append(th, cell(String(a.tournament)), cell(String(a.appellant)), cell(t(`fed.to_${a.to}`)),
		cell(a.filed_on), cell(a.grounds));
	return tr;
}

async function showAppeals() {
	try {
		const { appeals } = await apiAll('/appeals', ['appeals']);
		$('appeals-state').textContent = t(appeals.length === 1 ? 'fed.appeals_one' : 'fed.appeals_n',
			{ count: appeals.length });
		$('appeals-body').replaceChildren(...appeals.map(appealRow));
		$('appeals-table').hidden = appeals.length === 0;
		$('rule-appeal').replaceChildren(...appeals.map((a) => {
			const o = document.createElement('option');
			o.value = String(a.id);
			o.textContent = t('fed.appeal_option', { id: a.id, tournament: a.tournament });
			return o;
		}));
		$('rule-form').hidden = appeals.length === 0;
	} catch (e) {
		showError(e);
	}
}

async function onRule(ev) {
	ev.preventDefault();
	clearAlert();
	const id = $('rule-appeal').value;
	const body = { ruling: $('rule-ruling').value, text: $('rule-text').value.trim() };
	if (!body.text) {
		showAlert(t('fed.rule_missing'));
		$('rule-text').focus();
		return;
	}
	if ($('rule-months').value)
		body.months = Number($('rule-months').value);
	const button = ev.target.querySelector('button[type="submit"]');
	button.disabled = true;
	try {
		const a = await api('POST', `/appeals/${id}/ruling`, body);
		$('rule-text').value = '';
		$('rule-months').value = '';
		await showAppeals();
		$('ruled').textContent = t('fed.ruled', { id: a.id, on: a.ruled_on });
	} catch (e) {
		showError(e);
	} finally {
		button.disabled = false;
	}
}

// ---- the member a form names (a name or a DSU number): exactly one, or
// the reason in state

async function oneMember(q, state) {
	const { users } = await apiAll(`/users?q=${encodeURIComponent(q)}`, ['users']);
	if (users.length !== 1) {
		state.textContent = t('fed.reg_not_one', { count: users.length });
		return null;
	}
	return users[0];
}

// ---- a sanction for the member shown (DSU 6.4.2)

let shown = null; // the member whose register is shown
let shownQuery = ''; // and what found him

async function onSanction(ev) {
	ev.preventDefault();
	clearAlert();
	$('sanctioned').textContent = '';
	const on = needDate($('sanction-on'));
	if (on === null || !shown)
		return;
	const kind = $('sanction-kind').value;
	const body = { kind, player: shown.id, notified_on: on, about: $('sanction-about').value.trim() };
	if (kind === 'quarantine')
		body.months = Number($('sanction-months').value);
	const button = ev.target.querySelector('button[type="submit"]');
	button.disabled = true;
	try {
		await api('POST', `/tournaments/${Number($('sanction-tournament').value)}/decisions`, body);
		$('sanctioned').textContent = t('fed.sanctioned', { kind: t(`fed.kind_${kind}`), name: shown.name });
		await showRegister(shownQuery, true);
	} catch (e) {
		showError(e);
	} finally {
		button.disabled = false;
	}
}

// ---- team reserves (DSU 6.7.4.3)

function reserveRow(r, names) {
	const tr = document.createElement('tr');
	const th = document.createElement('th');
	th.scope = 'row';
	th.textContent = r.team;
	let status = cell(t('fed.reserve_approved', { from: r.stop_from || '\u2014', to: r.stop_to || '\u2014' }));
	if (r.status === 'pending') {
		const b = document.createElement('button');
		b.type = 'button';
		b.textContent = t('fed.reserve_approve');
		b.setAttribute('aria-label', t('fed.reserve_approve_named', { name: names.get(r.reserve) || r.reserve }));
		b.addEventListener('click', () => approve(r.id));
		status = cell(b);
	}
	tr.append(th, cell(names.get(r.original) || String(r.original)),
		cell(names.get(r.reserve) || String(r.reserve)), cell(r.requested_on), status);
	return tr;
}

async function showReserves() {
	clearAlert();
	const id = Number($('reserves-tournament').value);
	try {
		const tour = await api('GET', `/tournaments/${id}`);
		const names = new Map((tour.standings || []).map((s) => [s.player.id, s.player.name]));
		const all = (tour.teams || []).flatMap((team) => team.reserves || []);
		await Promise.all(all.filter((r) => !names.has(r.reserve)).map(async (r) => {
			try {
				names.set(r.reserve, (await api('GET', `/users/${r.reserve}`)).name);
			} catch {
				// the number alone
			}
		}));
		$('reserves-state').textContent = tour.teams ? t('fed.reserves_n', { count: all.length, name: tour.name })
			: t('fed.reserves_no_teams', { name: tour.name });
		$('reserves-body').replaceChildren(...all.map((r) => reserveRow(r, names)));
		$('reserves-table').hidden = all.length === 0;
	} catch (e) {
		showError(e);
	}
}

async function approve(id) {
	clearAlert();
	try {
		const r = await api('POST', `/reserves/${id}/approval`, {});
		await showReserves();
		$('reserves-state').textContent = r.stop_booked
			? t('fed.reserve_done', { from: r.stop_from, to: r.stop_to })
			: t('fed.reserve_done_unbooked', { why: r.stop_error || '' });
	} catch (e) {
		showError(e);
	}
}

// ---- a lost e-mail connection (DSU 6.8.1)

async function onLoss(ev) {
	ev.preventDefault();
	clearAlert();
	$('loss-done').textContent = '';
	const on = needDate($('loss-on'));
	if (on === null)
		return;
	try {
		const u = await oneMember($('loss-member').value.trim(), $('loss-done'));
		if (!u)
			return;
		const what = $('loss-what').value;
		const l = await api('POST', `/tournaments/${Number($('loss-tournament').value)}/connection-losses`,
			{ player: u.id, [what]: on });
		$('loss-done').textContent = l.restored_on ? t('fed.loss_done_restored', { name: u.name, on: l.restored_on })
			: t('fed.loss_done_lost', { name: u.name, on: l.lost_on, by: l.restore_by, from: l.withdrawn_from });
	} catch (e) {
		showError(e);
	}
}

// ---- a foreign result (DSU 4.5.4.3), the kc and admins

let gameRows = 0;

function addGameRow() {
	gameRows++;
	const n = gameRows;
	const row = document.createElement('div');
	row.className = 'foreign-game';
	row.setAttribute('role', 'group');
	row.setAttribute('aria-label', t('fed.foreign_game', { n }));
	const field = (key, input) => {
		const label = document.createElement('label');
		input.id = `foreign-${key}-${n}`;
		label.htmlFor = input.id;
		label.textContent = t(`fed.foreign_${key}`, { n });
		row.append(label, input);
	};
	const opp = document.createElement('input');
	opp.type = 'text';
	opp.maxLength = 100;
	opp.className = 'foreign-opponent';
	field('opponent', opp);
	const rating = document.createElement('input');
	rating.type = 'number';
	rating.min = '0';
	rating.max = '9999';
	rating.className = 'foreign-rating';
	field('rating', rating);
	const result = document.createElement('select');
	result.className = 'foreign-result';
	for (const [v, key] of [['1', 'fed.foreign_won'], ['1/2', 'fed.foreign_drew'], ['0', 'fed.foreign_lost']]) {
		const o = document.createElement('option');
		o.value = v;
		o.textContent = t(key);
		result.append(o);
	}
	field('result', result);
	$('foreign-games').append(row);
	return opp;
}

async function onForeign(ev) {
	ev.preventDefault();
	clearAlert();
	$('foreign-done').textContent = '';
	const finished = needDate($('foreign-finished'));
	if (finished === null)
		return;
	const games = [...$('foreign-games').querySelectorAll('.foreign-game')]
		.map((row) => ({ opponent: row.querySelector('.foreign-opponent').value.trim(),
			rating: row.querySelector('.foreign-rating').value, result: row.querySelector('.foreign-result').value }))
		.filter((g) => g.rating !== '')
		.map((g) => ({ ...g, rating: Number(g.rating) }));
	if (!games.length) {
		showAlert(t('fed.foreign_no_games'));
		return;
	}
	const button = ev.target.querySelector('button[type="submit"]');
	button.disabled = true;
	try {
		const u = await oneMember($('foreign-member').value.trim(), $('foreign-done'));
		if (!u)
			return;
		const f = await api('POST', '/ratings/foreign', { player: u.id, event: $('foreign-event').value.trim(),
			finished_on: finished, round_robin: $('foreign-rr').checked,
			group_winner: $('foreign-winner').checked, games });
		$('foreign-done').textContent = f.rated
			? t('fed.foreign_rated', { name: u.name, from: f.Ro, to: f.new, method: t(`fed.method_${f.method}`) })
			: t('fed.foreign_unrated', { name: u.name, why: f.error });
		await showForeign(u);
	} catch (e) {
		showError(e);
	} finally {
		button.disabled = false;
	}
}

// The foreign results of member u, each with a Delete button (the kc's
// correction of one entered wrongly, after a confirmation).
async function showForeign(u) {
	const { foreign_results: list } = await apiAll(`/ratings/foreign?player=${u.id}`, ['foreign_results']);
	$('foreign-caption').textContent = t('fed.foreign_caption_of', { name: u.name });
	$('foreign-body').replaceChildren(...list.map((f) => {
		const tr = document.createElement('tr');
		const th = document.createElement('th');
		th.scope = 'row';
		th.textContent = f.event;
		const b = document.createElement('button');
		b.type = 'button';
		b.className = 'secondary';
		b.textContent = t('fed.foreign_delete');
		b.setAttribute('aria-label', t('fed.foreign_delete_named', { event: f.event }));
		b.addEventListener('click', () => confirmDelete(f, u, b));
		tr.append(th, cell(f.finished_on), cell(f.reported_on),
			cell(f.rated ? `${f.Ro} \u2192 ${f.new}` : t('fed.foreign_not_rated')), cell(b));
		return tr;
	}));
	$('foreign-table').hidden = list.length === 0;
}

function confirmDelete(f, u, button) {
	const dialog = $('foreign-dialog');
	$('foreign-dialog-text').textContent = t('fed.foreign_delete_text', { event: f.event, name: u.name });
	dialog.returnValue = '';
	dialog.addEventListener('close', async () => {
		if (dialog.returnValue !== 'delete') {
			button.focus();
			return;
		}
		clearAlert();
		try {
			await api('DELETE', `/ratings/foreign/${f.id}`);
			$('foreign-done').textContent = t('fed.foreign_deleted', { event: f.event, name: u.name });
			await showForeign(u);
			$('foreign-heading').focus();
		} catch (e) {
			showError(e);
		}
	}, { once: true });
	dialog.showModal();
	dialog.querySelector('button.secondary').focus();
}

if (user) {
	if (!mayFindMembers(user)) {
		showAlert(t('fed.only'));
	} else {
		$('fed-tools').hidden = false;
		$('reg-form').addEventListener('submit', (ev) => {
			ev.preventDefault();
			showRegister($('reg-q').value.trim());
		});
		setUpDateFields();
		$('sanction-form').addEventListener('submit', onSanction);
		$('reserves-form').addEventListener('submit', (ev) => {
			ev.preventDefault();
			showReserves();
		});
		$('loss-form').addEventListener('submit', onLoss);
		// the KC rules on appeals (DSU 6.1.4), as does an admin
		if (user.role === 'kc' || user.role === 'admin') {
			$('appeals').hidden = false;
			$('rule-form').addEventListener('submit', onRule);
			showAppeals();
			$('foreign').hidden = false;
			addGameRow();
			$('foreign-add').addEventListener('click', () => addGameRow().focus());
			$('foreign-form').addEventListener('submit', onForeign);
		}
	}
}
