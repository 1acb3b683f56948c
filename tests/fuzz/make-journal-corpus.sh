#!/bin/sh
# make-journal-corpus.sh: writes tests/fuzz/corpus-journal/, the corpus of fuzz-journal.c: the
# journals the real daemon writes for a few games, and damaged variants of them.
#
#   tests/fuzz/make-journal-corpus.sh [BUILDDIR]     (default: _build; it must be built)
#
# It runs carcassonned on a private bus (dbus-run-session) with a temporary state directory and
# plays with carcassonnectl: a base game to its end, a game with the five expansions to its end,
# a half-tile draft game, an imported game waiting and one imported and started, a waiting game
# whose seats changed, a game in play waiting for a client, a game of strategy bots in play
# (issue 19: the seats' "strategy"). Each journal goes into the corpus
# twice (the first byte is fuzz-journal.c's mode: bit 0 raw or payloads, bits 1-7 the game's
# number less 1): as the file, and as its payloads; then the damaged variants. The regression
# inputs of the bugs fuzz-journal found (regress-*) are kept.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$top/_build}" && pwd)
out="$top/tests/fuzz/corpus-journal"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/play.sh" <<'EOF'
set -eu
build=$1 state=$2
ctl="$build/core/client/carcassonnectl"
export CARCASSONNE_PLUGIN_DIR="$build/plugins/.libs"
"$build/core/daemon/carcassonned" -n --state-dir="$state" --waiting-timeout=3600 2>"$state/../daemon.log" &
daemon=$!
i=0
until "$ctl" list >/dev/null 2>&1; do i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.1; done
# waits until game $1 is over (a bots' game: the client holding it keeps it from being reaped)
wait_over() {
  i=0
  until "$ctl" show "$1" | sed -n 2p | grep -q '^state: over'; do
    i=$((i + 1)); [ $i -lt 600 ] || exit 1; sleep 0.1
  done
}
# the client that creates the games and holds them while they are played
mkfifo "$state/../ctl.in"
"$ctl" interactive <"$state/../ctl.in" >/dev/null 2>&1 &
holder=$!
exec 3>"$state/../ctl.in"
echo "new --players=2 --bots=2 --seed=7 --name=base --start" >&3                     # game 1
echo "new --players=3 --bots=3 --seed=11 --name=all5 --expansions=abbey,halftiles,hills,vineyards,winter --option=halftiles.hand=4 --start" >&3 # game 2
echo "new --players=2 --bots=2 --seed=5 --name=draft --expansions=halftiles --option=halftiles.draft=true --start" >&3 # game 3
wait_over 1
wait_over 2
wait_over 3
"$ctl" save 1 "$state/../base.record"
"$ctl" load "$state/../base.record" --moves=30 --name=imported >/dev/null # game 4, waiting
echo "load $state/../base.record --moves=20 --bots=2 --name=imported-started --start" >&3 # game 5
wait_over 5
set -- $("$ctl" new --players=4 --name=waiting --no-farmers --followers=5) # game 6
"$ctl" --token="$2" bot 6 Robo >/dev/null
set -- $("$ctl" join 6 Alice)
"$ctl" join 6 Bob >/dev/null
"$ctl" --token="$2" leave 6
"$ctl" join 6 Carol >/dev/null
set -- $("$ctl" new --players=2 --seed=3 --name=in-play --tile-order=C,U,V,E,L,D,B) # game 7
creator=$2
"$ctl" --token="$creator" bot 7 Robo >/dev/null
"$ctl" join 7 Alice >/dev/null
"$ctl" --token="$creator" start 7
sleep 1 # the bot of game 7 moves first: place and deploy, then it waits for Alice
# game 8: a greedy bot from "bot-options" and an mcts bot from AddBot (gdbus: the options of
# strategies), stopped in play
dbus_call() {
  path=$1 method=$2
  shift 2
  gdbus call --session -d org.carcassonne.Engine1 -o "$path" -m "org.carcassonne.Engine1.$method" "$@"
}
set -- $(dbus_call /org/carcassonne/Engine1 Manager.CreateGame "{'seed': <uint64 9>, \
  'name': <'strategies'>, 'bot-delay': <uint32 100>, 'bots': <uint32 1>, \
  'bot-options': <{'strategy': <'greedy'>}>}")
token=$(echo "$3" | tr -d "')")
dbus_call /org/carcassonne/Engine1/game/8 Game.AddBot Mcts "{'token': <'$token'>, \
  'strategy': <'mcts'>, 'iterations': <uint32 20>}" >/dev/null
dbus_call /org/carcassonne/Engine1/game/8 Game.Start "{'token': <'$token'>}" >/dev/null
sleep 1
# the daemon goes first: once the holder leaves, the games that are over are removed
kill $daemon
wait $daemon || true
exec 3>&-
wait $holder || true
EOF
mkdir "$work/state"
dbus-run-session -- sh "$work/play.sh" "$build" "$work/state" 2>"$work/bus.log" || {
  cat "$work/bus.log" "$work/daemon.log" >&2
  exit 1
}

# the regression inputs (regress-*) stay; the rest is written again
mkdir -p "$out"
find "$out" -maxdepth 1 -type f ! -name 'regress-*' -delete
python3 - "$work/state" "$out" <<'EOF'
import hashlib, json, os, sys

state, out = sys.argv[1], sys.argv[2]
names = {1: "base", 2: "all5", 3: "draft", 4: "imported", 5: "imported-started",
         6: "waiting", 7: "in-play", 8: "strategies"}

def mode(gid, payloads):
    return bytes([((gid - 1) << 1) | (1 if payloads else 0)])

def line(p):
    return hashlib.sha256(p).hexdigest()[:16].encode() + b" " + p + b"\n"

def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)

def write_payloads(name, gid, payloads):
    write(name, mode(gid, True) + b"".join(p + b"\n" for p in payloads))

journals = {}
for gid, name in names.items():
    with open(os.path.join(state, "game-%d.journal" % gid), "rb") as f:
        data = f.read()
    payloads = [l[17:] for l in data.split(b"\n")[:-1]]
    assert b"".join(line(p) for p in payloads) == data
    journals[gid] = payloads
    write(name + ".journal", mode(gid, False) + data)
    write(name + ".payloads", mode(gid, True) + b"".join(p + b"\n" for p in payloads))

def obj(p):
    return json.loads(p)

def enc(o):
    return json.dumps(o, separators=(",", ":")).encode()

base, all5 = journals[1], journals[2]
raw = b"".join(line(p) for p in base)
# the file's own damage: torn, a wrong checksum, not text, a line without a checksum
write("base-torn.journal", mode(1, False) + raw[:-40])
half = len(raw) // 2
write("base-bad-checksum.journal", mode(1, False) + raw[:half] + bytes([raw[half] ^ 1]) + raw[half + 1:])
write("base-not-text.journal", mode(1, False) + raw[:half] + b"\xff" + raw[half + 1:])
write("base-no-checksum.journal", mode(1, False) + line(base[0]) + base[1] + b"\n")
write("base-other-id.journal", mode(2, False) + raw)
# lines that read but do not replay, or tell another game
moves = [i for i, p in enumerate(base) if obj(p)["type"] == "move"]
hashed = [i for i in moves if "hash" in obj(base[i])]
last = obj(base[hashed[-1]]); last["hash"] = "0000000000000000"
write_payloads("base-wrong-hash.payloads", 1, base[:hashed[-1]] + [enc(last)] + base[hashed[-1] + 1:])
m = obj(base[moves[10]])
if m["move"].get("move") == "place":
    m["move"]["x"] += 50
else:
    m = obj(base[moves[11]]); m["move"]["x"] += 50
write_payloads("base-bad-move.payloads", 1, base[:moves[10]] + [enc(m)] + base[moves[10] + 1:])
start = [i for i, p in enumerate(base) if obj(p)["type"] == "start"][0]
write_payloads("base-second-start.payloads", 1, base[:start + 3] + [base[start]] + base[start + 3:])
write_payloads("base-move-before-start.payloads", 1, base[:start] + base[start + 1:])
s = obj(base[start]); s["config"]["players"] = 3
write_payloads("base-other-setup.payloads", 1, base[:start] + [enc(s)] + base[start + 1:])
h = obj(base[0]); h["version"] = 2
write_payloads("base-version-2.payloads", 1, [enc(h)] + base[1:])
h = obj(all5[0]); h["config"]["expansions"][0]["name"] = "cathars"
write_payloads("all5-unknown-expansion.payloads", 2, [enc(h)] + all5[1:])
seats = [i for i, p in enumerate(base) if obj(p)["type"] == "seats"][0]
s = obj(base[seats]); s["seats"].append(None)
write_payloads("base-seats-count.payloads", 1, base[:seats] + [enc(s)] + base[seats + 1:])
write_payloads("base-unknown-line.payloads", 1, base[:5] + [b'{"type":"note"}'] + base[5:])
write_payloads("base-not-object.payloads", 1, base[:5] + [b'[1,2]'] + base[5:])
write_payloads("header-only.payloads", 1, base[:1])
strategies = journals[8]
seats = [i for i, p in enumerate(strategies) if obj(p)["type"] == "seats"][-1]
s = obj(strategies[seats]); s["seats"][1]["strategy"] = "mcts:speed=2"
write_payloads("strategies-bad-spec.payloads", 8,
               strategies[:seats] + [enc(s)] + strategies[seats + 1:])
s = obj(strategies[seats]); s["seats"][1]["strategy"] = 7
write_payloads("strategies-spec-not-text.payloads", 8,
               strategies[:seats] + [enc(s)] + strategies[seats + 1:])
EOF
ls "$out" | wc -l
