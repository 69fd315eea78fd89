"""Async tests without pytest-asyncio's shared loop: a coroutine test (not marked asyncio) runs
in a fresh event loop on its own thread, so it works even while another fixture (Playwright's
sync API) keeps a loop running in the main thread. Fixture values that are async context
managers are entered in that loop first."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    test = pyfuncitem.obj
    if not inspect.iscoroutinefunction(test) or pyfuncitem.get_closest_marker("asyncio"):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}

    async def body() -> Any:
        async with contextlib.AsyncExitStack() as stack:
            for value in args.values():
                if hasattr(value, "__aenter__"):
                    await stack.enter_async_context(value)
            await test(**args)

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, body()).result()
    return True
