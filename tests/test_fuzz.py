"""Fuzzing the HTTP API (every operation in /openapi.json) and the table websocket with hostile input.

Hypothesis draws bodies from each operation's own schema with hostile values mixed in (lone surrogates, 1e400,
huge integers, wrong types, deep nesting, garbage text), and websocket messages from the current legal actions
with their types changed. 1,000 of each in the default run, 10,000 of each under `-m long`. Always: no 5xx, every
answer is JSON, the bystanders' sockets stay open, tables the fuzzer cannot change stay exactly as they were, and the
server's memory stays bounded.
"""

from __future__ import annotations

import json
import random
import sqlite3
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from app.engine.playout import canonical, replay
from tests.support.clients import Person
from tests.support.servers import Server
from tests.support.tally import TALLY

# The HTTP and websocket clients draw random numbers (websocket masks) while a test draws examples; that is fine here.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")

INF = float("inf")
NASTY_TEXT = ["\ud800", "a\udfffb", "\x00", "\u202eevil", "\u200b", "'; DROP TABLE users;--", "../../etc/passwd",
              "%00", "x" * 3000, "\ufeff", "🂡", "<script>alert(1)</script>", "\\", "", " ", "null", "1e400"]
NASTY_NUMBERS = [INF, -INF, 2 ** 63, -(2 ** 63) - 1, 10 ** 30, 0, -1, 1.5, 1e308, -0.0, 4.0]
GARBAGE = ["{", "[1,2", '{"a":}', "null", '"text"', "[" * 3000, "]", '{"game": "tally",}', "\x00", "1e400",
           '{"nickname": "a", "nickname": "b"}', "{" * 5000 + "}" * 5000, "\ud800"]

leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=30),
                   st.sampled_from(NASTY_TEXT), st.sampled_from(NASTY_NUMBERS))
json_trees = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(st.one_of(st.text(max_size=10), st.sampled_from(NASTY_TEXT)), inner,
                                            max_size=4), max_leaves=12)
PLAUSIBLE = {"game": st.sampled_from(["tally", "river", "jambo", "goldrush", "race", "TALLY"]),
             "seats": st.integers(-3, 12), "seat": st.integers(-3, 12), "private": st.booleans(),
             "options": st.fixed_dictionaries({}, optional={"rounds": st.integers(-2, 30), "buggy": st.booleans(),
                                                            "first_player": st.integers(-2, 9)}),
             "nickname": st.text(min_size=1, max_size=30), "username": st.from_regex(r"[a-z0-9_.-]{1,34}", fullmatch=True),
             "password": st.text(min_size=1, max_size=40), "new_password": st.text(min_size=1, max_size=40),
             "invite": st.text(max_size=20)}


def to_raw(value) -> str:  # noqa: ANN001
    """JSON text, where infinities become 1e400 and lone surrogates stay as \\u escapes (json.dumps keeps both)."""
    if isinstance(value, float) and value in (INF, -INF):
        return "1e400" if value > 0 else "-1e400"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k))}:{to_raw(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(to_raw(v) for v in value) + "]"
    return json.dumps(value)


def body_for(schema: dict, components: dict):  # noqa: ANN201
    """Bodies shaped like the schema (each field plausible or hostile), or any JSON, or garbage."""
    if "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    elif "anyOf" in schema:
        schema = next((components[s["$ref"].rsplit("/", 1)[-1]] for s in schema["anyOf"] if "$ref" in s), {})
    fields = {name: st.one_of(PLAUSIBLE.get(name, leaves), leaves, json_trees)
              for name in schema.get("properties", {})}
    shaped = st.fixed_dictionaries({}, optional=fields).map(to_raw)
    return st.one_of(shaped, shaped, json_trees.map(to_raw), st.sampled_from(GARBAGE), st.just(""))


def rss_kib(server: Server) -> int:
    for line in open(f"/proc/{server.proc.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory):
    server = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'hall.db'}",
                    RATE_PER_SECOND="100000", RATE_BURST="100000")
    server.start()
    yield server
    server.stop()


def sentinel_table(server: Server):  # noqa: ANN201
    """A started table between two players the fuzzer never speaks for, each with an open socket."""
    p0, p1 = Person(server, "Keeper"), Person(server, "Watcher")
    tid = p0.open_table(options={"rounds": 3, "first_player": 0})["id"]
    p1.post(f"/api/tables/{tid}/join", {})
    p0.post(f"/api/tables/{tid}/start")
    sockets = [p0.socket(tid), p1.socket(tid)]
    for s in sockets:
        s.until("snapshot")
    return tid, p0, sockets


def assert_bystanders_untouched(tid: str, keeper: Person, sockets, table_before: dict) -> None:  # noqa: ANN001
    for i, s in enumerate(sockets):
        s.send({"type": "ping", "id": f"alive-{i}"})
        s.until("pong", id=f"alive-{i}")  # still open (a closed socket raises here)
        assert s.version == 0
        assert not [m for m in s.seen if m["type"] == "patch"]
    assert stable(keeper.http.get(f"/api/tables/{tid}").json()) == stable(table_before)


def stable(table: dict) -> dict:
    """What a refused input could change: who sits where, the status, the result (not presence or clock readings)."""
    return {"status": table["status"], "host_id": table["host_id"], "options": table["options"],
            "result": table["result"], "seats": [(s["index"], s["user_id"], s["bot"]) for s in table["seats"]]}


def run_http_fuzz(server: Server, count: int) -> None:
    spec = httpx.get(server.url + "/openapi.json").json()
    components = spec["components"]["schemas"]
    operations = [(method.upper(), path, op) for path, ops in spec["paths"].items() for method, op in ops.items()]
    host, stranger, anon = Person(server, "Fuzzer"), Person(server, "Stranger"), Person(server)
    own = host.open_table(options={"rounds": 1})["id"]
    tid, keeper, sockets = sentinel_table(server)
    table_before = keeper.http.get(f"/api/tables/{tid}").json()
    rss_before = rss_kib(server)
    table_ids = st.one_of(st.sampled_from([own, tid, "nope", "x" * 300]), st.text(max_size=20),
                          st.sampled_from(NASTY_TEXT))
    requests = {"n": 0, "5xx": []}

    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_request(data) -> None:  # noqa: ANN001
        method, path, op = data.draw(st.sampled_from(operations), label="operation")
        who = data.draw(st.sampled_from([host, stranger, anon]), label="who")
        url = path
        for param in op.get("parameters", []):
            if param["in"] == "path":
                url = url.replace("{" + param["name"] + "}", quote(data.draw(table_ids).encode("utf-8", "surrogatepass"), safe=""))
        params = {}
        if any(p["in"] == "query" for p in op.get("parameters", [])):
            params["invite"] = data.draw(st.one_of(st.text(max_size=20), st.sampled_from(NASTY_TEXT)))
            params = {k: v.encode("utf-8", "surrogatepass").decode("latin-1") for k, v in params.items()}
        content = None
        if method == "POST":
            schema = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            content = data.draw(body_for(schema, components)).encode("utf-8", "surrogatepass")
        r = who.http.request(method, url, params=params, content=content,
                             headers={"content-type": "application/json"})
        requests["n"] += 1
        if r.status_code >= 500:
            requests["5xx"].append((method, url, content[:200] if content else None, r.status_code, r.text[:300]))
        elif r.headers.get("content-type", "").startswith("application/json"):
            r.json()

    one_request()
    assert requests["n"] >= count
    assert requests["5xx"] == []
    assert_bystanders_untouched(tid, keeper, sockets, table_before)
    assert rss_kib(server) - rss_before < 200 * 1024, "server memory grew by more than 200 MiB"


def mutate(action: dict, rng: random.Random, leaf) -> dict:  # noqa: ANN001
    """The action with its JSON types or shape changed (int to float or bool, str to int, a key added, dropped or
    nested, ...): each must be refused as illegal. Chosen with `rng` because which actions exist depends on the game's
    state, which Hypothesis must not see (its draws stay the same whatever the state)."""
    keys = sorted(action)
    key = rng.choice(keys)
    value = action[key]
    if isinstance(value, bool):
        options = [int(value), str(value).lower(), None, [value]]
    elif isinstance(value, int):
        options = [float(value), value == 1, str(value), value + 0.5, [value], {"v": value}, None]
    elif isinstance(value, str):
        options = [0, value.upper() if value.upper() != value else value + "x", "", [value], None]
    else:
        options = [leaf]
    kind = rng.randrange(4)
    if kind == 0:
        return {**action, key: rng.choice(options)}
    if kind == 1:
        return {k: v for k, v in action.items() if k != key}
    if kind == 2:
        return {**action, f"extra{rng.randrange(3)}": leaf}
    return {**action, key: {key: value}}


def run_ws_fuzz(server: Server, count: int) -> None:
    tid, keeper, bystanders = sentinel_table(server)
    table_before = keeper.http.get(f"/api/tables/{tid}").json()
    fuzzer, partner = Person(server, "Ws Fuzzer"), Person(server, "Partner")
    own = fuzzer.open_table(options={"rounds": 20, "first_player": 0})["id"]
    partner.post(f"/api/tables/{own}/join", {})
    fuzzer.post(f"/api/tables/{own}/start")
    sock, other = fuzzer.socket(own), partner.socket(own)
    sock.until("snapshot")
    other.until("snapshot")
    # The fuzzer also pokes the sentinel table over a socket of its own (as a spectator: every act is refused).
    peek = fuzzer.socket(tid)
    peek.until("snapshot")
    sent = {"n": 0, "refused_changes": [], "acks": 0}
    rss_before = rss_kib(server)

    def message(data, target):  # noqa: ANN001, ANN202
        legal = target.view["legal"] if target.view else []
        rng = random.Random(data.draw(st.integers(0, 2 ** 32), label="seed"))
        leaf, tree = data.draw(leaves, label="leaf"), data.draw(json_trees, label="tree")
        odd_version = data.draw(st.one_of(st.integers(), st.sampled_from(NASTY_NUMBERS)), label="version")
        honest_version = rng.random() < 0.7  # drawn before anything depends on the game's state
        if legal and rng.random() < 0.8:
            chosen = rng.choice(legal)
            # Mostly changed actions; sometimes the real one, so the game moves on to its other phases.
            action = mutate(chosen, rng, leaf) if rng.random() < 0.75 else chosen
        else:
            action = tree
        version = target.version if honest_version else odd_version
        act = st.just({"type": "act", "id": rng.randrange(10 ** 6), "version": version, "action": action})
        anything = st.dictionaries(st.sampled_from(["type", "id", "version", "action", "text", "x"]),
                                   st.one_of(st.sampled_from(["act", "chat", "sync", "ping", "ACT"]), json_trees),
                                   max_size=5)
        chat = st.fixed_dictionaries({"type": st.just("chat"), "text": st.one_of(st.text(max_size=600),
                                                                                 st.sampled_from(NASTY_TEXT))})
        return data.draw(st.one_of(act, act, act, anything.map(to_raw), chat.map(to_raw), st.sampled_from(GARBAGE),
                                   st.binary(max_size=50), st.just("x" * 9000)))

    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_message(data) -> None:  # noqa: ANN001
        target = data.draw(st.sampled_from([sock, sock, other, peek]))
        msg = message(data, target)
        if isinstance(msg, dict):
            msg = to_raw(msg)
        if isinstance(msg, str) and any("\ud800" <= ch <= "\udfff" for ch in msg):
            msg = json.dumps(msg)  # a text frame must be UTF-8: the lone surrogate travels as a JSON escape
        target.ws.send(msg)
        sent["n"] += 1
        probe = f"probe-{sent['n']}"
        target.send({"type": "ping", "id": probe})
        replies = []
        while True:
            reply = target.recv()
            replies.append(reply)
            if reply["type"] == "pong" and reply.get("id") == probe:
                break
        acked = [r for r in replies if r["type"] == "ack"]
        sent["acks"] += len(acked)
        # Only acknowledged moves change a game: no socket ever sees a version beyond the moves acked so far, and
        # the sentinel table stays at its start.
        limit = 0 if target is peek else sent["acks"]
        if target.version is not None and target.version > limit:
            sent["refused_changes"].append((msg[:200], replies))

    one_message()
    assert sent["n"] >= count
    assert sent["refused_changes"] == []
    # Both players' sockets are open and agree with a fresh snapshot; the stored game replays from its move log.
    for s in (sock, other):
        s.send({"type": "sync"})
        s.until("snapshot")
    assert sock.version == other.version == sent["acks"] > 0
    assert_bystanders_untouched(tid, keeper, bystanders, table_before)
    assert rss_kib(server) - rss_before < 200 * 1024, "server memory grew by more than 200 MiB"
    db = sqlite3.connect(server.database_url[len("sqlite:///"):])
    seed, options, n, version, state = db.execute(
        "SELECT seed, options, num_players, version, state FROM games WHERE table_id = ?", (own,)).fetchone()
    moves = [(seat, json.loads(a)) for seat, a in db.execute(
        "SELECT seat, action FROM moves WHERE table_id = ? ORDER BY version", (own,))]
    assert version == len(moves) == sent["acks"]
    assert canonical(replay(TALLY, n, json.loads(options), seed, moves)) == canonical(json.loads(state))


def test_http_fuzz_over_the_openapi_schema(fuzz_server):
    run_http_fuzz(fuzz_server, 1000)


def test_websocket_fuzz(fuzz_server):
    run_ws_fuzz(fuzz_server, 1000)


@pytest.mark.long
def test_http_fuzz_over_the_openapi_schema_long(fuzz_server):
    run_http_fuzz(fuzz_server, 10_000)


@pytest.mark.long
def test_websocket_fuzz_long(fuzz_server):
    run_ws_fuzz(fuzz_server, 10_000)
