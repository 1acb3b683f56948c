#!/usr/bin/env python3
# engine-game.py: one complete seeded game of Carcassonne in-process, from Python, through
# GObject Introspection (PyGObject and the Carcassonne-1.0 typelib): no daemon, no D-Bus.
#
#   engine-game.py [--seed N] [--players N] [--expansions abbey,halftiles,vineyards,winter]
#                  [--events]
#
# Every player makes a uniformly random legal move drawn from a PCG32 generator seeded with
# the game's seed (stream 1): the policy of tests/common/random-player.c, so the C engine playing the
# same policy from the same seed ends with the same scores (tests/gi/gi-reference.c checks it).
# Expansions come from the plugin directory (carc_plugin_host_get_default_dir():
# $CARCASSONNE_PLUGIN_DIR, else the installed plugins).
#
# From a build tree:
#   GI_TYPELIB_PATH=_build/introspection LD_LIBRARY_PATH=_build/core/engine/.libs \
#   CARCASSONNE_PLUGIN_DIR=_build/plugins/.libs python3 examples/engine-game.py --seed 7
import argparse
import sys

import gi

gi.require_version("Carcassonne", "1.0")
from gi.repository import Carcassonne, GLib  # noqa: E402

Phase = Carcassonne.Phase


def choose(game, rng):
    """The choose phase: draw, pass, or one placement of one hand piece, all equally likely."""
    player = game.get_current_player()
    lists = [game.get_piece_placements(i) for i in range(game.get_hand_size(player))]
    options = int(game.can_draw()) + int(game.can_pass()) + sum(len(pl) for pl in lists)
    pick = rng.below(options)
    if game.can_draw():
        if pick == 0:
            return game.draw()
        pick -= 1
    if game.can_pass():
        if pick == 0:
            return game.pass_()
        pick -= 1
    for index, placements in enumerate(lists):
        if pick < len(placements):
            p = placements[pick]
            return game.place_piece(index, p.x, p.y, p.rotation)
        pick -= len(placements)
    raise AssertionError("no choice left")


def random_move(game, rng):
    """One uniformly random legal move of whatever the phase asks for; False once over."""
    phase = game.get_phase()
    if phase == Phase.PLUGIN:
        # an expansion's phase (a draft's picks): one of the moves it lists
        moves = game.list_moves(game.get_current_player())
        game.apply_move(moves[rng.below(len(moves))])
    elif phase == Phase.CHOOSE:
        choose(game, rng)
    elif phase == Phase.PLACE:
        ok, p = game.get_placement(rng.below(game.get_n_placements()))
        assert ok
        game.place(p.x, p.y, p.rotation)
    elif phase == Phase.DEPLOY:
        deployments = game.get_deployments()
        pick = rng.below(len(deployments) + 1)
        if pick < len(deployments):
            game.deploy(deployments[pick].figure, deployments[pick].segment)
        else:
            game.skip()
    elif phase == Phase.PLUGIN:
        # an expansion's phase (a wagon's move): one of the moves it lists, whatever they are
        moves = game.list_moves(game.get_current_player())
        game.apply_move(moves[rng.below(len(moves))])
    else:
        return False
    return True


def new_game(seed, players, expansions, host=None):
    """A game of the base tiles and the named expansions, loaded by @host (default: the
    plugins of the default directory)."""
    config = Carcassonne.GameConfig.new_base()
    config.set_seed(seed)
    config.set_n_players(players)
    if expansions:
        host = host or Carcassonne.PluginHost.new_default()
        for name in expansions:
            config.add_expansion_by_name(host, name)
    return Carcassonne.Game.new(config)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expansions", default="", help="comma-separated plugin names")
    parser.add_argument("--events", action="store_true", help="print every engine event")
    args = parser.parse_args()

    try:
        game = new_game(args.seed, args.players, [e for e in args.expansions.split(",") if e])
    except GLib.Error as e:
        print(f"engine-game: {e.message}", file=sys.stderr)
        return 1

    scored = [0]

    def on_event(game, event):
        if args.events:
            tile = event.get_tile()
            print(f"turn {event.turn}: {Carcassonne.event_type_to_string(event.type)}"
                  f" player {event.player} tile {tile.get_id() if tile else '-'}"
                  f" at ({event.x}, {event.y}) points {list(event.get_points())}")

    def on_scored(game, event):
        scored[0] += 1

    game.connect("event", on_event)
    game.connect("event::feature-scored", on_scored)

    rng = Carcassonne.Rng.new(args.seed, 1)
    while random_move(game, rng):
        pass

    print(f"turns: {game.get_turn()}")
    print(f"pieces: {game.get_n_pieces()}")
    print(f"features scored: {scored[0]}")
    print("scores: " + " ".join(str(s) for s in game.get_scores()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
