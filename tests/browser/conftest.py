"""Headless Chromium (Debian's build) driven by Playwright; one browser per test session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, headless=True, args=["--disable-gpu", "--disable-quic"])
        yield b
        b.close()
