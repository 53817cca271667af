// members.js: /members, for tournament leaders, the kc and admins: find members
// by a part of their name or e-mail address, or their DSU membership
// number, with their number and club (GET /users?q=, every page
// of it), 20 to a page (?per=N); add one (POST /users: name, e-mail,
// role, a first password).  A player sees only that the page is not his.
import { api, apiAll } from './api.js';
import { clearAlert, showAlert } from './alert.js';
import { $, cell, isTl, mayFindMembers, queryNumber, showError, showPaged, startPage } from './page.js';
import { t } from './i18n.js';

const PER_PAGE = queryNumber('per', 1, 500, 20);
const user = startPage();

function memberRow(u) {
	const tr = document.createElement('tr');
	const th = document.createElement('th');
	th.scope = 'row';
	th.textContent = u.name;
	const rating = Number.isInteger(u.rating) ? String(u.rating) : '\u2014';
	// issue 22 (DSU 6.4.4.1 a): his membership, for the tl, the kc and admins
	const m = u.member || {};
	const club = m.membership === 'individual' ? t('members.individual')
		: m.membership === 'none' ? t('members.non_member') : (m.club || '');
	tr.append(cell(String(u.id)), th, cell(t(`role.${u.role}`)), cell(u.email || ''),
		cell(m.member_no || ''), cell(club), cell(rating));
	return tr;
}

async function find(q) {
	clearAlert();
	try {
		const { users } = await apiAll(`/users?q=${encodeURIComponent(q)}`, ['users']);
		const one = users.length === 1 ? '_one' : '';
		$('found').textContent = q
			? t(`members.found${one}`, { count: users.length, q }) : t(`members.all${one}`, { count: users.length });
		showPaged($('members-body'), $('members-pager'), users, PER_PAGE, memberRow);
		$('members-table').hidden = users.length === 0;
	} catch (e) {
		showError(e);
	}
}

async function onAdd(ev) {
	ev.preventDefault();
	clearAlert();
	$('added').textContent = '';
	const body = { name: $('m-name').value.trim(), email: $('m-email').value.trim(),
		role: $('m-role').value, password: $('m-password').value };
	for (const [key, id] of [['name', 'm-name'], ['email', 'm-email'], ['password', 'm-password']])
		if (!body[key]) {
			showAlert(t('members.missing', { field: $(id).labels[0].textContent }));
			$(id).focus();
			return;
		}
	const button = ev.target.querySelector('button[type="submit"]');
	button.disabled = true;
	try {
		const u = await api('POST', '/users', body);
		for (const id of ['m-name', 'm-email', 'm-password'])
			$(id).value = '';
		$('added').textContent = t('members.added', { name: u.name, id: u.id });
		$('find').value = u.name;
		await find(u.name);
	} catch (e) {
		showError(e);
	} finally {
		button.disabled = false;
	}
}

if (user) {
	if (!mayFindMembers(user)) {
		showAlert(t('members.only'));
	} else {
		$('members-tools').hidden = false;
		// POST /users is for a tl or admin (the kc looks members up).
		$('add-heading').closest('section').hidden = !isTl(user);
		if (user.role !== 'admin') // only an admin adds admins
			$('m-role').querySelector('option[value="admin"]').remove();
		$('find-form').addEventListener('submit', (ev) => {
			ev.preventDefault();
			find($('find').value.trim());
		});
		$('add-form').addEventListener('submit', onAdd);
		find('');
	}
}
