// pages.test.mjs: the web pages (API.md "Web pages") in headless Chromium.
//
//   node pages.test.mjs MODULES_DIR WORK_DIR
//
// MODULES_DIR holds node_modules/playwright-core; WORK_DIR gets the
// daemon's log and the screenshots.  CORRCHESS, CORRCHESSD, TOP_SRCDIR
// and CHROMIUM come from the environment (tests/web/run.sh).
//
// Starts corrchessd on a free loopback port with a temporary database
// (users made by `corrchess user add`, games over the API), then plays
// through the pages as two people would: Alice (White) in one browser
// context, Bob (Black) in a second one, each signing in by the labelled
// fields.  The steps build on each other, so the first failure ends the
// run.  Prints "ok - step" lines and "N passed, N failed"; exits 1 when a
// step failed.
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [modulesDir, workDir] = process.argv.slice(2);
if (!modulesDir || !workDir) {
	console.error('usage: node pages.test.mjs MODULES_DIR WORK_DIR');
	process.exit(2);
}
const require = createRequire(path.join(path.resolve(modulesDir), 'package.json'));
const { chromium } = require('playwright-core');

const CORRCHESS = process.env.CORRCHESS || 'corrchess';
const CORRCHESSD = process.env.CORRCHESSD || 'corrchessd';
const TOP_SRCDIR = process.env.TOP_SRCDIR || path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TODAY = '2027-09-01';
// As machines/c.md runs Chromium here: no sandbox (root), no GPU, and no
// connections of its own (the network is closed).
const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic',
	'--no-first-run', '--disable-background-networking', '--disable-component-update',
	'--disable-sync'];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'corrchess-web-'));
for (const f of fs.readdirSync(workDir))
	if (f.endsWith('.png'))
		fs.rmSync(path.join(workDir, f)); // a previous run's pictures
const db = path.join(tmp, 'test.db');
const daemonLog = path.join(workDir, 'corrchessd.log');
const env = { ...process.env, CORRCHESS_FAST_HASH: '1', CORRCHESS_TODAY: TODAY };
let daemon = null;
let base = '';

// ---------------------------------------------------------------- server

function password(name) {
	return `pw-${name}-secret`;
}

function addUser(name, role) {
	const r = spawnSync(CORRCHESS, ['--db', db, 'user', 'add', '--name', name, '--email',
		`${name}@example.org`, '--role', role, '--password-stdin'],
	{ input: `${password(name)}\n`, env, encoding: 'utf8' });
	if (r.status !== 0)
		throw new Error(`corrchess user add ${name} failed: ${r.stderr || r.error}`);
	return Number(r.stdout.split(/\s+/)[1]);
}

function freePort() {
	return new Promise((resolve, reject) => {
		const s = net.createServer();
		s.on('error', reject);
		s.listen(0, '127.0.0.1', () => {
			const { port } = s.address();
			s.close(() => resolve(port));
		});
	});
}

function canConnect(port) {
	return new Promise((resolve) => {
		const c = net.connect(port, '127.0.0.1', () => {
			c.destroy();
			resolve(true);
		});
		c.on('error', () => resolve(false));
	});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts corrchessd serving the source tree's static/; resolves to its port.
async function startDaemon() {
	const port = await freePort();
	const log = fs.openSync(daemonLog, 'w');
	daemon = spawn(CORRCHESSD, ['--db', db, '--listen', `127.0.0.1:${port}`,
		'--static_dir', path.join(TOP_SRCDIR, 'static')], { env, stdio: ['ignore', log, log] });
	fs.closeSync(log);
	let exited = false;
	daemon.on('exit', () => { exited = true; });
	for (const t0 = Date.now(); Date.now() - t0 < 20000;) {
		if (exited)
			throw new Error(`corrchessd exited at start:\n${fs.readFileSync(daemonLog, 'utf8')}`);
		if (await canConnect(port))
			return port;
		await sleep(50);
	}
	throw new Error('corrchessd did not start listening');
}

async function stopDaemon() {
	if (!daemon || daemon.exitCode !== null)
		return;
	const done = new Promise((r) => daemon.on('exit', r));
	daemon.kill('SIGTERM');
	await Promise.race([done, sleep(20000)]);
}

// The API from the test itself (the set-up, and a move behind a page's back).
async function apiCall(method, p, body, token) {
	const headers = { 'Content-Type': 'application/json' };
	if (token)
		headers.Authorization = `Bearer ${token}`;
	const r = await fetch(`${base}/api/v1${p}`, { method, headers, body: body && JSON.stringify(body) });
	const json = await r.json();
	if (!r.ok)
		throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
	return json;
}

async function login(name) {
	return (await apiCall('POST', '/session', { login: name, password: password(name) })).token;
}

// ------------------------------------------------------------ the runner

let passed = 0;
let failed = 0;
const steps = [];
function step(name, fn) {
	steps.push({ name, fn });
}

// Retries fn (which asserts) until it passes or the time is up: the
// pages answer asynchronously.
async function eventually(fn, ms = 15000) {
	const t0 = Date.now();
	for (;;) {
		try {
			return await fn();
		} catch (e) {
			if (Date.now() - t0 > ms)
				throw e;
			await sleep(50);
		}
	}
}

// ------------------------------------------------------- page helpers

const board = (page) => page.getByRole('group', { name: 'Board' });
const square = (page, name) => board(page).getByRole('button', { name, exact: true });
const alertText = (page) => page.getByRole('alert').textContent();
const moveItems = (page) => page.locator('ol#moves > li');

async function squareText(page, name) {
	return ((await square(page, name).textContent()) || '').replace('\uFE0E', '');
}

// Runs action (a click, say) and returns the answer of the API request
// it makes to a path ending in `suffix`, with its JSON body (null when
// the page went elsewhere before the body could be read).
async function answerTo(page, suffix, action) {
	const [resp] = await Promise.all([
		page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(suffix) &&
			r.request().method() !== 'GET'),
		action(),
	]);
	return { status: resp.status(), body: await resp.json().catch(() => null) };
}

async function signIn(page, name, pw = password(name)) {
	await page.getByLabel('Login').fill(name);
	await page.getByLabel('Password').fill(pw);
	return answerTo(page, '/api/v1/session', () =>
		page.getByRole('button', { name: 'Sign in' }).click());
}

// Script errors and resources the page could not load (a CSP refusal
// among them), except the API's own 4xx answers, which the tests cause.
function watchErrors(page, who, errors) {
	page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
	page.on('console', (m) => {
		if (m.type() === 'error' && !/status of 4\d\d/.test(m.text()))
			errors.push(`${who}: ${m.text()}`);
	});
}

// An API error shown as it is, with the position and the moves as before.
async function expectRefused(page, answer, status, before) {
	assert.equal(answer.status, status, JSON.stringify(answer.body));
	await eventually(async () => assert.equal(await alertText(page), answer.body.error.message));
	assert.equal(await moveItems(page).count(), before.moves);
	for (const [sq, glyph] of Object.entries(before.squares))
		assert.equal(await squareText(page, sq), glyph, `square ${sq}`);
}

// ------------------------------------------------------------- the steps

const ids = {};
const games = {};
let browser, alice, bob, alicePage, bobPage;
const errors = [];

step('corrchessd starts with users and games', async () => {
	ids.alice = addUser('alice', 'player');
	ids.bob = addUser('bob', 'player');
	addUser('tl', 'tl');
	base = `http://127.0.0.1:${await startDaemon()}`;
	const tl = await login('tl');
	const game = { white: ids.alice, black: ids.bob, profile: 'server', start_date: TODAY };
	games.main = (await apiCall('POST', '/games', game, tl)).id;
	games.promo = (await apiCall('POST', '/games', { ...game, event: 'Promotion',
		fen: '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' }, tl)).id;
});

step('Chromium starts', async () => {
	// launch() gives every browser a new, empty --user-data-dir of its
	// own (Playwright refuses the flag in args).
	browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
	alice = await browser.newContext({ viewport: { width: 1200, height: 900 } });
	bob = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2,
		isMobile: true, hasTouch: true });
	alicePage = await alice.newPage();
	bobPage = await bob.newPage();
	watchErrors(alicePage, 'alice', errors);
	watchErrors(bobPage, 'bob', errors);
});

step('/ shows the sign-in form with labelled fields', async () => {
	await alicePage.goto(`${base}/`);
	await alicePage.getByLabel('Login').waitFor();
	assert.equal(await alicePage.getByLabel('Password').getAttribute('type'), 'password');
	assert.ok(await alicePage.getByRole('button', { name: 'Sign in' }).isVisible());
	assert.equal(await alertText(alicePage), '');
});

step('a wrong password shows the API\'s message in the alert region', async () => {
	const answer = await signIn(alicePage, 'alice', 'not-her-password');
	assert.equal(answer.status, 401);
	await eventually(async () => assert.equal(await alertText(alicePage), answer.body.error.message));
	assert.ok(await alicePage.getByLabel('Login').isVisible());
});

step('signing in lists the games with links to them', async () => {
	const answer = await signIn(alicePage, 'alice');
	assert.equal(answer.status, 201);
	const links = alicePage.locator('#games-list a');
	await eventually(async () => assert.equal(await links.count(), 2));
	const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
	assert.deepEqual(hrefs.sort(), [`/games/${games.main}`, `/games/${games.promo}`].sort());
	assert.equal(await links.first().textContent(), 'alice \u2013 bob');
	assert.equal(await alertText(alicePage), '');
	assert.ok(await alicePage.evaluate(() => sessionStorage.getItem('corrchess.token')));
	assert.ok(await alicePage.getByRole('button', { name: 'Sign out' }).isVisible());
	await alicePage.screenshot({ path: path.join(workDir, 'games.png') });
});

step('the game page: title, board from White\'s side, clocks', async () => {
	await alicePage.locator(`a[href="/games/${games.main}"]`).click();
	await alicePage.waitForURL(`${base}/games/${games.main}`);
	await eventually(async () => assert.equal(await alicePage.title(), 'alice \u2013 bob'));
	const squares = board(alicePage).getByRole('button');
	await eventually(async () => assert.equal(await squares.count(), 64));
	assert.equal(await squares.first().getAttribute('aria-label'), 'a8');
	assert.equal(await squares.last().getAttribute('aria-label'), 'h1');
	await eventually(async () => assert.equal(await squareText(alicePage, 'e2'), '♙'));
	assert.equal(await squareText(alicePage, 'e1'), '♔');
	assert.equal(await squareText(alicePage, 'd8'), '♛');
	assert.equal(await squareText(alicePage, 'e4'), '');
	assert.match(await alicePage.locator('#turn').textContent(), /White \(alice\) to move: your move/);
	const g = await apiCall('GET', `/games/${games.main}`, undefined, await login('alice'));
	assert.equal(await alicePage.locator('#clock-white-forfeit').textContent(), g.clock.white.forfeit_date);
	assert.equal(await alicePage.locator('#clock-white-used').textContent(), String(g.clock.white.used_days));
	assert.match(await alicePage.locator('#clock-black-left').textContent(),
		new RegExp(`^${g.clock.black.next_control.limit_days - g.clock.black.used_days} until move`));
	assert.equal(await moveItems(alicePage).count(), 0);
	assert.ok(await alicePage.getByLabel('Move').isVisible());
	assert.ok(await alicePage.getByRole('button', { name: 'Send move' }).isVisible());
});

step('the board is one Tab stop, and the arrow keys move between its squares', async () => {
	const focused = () => alicePage.evaluate(() => document.activeElement.getAttribute('aria-label'));
	await square(alicePage, 'a8').focus();
	await alicePage.keyboard.press('ArrowDown');
	await alicePage.keyboard.press('ArrowRight');
	assert.equal(await focused(), 'b7');
	await alicePage.keyboard.press('ArrowUp');
	await alicePage.keyboard.press('ArrowUp'); // past the edge: stays
	assert.equal(await focused(), 'b8');
	const stops = await board(alicePage).locator('button[tabindex="0"]').count();
	assert.equal(stops, 1);
	await alicePage.keyboard.press('Tab');
	assert.equal(await alicePage.evaluate(() => document.activeElement.id), 'move');
});

step('clicking e2 then e4 plays 1.e4', async () => {
	await square(alicePage, 'e2').click();
	assert.equal(await square(alicePage, 'e2').getAttribute('aria-pressed'), 'true');
	const answer = await answerTo(alicePage, '/moves', () => square(alicePage, 'e4').click());
	assert.equal(answer.status, 201, JSON.stringify(answer.body));
	await eventually(async () => assert.equal(await moveItems(alicePage).count(), 1));
	const item = await moveItems(alicePage).first().textContent();
	assert.match(item, /^1\. e4 /);
	assert.match(item, new RegExp(`received ${TODAY}, sent ${TODAY}`));
	assert.equal(await squareText(alicePage, 'e4'), '♙');
	assert.equal(await squareText(alicePage, 'e2'), '');
	assert.equal(await square(alicePage, 'e2').getAttribute('aria-pressed'), null);
	assert.match(await alicePage.locator('#turn').textContent(), /Black \(bob\) to move/);
	assert.equal(await alertText(alicePage), '');
});

step('a game page without a session goes to the sign-in form', async () => {
	await bobPage.goto(`${base}/games/${games.main}`);
	await bobPage.waitForURL(`${base}/?next=%2Fgames%2F${games.main}`);
	await bobPage.getByLabel('Login').waitFor();
});

step('the opponent signs in, comes back to the game, sees it from Black\'s side', async () => {
	assert.equal((await signIn(bobPage, 'bob')).status, 201);
	await bobPage.waitForURL(`${base}/games/${games.main}`);
	await eventually(async () => assert.equal(await squareText(bobPage, 'e4'), '♙'));
	const squares = board(bobPage).getByRole('button');
	assert.equal(await squares.first().getAttribute('aria-label'), 'h1');
	assert.equal(await squares.last().getAttribute('aria-label'), 'a8');
	assert.equal(await bobPage.title(), 'alice \u2013 bob');
	assert.match(await bobPage.locator('#turn').textContent(), /your move/);
});

step('Bob answers 5755 (ICCF numeric for e7-e5) in the Move field', async () => {
	await bobPage.getByLabel('Move').fill('5755');
	const answer = await answerTo(bobPage, '/moves', () =>
		bobPage.getByRole('button', { name: 'Send move' }).click());
	assert.equal(answer.status, 201, JSON.stringify(answer.body));
	await eventually(async () => assert.equal(await moveItems(bobPage).count(), 2));
	assert.match(await moveItems(bobPage).nth(1).textContent(), /^1… e5 /);
	assert.equal(await squareText(bobPage, 'e5'), '♟');
	assert.equal(await squareText(bobPage, 'e7'), '');
	assert.equal(await bobPage.getByLabel('Move').inputValue(), '');
});

const afterE5 = { moves: 2, squares: { e4: '♙', e5: '♟', e2: '', e7: '', e1: '♔', d7: '♟' } };

step('illegal moves typed show the API\'s error and change nothing', async () => {
	await alicePage.reload();
	await eventually(async () => assert.equal(await moveItems(alicePage).count(), 2));
	for (const move of ['e5', 'Ke3']) {
		await alicePage.getByLabel('Move').fill(move);
		const answer = await answerTo(alicePage, '/moves', () =>
			alicePage.getByRole('button', { name: 'Send move' }).click());
		await expectRefused(alicePage, answer, 422, afterE5);
		assert.equal(answer.body.error.code, 'illegal_move', move);
	}
	await alicePage.screenshot({ path: path.join(workDir, 'game-error.png') });
});

step('a move out of turn shows the not_your_turn error', async () => {
	await square(bobPage, 'd7').click();
	const answer = await answerTo(bobPage, '/moves', () => square(bobPage, 'd5').click());
	await expectRefused(bobPage, answer, 409, { ...afterE5, squares: { ...afterE5.squares, d5: '' } });
	assert.equal(answer.body.error.code, 'not_your_turn');
});

step('a move from a board that is out of date is refused as stale, and the page catches up', async () => {
	// White plays 2.Nf3 elsewhere; Bob's page still shows 1...e5 as the last move.
	await apiCall('POST', `/games/${games.main}/moves`, { move: 'Nf3' }, await login('alice'));
	await bobPage.getByLabel('Move').fill('Nc6');
	const answer = await answerTo(bobPage, '/moves', () =>
		bobPage.getByRole('button', { name: 'Send move' }).click());
	assert.equal(answer.status, 409);
	assert.equal(answer.body.error.code, 'stale');
	await eventually(async () => assert.equal(await alertText(bobPage), answer.body.error.message));
	await eventually(async () => assert.equal(await moveItems(bobPage).count(), 3));
	assert.equal(await squareText(bobPage, 'f3'), '♘');
	assert.equal(await squareText(bobPage, 'c6'), '');
});

step('reloading shows the same game', async () => {
	await alicePage.reload();
	await eventually(async () => assert.equal(await moveItems(alicePage).count(), 3));
	assert.equal(await alicePage.title(), 'alice \u2013 bob');
	const sans = await moveItems(alicePage).locator('.san').allTextContents();
	assert.deepEqual(sans, ['e4', 'e5', 'Nf3']);
	assert.equal(await squareText(alicePage, 'f3'), '♘');
	assert.equal(await squareText(alicePage, 'e5'), '♟');
	assert.equal(await alertText(alicePage), '');
});

step('a pawn reaching the last rank asks for the piece (Escape cancels)', async () => {
	await alicePage.goto(`${base}/games/${games.promo}`);
	await eventually(async () => assert.equal(await squareText(alicePage, 'a7'), '♙'));
	await square(alicePage, 'a7').click();
	await square(alicePage, 'a8').click();
	const dialog = alicePage.getByRole('dialog', { name: 'Promote to' });
	await dialog.waitFor();
	// The queen is the default: it has the focus, so Enter takes it.
	assert.equal(await alicePage.evaluate(() => document.activeElement.textContent), 'Queen');
	await alicePage.keyboard.press('Escape');
	await dialog.waitFor({ state: 'hidden' });
	assert.equal(await moveItems(alicePage).count(), 0);
	assert.equal(await squareText(alicePage, 'a7'), '♙');
	await square(alicePage, 'a7').click();
	await square(alicePage, 'a8').click();
	const answer = await answerTo(alicePage, '/moves', () =>
		dialog.getByRole('button', { name: 'Knight' }).click());
	assert.equal(answer.status, 201, JSON.stringify(answer.body));
	await eventually(async () => assert.equal(await squareText(alicePage, 'a8'), '♘'));
	assert.match(await moveItems(alicePage).first().textContent(), /^1\. a8=N /);
});

step('screenshots, and the phone layout fits the screen', async () => {
	await alicePage.goto(`${base}/games/${games.main}`);
	await eventually(async () => assert.equal(await moveItems(alicePage).count(), 3));
	await alicePage.screenshot({ path: path.join(workDir, 'game-desktop.png'), fullPage: true });
	await bobPage.reload();
	await eventually(async () => assert.equal(await moveItems(bobPage).count(), 3));
	const fits = await bobPage.evaluate(() => {
		const b = document.getElementById('board').getBoundingClientRect();
		return { page: document.documentElement.scrollWidth, screen: innerWidth, board: b.right };
	});
	assert.ok(fits.page <= fits.screen && fits.board <= fits.screen, JSON.stringify(fits));
	await bobPage.screenshot({ path: path.join(workDir, 'game-phone.png'), fullPage: true });
});

// The game stands at 1.e4 e5 2.Nf3, Black (Bob) to move; Alice's page is
// on it (desktop), Bob's too (phone).
const action = (page, name) => page.locator('#actions').getByRole('button', { name, exact: true });
const apiRequests = (page, method, suffix, list) => page.on('request', (r) => {
	if (r.method() === method && new URL(r.url()).pathname.endsWith(suffix))
		list.push(r.url());
});

step('the players see Offer draw, Resign and Claim; Alice offers a draw', async () => {
	for (const page of [alicePage, bobPage]) {
		for (const name of ['Offer draw', 'Resign', 'Claim'])
			assert.ok(await action(page, name).isVisible(), name);
		assert.ok(!(await action(page, 'Accept draw').isVisible()));
		assert.ok(!(await action(page, 'Decline draw').isVisible()));
		assert.ok(!(await page.locator('#result').isVisible()));
	}
	assert.deepEqual(await alicePage.getByLabel('Claim', { exact: true }).locator('option').evaluateAll(
		(os) => os.map((o) => o.value)), ['threefold', 'fifty_moves', 'time_forfeit']);
	const answer = await answerTo(alicePage, '/draw', () => action(alicePage, 'Offer draw').click());
	assert.equal(answer.status, 200, JSON.stringify(answer.body));
	assert.equal(answer.body.draw_offer, 'white');
	await eventually(async () => assert.ok(!(await action(alicePage, 'Offer draw').isVisible())));
	assert.match(await alicePage.locator('#draw-state').textContent(), /You have offered a draw/);
	assert.ok(!(await action(alicePage, 'Accept draw').isVisible()));
	assert.match(await alicePage.locator('#turn').textContent(), /alice offers a draw/);
	assert.equal(await alertText(alicePage), '');
});

step('Bob sees Accept draw after a reload and declines: the offer is gone', async () => {
	await bobPage.reload();
	await eventually(async () => assert.ok(await action(bobPage, 'Accept draw').isVisible()));
	assert.ok(await action(bobPage, 'Decline draw').isVisible());
	assert.ok(!(await action(bobPage, 'Offer draw').isVisible()));
	assert.match(await bobPage.locator('#draw-state').textContent(), /alice offers a draw/);
	const answer = await answerTo(bobPage, '/draw', () => action(bobPage, 'Decline draw').click());
	assert.equal(answer.status, 200, JSON.stringify(answer.body));
	assert.equal(answer.body.draw_offer, null);
	assert.equal(answer.body.status, 'active');
	await eventually(async () => assert.ok(!(await action(bobPage, 'Accept draw').isVisible())));
	assert.ok(!(await action(bobPage, 'Decline draw').isVisible()));
	assert.ok(await action(bobPage, 'Offer draw').isVisible());
	assert.ok(!(await bobPage.locator('#draw-state').isVisible()));
	assert.doesNotMatch(await bobPage.locator('#turn').textContent(), /offers a draw/);
	const g = await apiCall('GET', `/games/${games.main}`, undefined, await login('alice'));
	assert.equal(g.draw_offer, null);
	assert.equal(await alertText(bobPage), '');
});

step('a threefold claim that does not hold shows the API\'s claim_rejected message', async () => {
	await bobPage.getByLabel('Claim', { exact: true }).selectOption('threefold');
	const answer = await answerTo(bobPage, '/claim', () => action(bobPage, 'Claim').click());
	assert.equal(answer.status, 422, JSON.stringify(answer.body));
	assert.equal(answer.body.error.code, 'claim_rejected');
	await expectRefused(bobPage, answer, 422, { moves: 3, squares: { f3: '♘', e5: '♟', c6: '' } });
	assert.ok(await action(bobPage, 'Claim').isVisible());
	assert.ok(await bobPage.getByLabel('Move').isVisible());
});

step('a poll interval outside 200..60000 ms is not taken (20 s instead)', async () => {
	const gets = [];
	apiRequests(alicePage, 'GET', `/api/v1/games/${games.main}`, gets);
	await alicePage.goto(`${base}/games/${games.main}?poll=50`);
	await eventually(async () => assert.equal(await moveItems(alicePage).count(), 3));
	await sleep(1000);
	assert.equal(gets.length, 1, gets.join(' '));
	alicePage.removeAllListeners('request');
});

step('with Alice\'s page open, Bob\'s move through the API comes without a reload', async () => {
	const gets = [];
	apiRequests(alicePage, 'GET', `/api/v1/games/${games.main}`, gets);
	await alicePage.goto(`${base}/games/${games.main}?poll=500`);
	await eventually(async () => assert.equal(await moveItems(alicePage).count(), 3));
	const url = alicePage.url();
	await sleep(700);
	await apiCall('POST', `/games/${games.main}/moves`, { move: 'Nc6' }, await login('bob'));
	await eventually(async () => assert.equal(await moveItems(alicePage).count(), 4));
	assert.equal(alicePage.url(), url); // no reload
	assert.match(await moveItems(alicePage).nth(3).textContent(), /^2… Nc6 /);
	assert.equal(await squareText(alicePage, 'c6'), '♞');
	assert.match(await alicePage.locator('#turn').textContent(), /your move/);
	assert.ok(gets.length >= 2, gets.join(' '));
	// Alice's move now: the page stops asking.
	const polled = gets.length;
	await sleep(1500);
	assert.equal(gets.length, polled, 'polled on the player\'s own move');
	alicePage.removeAllListeners('request');
	await alicePage.screenshot({ path: path.join(workDir, 'game-actions.png'), fullPage: true });
});

step('Bob resigns through the dialog (Cancel and Escape first: nothing happens)', async () => {
	const posts = [];
	apiRequests(bobPage, 'POST', '/resign', posts);
	const dialog = bobPage.getByRole('dialog', { name: 'Resign this game?' });
	const focused = () => bobPage.evaluate(() =>
		`${document.activeElement.id}|${document.activeElement.textContent}`);
	await action(bobPage, 'Resign').click();
	await dialog.waitFor();
	assert.equal(await focused(), '|Cancel');
	await bobPage.screenshot({ path: path.join(workDir, 'game-resign-dialog.png') });
	await dialog.getByRole('button', { name: 'Cancel' }).click();
	await dialog.waitFor({ state: 'hidden' });
	assert.equal(await focused(), 'resign|Resign');
	await action(bobPage, 'Resign').press('Enter');
	await dialog.waitFor();
	assert.equal(await focused(), '|Cancel');
	await bobPage.keyboard.press('Escape');
	await dialog.waitFor({ state: 'hidden' });
	assert.equal(await focused(), 'resign|Resign');
	await sleep(200);
	assert.deepEqual(posts, []);
	assert.ok(await bobPage.getByLabel('Move').isVisible());
	await action(bobPage, 'Resign').click();
	const answer = await answerTo(bobPage, '/resign', () =>
		dialog.getByRole('button', { name: 'Resign', exact: true }).click());
	assert.equal(answer.status, 200, JSON.stringify(answer.body));
	assert.equal(answer.body.result, '1-0');
	assert.equal(answer.body.termination, 'resignation');
	assert.equal(posts.length, 1);
	bobPage.removeAllListeners('request');
});

async function expectFinished(page) {
	await eventually(async () => assert.equal(await page.locator('#result').textContent(), '1-0, resignation'));
	assert.ok(await page.locator('#result').isVisible());
	assert.match(await page.locator('#turn').textContent(), /Game over: White \(alice\) wins/);
	assert.ok(!(await page.getByLabel('Move').isVisible()));
	assert.ok(await page.locator('#move-form').isHidden());
	assert.equal(await page.getByRole('button', { name: 'Send move' }).count(), 0);
	assert.ok(await page.locator('#actions').isHidden());
	for (const name of ['Offer draw', 'Resign', 'Claim'])
		assert.ok(!(await action(page, name).isVisible()), name);
	assert.equal(await moveItems(page).count(), 4);
	assert.equal(await alertText(page), '');
}

step('both pages show 1-0, resignation, and no move form or actions', async () => {
	await expectFinished(bobPage);
	assert.equal(await bobPage.evaluate(() => document.activeElement.id), 'result');
	const fits = await bobPage.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: innerWidth }));
	assert.ok(fits.page <= fits.screen, JSON.stringify(fits));
	await bobPage.screenshot({ path: path.join(workDir, 'game-over-phone.png'), fullPage: true });
	await alicePage.reload();
	await expectFinished(alicePage);
	await alicePage.screenshot({ path: path.join(workDir, 'game-over-desktop.png'), fullPage: true });
});

step('signing out forgets the session', async () => {
	await alicePage.goto(`${base}/`);
	await alicePage.getByRole('button', { name: 'Sign out' }).click();
	await alicePage.getByLabel('Login').waitFor();
	assert.equal(await alicePage.evaluate(() => sessionStorage.getItem('corrchess.token')), null);
	await alicePage.screenshot({ path: path.join(workDir, 'signin.png') });
	await alicePage.goto(`${base}/games/${games.main}`);
	await alicePage.waitForURL(`${base}/?next=%2Fgames%2F${games.main}`);
});

step('no script errors, nothing refused by the Content-Security-Policy', async () => {
	assert.deepEqual(errors, []);
});

// ------------------------------------------------------------------ run

async function main() {
	let broken = null;
	for (const { name, fn } of steps) {
		if (broken) {
			console.log(`FAIL - ${name} (not run: "${broken}" failed)`);
			failed++;
			continue;
		}
		const t0 = Date.now();
		try {
			await fn();
			passed++;
			console.log(`ok - ${name} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
		} catch (e) {
			failed++;
			broken = name;
			console.log(`FAIL - ${name}\n${e.stack || e}`);
		}
	}
	if (failed) {
		for (const [who, page] of [['alice', alicePage], ['bob', bobPage]])
			await page?.screenshot({ path: path.join(workDir, `failed-${who}.png`) }).catch(() => {});
		console.log(`# screenshots and corrchessd.log in ${workDir}`);
	}
	await browser?.close().catch(() => {});
	await stopDaemon();
	fs.rmSync(tmp, { recursive: true, force: true });
	console.log(`${passed} passed, ${failed} failed`);
	process.exit(failed ? 1 : 0);
}

main();
