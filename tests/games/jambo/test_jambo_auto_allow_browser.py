"""The "answer No reaction for me" switch (on unless the player turned it off): when the only answer to a reaction
question is "No reaction", the friend's browser answers by itself; when it holds a Guard or Rain Maker, it waits for a
click."""

from __future__ import annotations

import time

import pytest

from tests.support.browser import choose_nickname
from tests.support.clients import Person

pytestmark = pytest.mark.browser

# Counts the times the table's "Taking … Cancel" bar showed "No reaction".
SEES_THE_BAR = """
document.addEventListener('DOMContentLoaded', () => {
  const bar = document.getElementById('auto-take');
  let showing = false;
  new MutationObserver(() => {
    const now = !bar.hidden && bar.textContent.includes('No reaction');
    if (now && !showing) {
      window.autoAllowBarSeen = (window.autoAllowBarSeen || 0) + 1;
      window.autoAllowBarHadCancel = !!bar.querySelector('.auto-take-cancel');
    }
    showing = now;
  }).observe(bar, { attributes: true, childList: true, subtree: true });
});
"""


def test_auto_allow_answers_only_when_no_reaction_is_possible(browser, sqlite_server):
    host = Person(sqlite_server, "Trader")
    created = host.open_table(game="jambo", options={"first_player": 0})
    tid = created["id"]
    page = browser.new_context().new_page()
    page.add_init_script("localStorage.setItem('boardhall.jambo.autoAllow', '1')")
    page.add_init_script(SEES_THE_BAR)
    page.goto(sqlite_server.url + created["invite_url"])
    choose_nickname(page, "Dozy")  # the invite link seats a friend once they have a name
    page.wait_for_selector("#seats .seat-name:has-text('Dozy')")
    host.post(f"/api/tables/{tid}/start")
    page.wait_for_selector("#play-area:not([hidden])")
    assert page.is_checked(".jambo-auto-allow")
    sock = host.socket(tid)
    sock.until("snapshot")

    auto_answers = 0
    deadline = time.monotonic() + 60
    while auto_answers == 0 and time.monotonic() < deadline and sock.view["result"] is None:
        waiting = sock.view["waiting"]
        if waiting == [0]:  # the host's decisions: trade when possible (that asks the friend), else move on
            legal = sock.view["legal"]
            def of(*types):
                return [a for a in legal if a["type"] in types]

            # Trade whenever possible (each trade asks the friend about a Rain Maker); otherwise keep drawing
            # cards to find wares, so trades keep coming.
            choice = of("buy", "sell") or of("keep") or of("draw") or of("end") or legal
            sock.act_ok(choice[0])
            continue
        # The friend is asked something: a reaction question, or their own turn.
        page.wait_for_selector(f"#table-app[data-version='{sock.version}']")
        labels = page.eval_on_selector_all("#prompt-actions button.legal", "bs => bs.map(b => b.dataset.label)")
        before = sock.version
        if labels == ["No reaction"]:
            sock.until("patch", timeout=6)  # nobody clicks: the browser answers by itself
            assert sock.version == before + 1
            # ... and said so while it waited, with a way to answer otherwise (issue #26: the bare question was
            # answered by hand 13 times in a game by a player who could not tell it would be answered).
            assert page.evaluate("window.autoAllowBarSeen") == 1
            assert page.evaluate("window.autoAllowBarHadCancel") is True
            auto_answers += 1
        elif "No reaction" in labels:  # holds a reaction card: no automatic answer, a person decides
            with pytest.raises(TimeoutError):
                sock.recv(timeout=3)  # no move arrives on its own
            react = next(label for label in labels if label != "No reaction")
            # Spend it, so it can't block later: on the board's card or in the prompt bar, wherever it shows.
            page.locator(f"[data-label=\"{react}\"]:visible").first.click()
            sock.sync_to(before + 1)
        else:  # the friend's own turn: end it
            end = [label for label in labels if label.startswith("End turn")]
            page.locator(f"[data-label='{end[0] if end else labels[0]}']:visible").first.click()
            sock.sync_to(before + 1)
    assert auto_answers == 1, (sock.version, sock.view["waiting"], sock.view["result"], time.monotonic() - deadline)
    page.context.close()
