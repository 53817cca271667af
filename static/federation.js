// federation.js: /federation (issue 22), for tournament leaders, the kc and
// admins: a member's register of warnings and quarantines (GET /users?q=,
// GET /users/{id}/register; DSU 4.1.1 §19), and for the kc and admins the
// appeals awaiting a ruling with the form that records one (GET /appeals,
// POST /appeals/{id}/ruling; DSU 6.4.3).  A player sees only that the page
// is not his.
import { api, apiAll } from './api.js';
import { clearAlert, showAlert } from './alert.js';
import { $, cell, mayFindMembers, showError, startPage } from './page.js';
import { t } from './i18n.js';

const user = startPage();

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

async function showRegister(q) {
	clearAlert();
	$('reg-table').hidden = true;
	try {
		const { users } = await apiAll(`/users?q=${encodeURIComponent(q)}`, ['users']);
		if (users.length !== 1) {
			$('reg-state').textContent = t('fed.reg_not_one', { count: users.length });
			return;
		}
		const u = users[0];
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

if (user) {
	if (!mayFindMembers(user)) {
		showAlert(t('fed.only'));
	} else {
		$('fed-tools').hidden = false;
		$('reg-form').addEventListener('submit', (ev) => {
			ev.preventDefault();
			showRegister($('reg-q').value.trim());
		});
		// the KC rules on appeals (DSU 6.1.4), as does an admin
		if (user.role === 'kc' || user.role === 'admin') {
			$('appeals').hidden = false;
			$('rule-form').addEventListener('submit', onRule);
			showAppeals();
		}
	}
}
