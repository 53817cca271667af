// pgn_chessjs.mjs: reads the PGNs of tests/pgn_sample with chess.js and
// checks that each loads (strict SAN), ends in the position the C side
// computed, has the tags the C side meant, and keeps the comments.
//
//   node pgn_chessjs.mjs MODULES_DIR SAMPLES.json
//
// MODULES_DIR is the npm prefix that holds node_modules/chess.js.
// Prints one "ok"/"FAIL" line per check; exits 1 when any check failed.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [modulesDir, samplesFile] = process.argv.slice(2);
if (!modulesDir || !samplesFile) {
	console.error('usage: node pgn_chessjs.mjs MODULES_DIR SAMPLES.json');
	process.exit(2);
}
const require = createRequire(path.join(path.resolve(modulesDir), 'package.json'));
const { Chess } = require('chess.js');

let failures = 0;
let checks = 0;
function check(name, ok, detail) {
	checks++;
	if (ok) {
		console.log(`ok - ${name}`);
	} else {
		failures++;
		console.log(`FAIL - ${name}${detail ? ': ' + detail : ''}`);
	}
}

const samples = JSON.parse(readFileSync(samplesFile, 'utf8'));
check('samples present', Array.isArray(samples) && samples.length >= 8, `${samples.length}`);

// All games of one file, as a reader of a downloaded PGN would see them.
const all = samples.map((s) => s.pgn).join('');

for (const s of samples) {
	if (s.tag_escapes) {
		// chess.js 1.x reads a tag value as any run of characters but '"'
		// and knows no escapes (PGN standard 8.1), so it cannot read this
		// game's tags; check_pgn and the Scid check cover the escapes.
		console.log(`# ${s.name}: not given to chess.js (tag escapes)`);
		continue;
	}
	const chess = new Chess();
	let loaded = true;
	try {
		chess.loadPgn(s.pgn, { strict: true });
	} catch (e) {
		loaded = false;
		check(`${s.name}: loads`, false, String(e && e.message ? e.message : e));
	}
	if (!loaded)
		continue;
	check(`${s.name}: loads`, true);
	check(`${s.name}: final FEN`, chess.fen() === s.fen, `chess.js ${chess.fen()}, C ${s.fen}`);
	check(`${s.name}: plies`, chess.history().length === s.plies,
	      `chess.js ${chess.history().length}, C ${s.plies}`);

	const headers = typeof chess.getHeaders === 'function' ? chess.getHeaders() : chess.header();
	for (const [tag, value] of Object.entries(s.headers)) {
		check(`${s.name}: [${tag}]`, headers[tag] === value,
		      `chess.js ${JSON.stringify(headers[tag])}, C ${JSON.stringify(value)}`);
	}

	// Each move comment belongs to the position after its move.  Replay
	// the moves to know those positions.
	const replay = new Chess();
	if (s.headers.FEN)
		replay.load(s.headers.FEN);
	const fens = chess.history().map((san) => {
		replay.move(san, { strict: true });
		return replay.fen();
	});
	const comments = chess.getComments();
	for (const c of s.comments) {
		const at = fens[c.ply - 1];
		const found = comments.find((x) => x.fen === at);
		check(`${s.name}: comment of ply ${c.ply}`, found && found.comment.includes(c.text),
		      found ? JSON.stringify(found.comment) : 'no comment there');
	}
	if (s.final_comment) {
		const last = s.plies ? fens[s.plies - 1] : chess.fen();
		const found = comments.find((x) => x.fen === last);
		check(`${s.name}: final comment`, found && found.comment.includes(s.final_comment),
		      found ? JSON.stringify(found.comment) : 'no comment there');
	}
}

// The whole file: chess.js reads one game at a time, so split it where a
// new tag section begins after the previous game's empty line.
const parts = all.split(/\n\n(?=\[Event )/);
check('file splits into the games', parts.length === samples.length,
      `${parts.length} parts for ${samples.length} games`);

console.log(`${checks - failures}/${checks} checks passed`);
process.exit(failures ? 1 : 0);
