// units.test.mjs: the pages' own logic without a browser:
//
//   node units.test.mjs WORK_DIR
//
// static/chess.js (the move reader behind the confirmation and the
// series line) against perft counts of well-known positions and named
// moves; static/texts.js (every key in both languages, every data-t key
// of the HTML pages and every t('key') of the scripts present).  Copies
// the modules into WORK_DIR as .mjs (node reads static/*.js as CommonJS).
// Prints "ok - ..." lines and "N passed, N failed"; exits 1 on a failure.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const [workDir] = process.argv.slice(2);
const TOP_SRCDIR = process.env.TOP_SRCDIR || path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const STATIC = path.join(TOP_SRCDIR, 'static');
fs.mkdirSync(workDir, { recursive: true });
for (const name of ['chess.js', 'texts.js'])
	fs.copyFileSync(path.join(STATIC, name), path.join(workDir, name.replace(/\.js$/, '.mjs')));
const chess = await import(path.resolve(workDir, 'chess.mjs'));
const { TEXTS } = await import(path.resolve(workDir, 'texts.mjs'));

let passed = 0;
let failed = 0;
function check(name, fn) {
	try {
		fn();
		passed++;
		console.log(`ok - ${name}`);
	} catch (e) {
		failed++;
		console.log(`FAIL - ${name}\n${e.stack || e}`);
	}
}

function perft(pos, depth) {
	if (depth === 0)
		return 1;
	let n = 0;
	for (const m of chess.legalMoves(pos))
		n += perft(chess.applyMove(pos, m), depth - 1);
	return n;
}

// Perft counts (the chessprogramming wiki's positions 1-5): castling,
// en passant, promotions and pins each change these numbers.
const PERFT = [
	['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 3, 8902],
	['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 2, 2039],
	['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 4, 43238],
	['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 3, 9467],
	['rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', 3, 62379],
];
for (const [fen, depth, nodes] of PERFT)
	check(`perft ${depth} of ${fen} is ${nodes}`, () => assert.equal(perft(chess.parseFen(fen), depth), nodes));

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// [fen, typed, ICCF, SAN]; null ICCF: no legal move (or several).
const READS = [
	[START, '5254', '5254', 'e4'],
	[START, 'e4', '5254', 'e4'],
	[START, 'e2e4', '5254', 'e4'],
	[START, 'e2-e4', '5254', 'e4'],
	[START, 'Nf3', '7163', 'Nf3'],
	[START, 'Sf3', '7163', 'Nf3'],
	[START, 'Ng1f3', '7163', 'Nf3'],
	[START, 'e5', null, null],
	[START, 'Ke2', null, null],
	[START, '5255', null, null],
	[START, 'hello', null, null],
	[START, '', null, null],
	['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a8=Q', '1718(1)', 'a8=Q+'],
	['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a8D', '1718(1)', 'a8=Q+'],
	['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', '17184', '1718(4)', 'a8=N'],
	['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', '1718(2)', '1718(2)', 'a8=R+'],
	['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7a8n', '1718(4)', 'a8=N'],
	['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a8', null, null],
	['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'O-O', '5171', 'O-O'],
	['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', '0-0-0', '5131', 'O-O-O'],
	['r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', '5878', '5878', 'O-O'],
	['rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 'exf6', '5566', 'exf6'],
	['rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 'exd6', null, null],
	['7k/8/8/8/8/8/8/R4RK1 w - - 0 1', 'Rab1', '1121', 'Rab1'],
	['7k/8/8/8/8/8/8/R4RK1 w - - 0 1', 'Rb1', null, null],
	['7k/8/8/8/8/8/8/R4RK1 w - - 0 1', 'Rfb1', '6121', 'Rfb1'],
	['6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'Ra8', '1118', 'Ra8#'],
	['k7/8/1Q6/8/8/8/8/6K1 w - - 0 1', 'Qb6-c7', '2637', 'Qc7'],
];
for (const [fen, typed, iccf, san] of READS) {
	check(`"${typed}" on ${fen} reads as ${iccf ?? 'nothing'}`, () => {
		const pos = chess.parseFen(fen);
		const m = chess.readMove(pos, typed);
		assert.equal(m ? chess.iccfOf(m) : null, iccf);
		assert.equal(m ? chess.sanOf(pos, m) : null, san);
	});
}

check('a series line stops at the first move it cannot read', () => {
	const line = chess.playLine(chess.parseFen(START), ['e4', '5755', 'Nf3', 'Ke7', 'Qxf7', 'Bc4']);
	assert.deepEqual(line.map((s) => s.san), ['e4', 'e5', 'Nf3', 'Ke7']);
	assert.deepEqual(line.map((s) => s.iccf), ['5254', '5755', '7163', '5857']);
});

check('a FEN that does not read is null', () => {
	for (const fen of ['', 'x', '8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w'])
		assert.equal(chess.parseFen(fen), null, fen);
});

check('every text is there in English and Danish', () => {
	const en = Object.keys(TEXTS.en).sort();
	const da = Object.keys(TEXTS.da).sort();
	assert.deepEqual(en.filter((k) => !da.includes(k)), [], 'missing in Danish');
	assert.deepEqual(da.filter((k) => !en.includes(k)), [], 'missing in English');
	for (const k of en) {
		const params = (s) => (s.match(/\{\w+\}/g) || []).sort().join();
		assert.equal(params(TEXTS.da[k]), params(TEXTS.en[k]), `parameters of ${k}`);
	}
});

check('every key the pages and scripts name has a text', () => {
	const missing = [];
	for (const name of fs.readdirSync(STATIC)) {
		const text = fs.readFileSync(path.join(STATIC, name), 'utf8');
		const keys = name.endsWith('.html')
			? [...text.matchAll(/data-t(?:-label|-title)?="([^"]+)"/g)].map((m) => m[1])
			: name.endsWith('.js') ? [...text.matchAll(/\bt\('([a-z_.-]+)'/g)].map((m) => m[1]) : [];
		for (const k of keys)
			if (!(k in TEXTS.en))
				missing.push(`${name}: ${k}`);
	}
	assert.deepEqual(missing, []);
});

check('a move the page cannot send is named for what it is', () => {
	const knights = chess.parseFen('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1');
	assert.deepEqual(chess.whyNotMove(knights, 'Nd2'), { reason: 'ambiguous', options: ['Nbd2', 'Nfd2'] });
	assert.deepEqual(chess.whyNotMove(knights, 'Nc4'), { reason: 'illegal', options: [] });
	assert.deepEqual(chess.whyNotMove(knights, 'hello'), { reason: 'unreadable', options: [] });
	assert.equal(chess.whyNotMove(knights, 'Nbd2'), null);
	assert.equal(chess.whyNotMove(knights, '2142'), null);
	assert.deepEqual(chess.targetsOf(chess.parseFen(START), 'g1').sort(), ['f3', 'h3']);
	assert.deepEqual(chess.targetsOf(chess.parseFen(START), 'e2').sort(), ['e3', 'e4']);
	assert.deepEqual(chess.targetsOf(chess.parseFen(START), 'e7'), []); // not to move
});

check('a game replays from its start position, or not at all', () => {
	const line = chess.replay(START, ['5254', '5755', '7163']);
	assert.equal(line.length, 4);
	assert.equal(line[0].move, null);
	assert.deepEqual(line.slice(1).map((p) => p.san), ['e4', 'e5', 'Nf3']);
	assert.equal(line[3].pos.board[21], 'N'); // f3
	assert.equal(chess.replay(START, ['5254', '5254']), null);
	assert.equal(chess.replay('nonsense', []), null);
	const thematic = chess.replay('4k3/P7/8/8/8/8/8/4K3 w - - 0 1', ['1718(4)']);
	assert.equal(thematic[1].san, 'a8=N');
});

// Every error code the daemon can answer: the table of
// server/api/reply.c (the one place a code gets its HTTP status) and the
// refusals of lib/corr, which must be in that table.  Each needs its
// sentence in both languages (issue 23).
check('every error code of the API has an English and a Danish sentence', () => {
	const reply = fs.readFileSync(path.join(TOP_SRCDIR, 'server', 'api', 'reply.c'), 'utf8');
	const table = /statuses\[\] = \{([\s\S]*?)\n\};/.exec(reply);
	assert.ok(table, 'the table of reply.c');
	const codes = [...table[1].matchAll(/\{"([a-z_]+)", \d{3}\}/g)].map((m) => m[1]);
	assert.ok(codes.length >= 60, `${codes.length} codes read from reply.c`);
	const corrDir = path.join(TOP_SRCDIR, 'lib', 'corr');
	const corr = new Set();
	for (const name of fs.readdirSync(corrDir).filter((n) => n.endsWith('.c'))) {
		const text = fs.readFileSync(path.join(corrDir, name), 'utf8');
		for (const m of text.matchAll(/corr_fail\([^,]+,\s*[^,]+,\s*"([a-z_]+)"/g))
			corr.add(m[1]);
		for (const m of text.matchAll(/answer_code = "([a-z_]+)"/g))
			corr.add(m[1]);
	}
	assert.ok(corr.size >= 15, `${corr.size} codes read from lib/corr`);
	assert.deepEqual([...corr].filter((c) => !codes.includes(c)), [], 'lib/corr codes missing in reply.c');
	const lacking = [];
	for (const code of new Set([...codes, ...corr, 'network']))
		for (const lang of ['en', 'da'])
			if (typeof TEXTS[lang][`error.${code}`] !== 'string' || !TEXTS[lang][`error.${code}`])
				lacking.push(`${lang} error.${code}`);
	assert.deepEqual(lacking, []);
	console.log(`# ${codes.length} codes of reply.c (${corr.size} from lib/corr) in English and Danish`);
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
