#!/usr/bin/env python3
# bench-gi.py: in-process speed of the engine from Python (PyGObject, the Carcassonne-1.0
# typelib): complete random 2-player base games per second on one core, best of 5 rounds,
# with the uniform random policy of examples/engine-game.py (no event handler connected).
# `make bench` runs it against the build tree; --expansions times games with expansions.
import argparse
import os
import sys
import time

import gi

gi.require_version("Carcassonne", "1.0")
from gi.repository import Carcassonne  # noqa: E402

sys.path.insert(0, os.path.join(os.environ.get("TOP_SRCDIR", "."), "examples"))
engine_game = __import__("engine-game")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--expansions", default="")
    args = parser.parse_args()
    expansions = [e for e in args.expansions.split(",") if e]

    host = Carcassonne.PluginHost.new_default() if expansions else None
    best = 0.0
    seed = 0
    for _ in range(args.rounds):
        start = time.thread_time()
        for _ in range(args.games):
            seed += 1
            game = engine_game.new_game(seed, 2, expansions, host)
            rng = Carcassonne.Rng.new(seed, 1)
            while engine_game.random_move(game, rng):
                pass
        best = max(best, args.games / (time.thread_time() - start))
    name = "expansions" if expansions else "base"
    what = "with " + ",".join(expansions) if expansions else "base"
    print(f"python.{name}.games_per_s {best:.0f} games/s # PyGObject in-process, random "
          f"2-player {what} games, CPU time, best of {args.rounds} rounds of {args.games}")


if __name__ == "__main__":
    main()
