#!/usr/bin/env python3
# gi-api.py: the engine's API as Python sees it through GObject Introspection: errors, the
# "event" signal and its details, boxed types that outlive their game, the binding-friendly
# accessors, expansions by name, move logs and replays.
import gc
import os
import sys
import unittest

import gi

gi.require_version("Carcassonne", "1.0")
from gi.repository import Carcassonne, GLib  # noqa: E402

sys.path.insert(0, os.path.join(os.environ.get("TOP_SRCDIR", "."), "examples"))
engine_game = __import__("engine-game")

ALL = ["abbey", "halftiles", "hills", "inns-cathedrals", "mayor", "river", "traders-builders",
       "vineyards", "winter"]


class Api(unittest.TestCase):
    def play(self, game, seed=3):
        rng = Carcassonne.Rng.new(seed, 1)
        while engine_game.random_move(game, rng):
            pass

    def test_error_domain_and_nothing_changes(self):
        game = engine_game.new_game(1, 2, [])
        turn, tile = game.get_turn(), game.get_current_tile().get_id()
        with self.assertRaises(GLib.Error) as cm:
            game.place(40, 40, 0)
        self.assertTrue(cm.exception.matches(Carcassonne.error_quark(),
                                             Carcassonne.Error.ILLEGAL_PLACEMENT))
        self.assertEqual(cm.exception.domain, "carc-error-quark")
        with self.assertRaises(GLib.Error) as cm:
            game.skip()
        self.assertEqual(cm.exception.code, Carcassonne.Error.WRONG_PHASE)
        self.assertEqual((game.get_turn(), game.get_current_tile().get_id()), (turn, tile))

    def test_signal_matches_callback(self):
        game = engine_game.new_game(5, 3, [])
        by_signal, by_callback, over = [], [], []

        def key(event):
            tile = event.get_tile()
            return (int(event.type), event.player, event.turn, tile.get_id() if tile else None,
                    event.x, event.y, event.segment, list(event.get_points()))

        game.connect("event", lambda g, e: by_signal.append(key(e)))
        game.set_event_func(lambda g, e: by_callback.append(key(e)))
        game.connect("event::game-over", lambda g, e: over.append(list(e.get_points())))
        self.play(game)
        self.assertGreater(len(by_signal), 200)
        self.assertEqual(by_signal, by_callback)
        self.assertEqual(over, [list(game.get_scores())])
        self.assertEqual(game.get_phase(), Carcassonne.Phase.OVER)

    def test_kept_event_outlives_game(self):
        game = engine_game.new_game(2, 2, [])
        kept = []
        game.connect("event::tile-placed", lambda g, e: kept.append(e))
        self.play(game, 2)
        tile = game.get_current_tile()
        self.assertIsNone(tile)
        ok, piece = game.get_piece(5)
        self.assertTrue(ok)
        del game
        gc.collect()
        self.assertEqual(len(kept), 71)
        self.assertTrue(all(e.get_tile().get_id() for e in kept))
        self.assertIsInstance(piece.get_tile().get_tile_set(), Carcassonne.TileSet)

    def test_score_breakdown(self):
        # issue 16: every feature-scored event breaks each player's points into named items
        # whose points add up; kept events (boxed copies) keep their breakdown after the game
        game = engine_game.new_game(5, 3, ["vineyards"])
        kept = []
        game.connect("event::feature-scored", lambda g, e: kept.append(e))
        self.play(game)
        del game
        gc.collect()
        self.assertGreater(len(kept), 10)
        names = set()
        for ev in kept:
            for p, points in enumerate(ev.get_points()):
                items = [ev.get_item(p, i) for i in range(ev.get_n_items(p))]
                self.assertEqual(sum(it.points for it in items), points)
                names.update(it.name for it in items)
            self.assertIsNone(ev.get_item(0, 99))
        self.assertLessEqual(names, {"tiles", "shields", "cities", "vineyards"})
        self.assertIn("tiles", names)

    def test_accessors(self):
        game = engine_game.new_game(9, 2, [])
        self.assertEqual(list(game.get_scores()), [0, 0])
        pieces = game.list_pieces_at(0, 0)
        self.assertEqual(len(pieces), 1)
        self.assertEqual((pieces[0].player, pieces[0].index, pieces[0].tile.get_id()), (-1, 0, "D"))
        self.assertEqual(game.list_pieces_at(5, 5), [])
        ok, feature = game.get_feature(0, 0, 0)
        self.assertTrue(ok)
        self.assertEqual(len(feature.get_followers()), 6)
        placements = game.get_placements()
        self.assertEqual(len(placements), game.get_n_placements())
        for i, p in enumerate(placements):
            ok, q = game.get_placement(i)
            self.assertEqual((p.x, p.y, p.rotation), (q.x, q.y, q.rotation))
        self.assertEqual(tuple(game.get_bounds()), (0, 0, 0, 0))

    def test_rule_options(self):
        # doc/rules.md section 13: the table through GI, and a refused value
        names = [Carcassonne.rule_get_name(i) for i in range(Carcassonne.rule_get_n())]
        self.assertEqual(names, ["farmers", "field-scoring", "tiny-city-scoring"])
        self.assertEqual(list(Carcassonne.rule_get_values(1)), [3, 2, 1])
        self.assertEqual(Carcassonne.rule_get_default(2), 4)
        config = Carcassonne.GameConfig.new_base()
        config.set_rule("tiny-city-scoring", 2)
        self.assertEqual(config.get_rule("tiny-city-scoring"), 2)
        with self.assertRaises(GLib.Error) as cm:
            config.set_rule("tiny-city-scoring", 3)
        self.assertEqual(cm.exception.message, "rule option tiny-city-scoring is 4 or 2, not 3")

    def test_expansions_by_name(self):
        host = Carcassonne.PluginHost.new_default()
        self.assertEqual(sorted(host.get_plugin(i).get_name()
                                for i in range(host.get_n_plugins())), ALL)
        config = Carcassonne.GameConfig.new_base()
        for name in ALL:
            config.add_expansion_by_name(host, name)
        with self.assertRaises(GLib.Error) as cm:
            config.add_expansion_by_name(host, "dragons")
        self.assertEqual(cm.exception.code, Carcassonne.Error.UNKNOWN_EXPANSION)
        self.assertEqual(config.get_n_expansions(), 9)
        options = [(p.get_name(), p.get_option(i).name)
                   for p in (host.lookup(n) for n in ALL) for i in range(p.get_n_options())]
        self.assertTrue(options)
        game = Carcassonne.Game.new(config)
        self.assertTrue(game.has_expansion("abbey"))
        self.assertGreaterEqual(game.get_hand_size(0), 1)  # the abbey, half tiles
        self.play(game, 4)
        self.assertEqual(game.get_phase(), Carcassonne.Phase.OVER)

    def test_moves_replay(self):
        game = engine_game.new_game(12, 2, ALL)
        self.play(game, 12)
        moves = game.get_moves()
        self.assertTrue(any(m.type == Carcassonne.MoveType.PLACE_PIECE for m in moves))
        again = Carcassonne.Game.replay(game.get_config(), moves)
        self.assertEqual(again.get_state_hash(), game.get_state_hash())
        self.assertEqual(list(again.get_scores()), list(game.get_scores()))

    # Issue 18, Pictures (doc/engine-api.md): the pictures' API from Python, the same as C's.
    def test_pictures(self):
        tiles = Carcassonne.TileSet.new_base()
        d = tiles.lookup("D")
        ok, x, y = d.get_segment_anchor(1, 0)  # the road runs west-east through the middle
        self.assertTrue(ok)
        self.assertEqual(y, 50)
        self.assertEqual(d.get_segment_anchor(1, 1)[1:], (100 - y, x))
        self.assertEqual(d.get_segment_path(1, 1), ("M50 100 Q50 50 50 0", True))
        self.assertFalse(d.get_segment_anchor(4, 0)[0])
        svg = d.to_svg(0)
        self.assertTrue(svg.startswith("<?xml"))
        for seg in range(d.get_n_segments()):
            self.assertIn('id="seg-%d"' % seg, svg)
        self.assertIsNone(d.to_svg(4))
        self.assertIn('data-tile="X"', tiles.to_svg())
        game = engine_game.new_game(9, 2, [])
        self.play(game, 9)
        board = game.to_svg()
        self.assertEqual(board.count('class="piece"'), game.get_n_pieces())


if __name__ == "__main__":
    unittest.main(verbosity=2)
