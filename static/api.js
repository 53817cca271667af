// api.js: the JSON API of API.md as the pages use it, and the session
// (token and user) kept in localStorage: every tab of the browser shares
// it (a link opened in a new tab needs no second sign-in), and unlike a
// cookie the browser never sends it by itself, so no other site can make
// a request in the user's name (no CSRF).  Signing out in one tab signs
// out all of them (watchSession()).

const TOKEN_KEY = 'corrchess.token';
const USER_KEY = 'corrchess.user';

// An error answer of the API: status, code and the API's sentence.
export class ApiError extends Error {
	constructor(status, code, message) {
		super(message);
		this.status = status;
		this.code = code;
	}
}

function store() {
	try {
		return window.localStorage;
	} catch {
		return window.sessionStorage; // storage refused: this tab only
	}
}

export function sessionToken() {
	return store().getItem(TOKEN_KEY);
}

// The signed-in USER ({id, name, role}), or null.
export function sessionUser() {
	try {
		return JSON.parse(store().getItem(USER_KEY) || 'null');
	} catch {
		return null;
	}
}

function saveSession(token, user) {
	store().setItem(TOKEN_KEY, token);
	store().setItem(USER_KEY, JSON.stringify(user));
}

export function forgetSession() {
	store().removeItem(TOKEN_KEY);
	store().removeItem(USER_KEY);
}

// Calls fn(token) when another tab of this browser signs in or out (the
// token changes under this page; null: signed out).
export function watchSession(fn) {
	window.addEventListener('storage', (ev) => {
		if (ev.key === TOKEN_KEY || ev.key === null)
			fn(sessionToken());
	});
}

// Whether the server answers: fn(true) after an answer (any status),
// fn(false) when a request got none (page.js shows a banner then).
let reachable = null;
const reachListeners = [];
export function onReachable(fn) {
	reachListeners.push(fn);
}
function setReachable(ok) {
	if (ok === reachable)
		return;
	reachable = ok;
	for (const fn of reachListeners)
		fn(ok);
}

// The error an API answer carries, or a sentence of our own when the
// body is not the API's error shape (a proxy's page, say).
async function errorOf(resp) {
	let body = null;
	try {
		body = await resp.json();
	} catch {
		// not JSON
	}
	const e = body && body.error;
	if (e && typeof e.message === 'string')
		return new ApiError(resp.status, e.code || '', e.message);
	return new ApiError(resp.status, '', `the server answered ${resp.status} ${resp.statusText}`);
}

// Calls the API: resolves to the parsed JSON of a 2xx answer; rejects
// with an ApiError (status 0 when the server could not be reached).
export async function api(method, path, body) {
	const headers = { Accept: 'application/json' };
	const token = sessionToken();
	if (token)
		headers.Authorization = `Bearer ${token}`;
	if (body !== undefined)
		headers['Content-Type'] = 'application/json';
	let resp;
	try {
		resp = await fetch(`/api/v1${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	} catch {
		setReachable(false);
		throw new ApiError(0, 'network', 'the server could not be reached; try again');
	}
	setReachable(true);
	if (!resp.ok)
		throw await errorOf(resp);
	return resp.json();
}

// The page size asked of list endpoints: 500, or ?api_limit=N (1..500)
// in the page's address (the tests make the API page with it).
function apiLimit() {
	const text = new URLSearchParams(location.search).get('api_limit');
	const n = Number(text);
	return text && Number.isInteger(n) && n >= 1 && n <= 500 ? n : 500;
}

// Every item of a list endpoint (API.md "Lists": `limit`, `after`,
// `next`): the pages are read one after the other (apiLimit() items
// each) until `next` is null; an answer without `next` is the whole list.  keys name
// the lists of the answer ("games"; the overview's four).  Resolves to
// {key: [items...]}; rejects like api() (the items so far are dropped).
export async function apiAll(path, keys) {
	const out = Object.fromEntries(keys.map((k) => [k, []]));
	const sep = path.includes('?') ? '&' : '?';
	let after = null;
	for (let pages = 0; pages < 10000; pages++) {
		const query = `limit=${apiLimit()}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
		const r = await api('GET', `${path}${sep}${query}`);
		for (const k of keys)
			out[k].push(...(r[k] || []));
		after = r.next ?? null;
		if (!after)
			break;
	}
	return out;
}

// POST /session; keeps the token and the user for the other pages.
export async function signIn(login, password) {
	const r = await api('POST', '/session', { login, password });
	saveSession(r.token, r.user);
	return r.user;
}

// DELETE /session; the session is forgotten here even when the server
// could not be told (the token may have expired already).
export async function signOut() {
	try {
		await api('DELETE', '/session');
	} finally {
		forgetSession();
	}
}

// "alice – bob" (an en dash): how a GAME is named, in lists and titles.
export function gameName(g) {
	return `${g.white.name} \u2013 ${g.black.name}`;
}
