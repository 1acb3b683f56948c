#!/usr/bin/env gjs
// engine-game.js: one complete seeded game of Carcassonne in-process, from JavaScript (gjs),
// through GObject Introspection and the Carcassonne-1.0 typelib: no daemon, no D-Bus.
//
//   gjs engine-game.js [--seed N] [--players N] [--expansions abbey,halftiles,...]
//
// The same policy as engine-game.py and tests/common/random-player.c: every move uniformly random
// among the legal ones, from a PCG32 generator seeded with the game's seed (stream 1), so the
// scores equal the C engine's for the same seed (tests/gi/gi-examples.sh checks it).
//
// From a build tree:
//   GI_TYPELIB_PATH=_build/introspection LD_LIBRARY_PATH=_build/core/engine/.libs \
//   CARCASSONNE_PLUGIN_DIR=_build/plugins/.libs gjs examples/engine-game.js --seed 7

imports.gi.versions.Carcassonne = '1.0';
const {Carcassonne} = imports.gi;
const Phase = Carcassonne.Phase;

function option(name, fallback) {
    const i = ARGV.indexOf(`--${name}`);
    return i >= 0 && i + 1 < ARGV.length ? ARGV[i + 1] : fallback;
}

// The choose phase: draw, pass, or one placement of one hand piece, all equally likely.
function choose(game, rng) {
    const player = game.get_current_player();
    const lists = [];
    for (let i = 0; i < game.get_hand_size(player); i++)
        lists.push(game.get_piece_placements(i));
    let options = (game.can_draw() ? 1 : 0) + (game.can_pass() ? 1 : 0);
    for (const l of lists)
        options += l.length;
    let pick = rng.below(options);
    if (game.can_draw()) {
        if (pick === 0)
            return game.draw();
        pick--;
    }
    if (game.can_pass()) {
        if (pick === 0)
            return game.pass();
        pick--;
    }
    for (let i = 0; i < lists.length; i++) {
        if (pick < lists[i].length) {
            const p = lists[i][pick];
            return game.place_piece(i, p.x, p.y, p.rotation);
        }
        pick -= lists[i].length;
    }
    throw new Error('no choice left');
}

// One uniformly random legal move of whatever the phase asks for; false once the game is over.
function randomMove(game, rng) {
    switch (game.get_phase()) {
    case Phase.PLUGIN: {
        // an expansion's phase (a draft's picks): one of the moves it lists
        const moves = game.list_moves(game.get_current_player());
        game.apply_move(moves[rng.below(moves.length)]);
        return true;
    }
    case Phase.CHOOSE:
        choose(game, rng);
        return true;
    case Phase.PLACE: {
        const [ok, p] = game.get_placement(rng.below(game.get_n_placements()));
        if (!ok)
            throw new Error('no placement offered');
        game.place(p.x, p.y, p.rotation);
        return true;
    }
    case Phase.DEPLOY: {
        const deployments = game.get_deployments();
        const pick = rng.below(deployments.length + 1);
        if (pick < deployments.length)
            game.deploy(deployments[pick].figure, deployments[pick].segment);
        else
            game.skip();
        return true;
    }
    default:
        return false;
    }
}

const seed = parseInt(option('seed', '1'));
const players = parseInt(option('players', '2'));
const expansions = option('expansions', '').split(',').filter(e => e.length > 0);

const config = Carcassonne.GameConfig.new_base();
config.set_seed(seed);
config.set_n_players(players);
if (expansions.length > 0) {
    const host = Carcassonne.PluginHost.new_default();
    for (const name of expansions)
        config.add_expansion_by_name(host, name);
}
const game = Carcassonne.Game.new(config);

let scored = 0;
game.connect('event::feature-scored', () => {
    scored++;
});

const rng = Carcassonne.Rng.new(seed, 1);
while (randomMove(game, rng))
    ;

print(`turns: ${game.get_turn()}`);
print(`pieces: ${game.get_n_pieces()}`);
print(`features scored: ${scored}`);
print(`scores: ${game.get_scores().join(' ')}`);
