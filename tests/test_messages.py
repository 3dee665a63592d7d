"""The socket message parser: strict JSON types, and refusals worded for people whichever path refused them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from app.play import messages

ACTION = {"type": "mark", "cell": 3, "label": "Mark cell 3"}


def refusal(text: str) -> tuple[str, str, object]:
    with pytest.raises(messages.BadMessage) as caught:
        messages.parse(text)
    return caught.value.code, caught.value.message, caught.value.msg_id


def test_well_formed_messages_become_typed_messages():
    assert messages.parse(json.dumps({"type": "act", "id": 7, "version": 3, "action": ACTION})) == messages.Act(
        version=3, action=ACTION, id=7)
    assert messages.parse('{"type": "chat", "text": "hi", "id": "c1"}') == messages.Chat(text="hi", id="c1")
    assert messages.parse('{"type": "undo", "version": 5}') == messages.Undo(version=5)
    assert messages.parse('{"type": "sync"}') == messages.Sync()
    assert messages.parse('{"type": "ping", "id": null}') == messages.Ping()
    # The opt-in that folds the ack into the move's own patch (docs/protocol.md); off unless asked for.
    assert messages.parse(json.dumps({"type": "act", "id": 7, "version": 3, "action": ACTION,
                                      "ack_in_patch": True})).ack_in_patch is True
    assert messages.parse('{"type": "undo", "version": 5, "ack_in_patch": true}').ack_in_patch is True
    assert messages.parse('{"type": "undo", "version": 5}').ack_in_patch is False


@pytest.mark.parametrize("text, code, message", [
    ("{nope", "malformed_json", "the message is not valid JSON"),
    ('{"type": "act", "version": 1, "action": {"n": 1e400}}', "malformed_json", "the message is not valid JSON"),
    ('{"type": "chat", "text": "\\ud800"}', "malformed_json", "the message is not valid JSON"),
    ("[1, 2]", "bad_message", "a message must be a JSON object"),
    ('{"type": "launch"}', "unknown_type", "unknown message type 'launch'"),
    ('{"id": 4}', "unknown_type", "unknown message type 'None'"),
    ('{"type": "act", "id": 4}', "bad_message", "version: required field missing"),
    ('{"type": "act", "version": 4.0, "action": {}}', "bad_message", "version: must be an integer, not a number"),
    ('{"type": "act", "version": "4", "action": {}}', "bad_message", "version: must be an integer, not a string"),
    ('{"type": "act", "version": true, "action": {}}', "bad_message",
     "version: must be an integer, not true or false"),
    ('{"type": "undo", "version": "5"}', "bad_message", "version: must be an integer, not a string"),
    ('{"type": "act", "version": 1, "action": 5}', "bad_message", "action: must be an object, not an integer"),
    ('{"type": "act", "version": 1, "action": {}, "seat": 0}', "bad_message", "seat: unknown field"),
    ('{"type": "ping", "id": [1]}', "bad_message", "id: must be a string, an integer or null, not an array"),
    ('{"type": "chat", "text": ""}', "bad_message", "text: must be 1-500 characters, not 0"),
    ('{"type": "chat", "text": 5}', "bad_message", "text: must be a string, not an integer"),
    ('{"type": "act", "version": 1, "action": {}, "ack_in_patch": 1}', "bad_message",
     "ack_in_patch: must be true or false, not an integer"),
    ('{"type": "undo", "version": 1, "ack_in_patch": "yes"}', "bad_message",
     "ack_in_patch: must be true or false, not a string"),
    ('{"type": "chat", "text": "hi", "ack_in_patch": true}', "bad_message", "ack_in_patch: unknown field"),
])
def test_bad_input_gets_the_documented_code_and_a_plain_message(text, code, message):
    assert refusal(text)[:2] == (code, message)


def test_a_refusal_carries_the_message_id_when_it_has_a_usable_one():
    assert refusal('{"type": "act", "id": "a1", "version": 1}')[2] == "a1"
    assert refusal('{"type": "launch", "id": 9}')[2] == 9
    assert refusal('{"type": "launch", "id": {"x": 1}}')[2] is None


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                           | st.text(max_size=5), lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
fields = st.dictionaries(st.sampled_from(["type", "id", "version", "action", "text", "ack_in_patch", "x"]),
                         st.sampled_from(["act", "undo", "chat", "sync", "ping"]) | json_values, max_size=5)


@settings(max_examples=400, deadline=None)
@given(fields)
def test_the_fast_path_accepts_nothing_the_checked_path_refuses(data):
    text = json.dumps(data)
    try:
        checked = messages._checked(text)
    except messages.BadMessage:
        checked = None
    try:
        fast = messages._decoder.decode(text)
    except ValueError:
        return  # refused by msgspec: parse() then answers with the checked path's words
    assert fast == checked


@pytest.mark.parametrize("text, msg_id", [
    ('{"type": "chat", "id": "big", "text": "' + "x" * 9000 + '"}', "big"),
    (' { "type" : "act" , "id" : 7 , "version": 3, "action": {"id": 99}}', 7),
    ('{"id": -4, "type": "ping"}', -4),
    ('{"action": {"id": 3}, "id": 7}', None),  # after an object: not read without parsing it
    ('{"type": "chat", "text": "' + "x" * 300 + '", "id": 1}', None),  # beyond the head
    ('{"id": 1.5}', None), ('{"id": true}', None), ('{"id": 18446744073709551616}', None), ('{"id": "\\ud800"}', None),
    ("[1, 2]", None), ("{nope", None), ('{"id": "unterminated', None),
])
def test_the_id_of_a_frame_refused_before_parsing_is_read_from_its_head(text, msg_id):
    """Issue 28: `too_large` and `rate_limited` answered `id: null`; the id at the frame's head is now read cheaply
    (never past its first 256 characters, never into an object or array), and only when a refusal can quote it."""
    assert messages.head_id(text) == msg_id
