"""Issue 18 item 2: on a SQLite file, the appends of tables that move together are one
write (one transaction, one hop to the writer thread), each table's still its own."""

from __future__ import annotations

import asyncio
from pathlib import Path

from belle.engine import CHANCE, RecordEntry
from belle.server.database import Database
from belle.storage import ConcurrencyError, Store
from belle.storage.store import StoreError


def deal(letter: str) -> RecordEntry:
    return RecordEntry(CHANCE, {"type": "deal", "company": letter}, f"deal {letter}", [0])


def test_appends_that_come_together_are_written_as_one_group(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'belle.db'}")
    store.migrate()
    db = Database(store)
    groups: list[int] = []
    grouped = store.append_group

    def counted(items: list[tuple[int, int, list[RecordEntry]]]) -> list[int | StoreError]:
        groups.append(len(items))
        return grouped(items)

    store.append_group = counted  # type: ignore[method-assign]
    try:
        ids = [store.create_table("paris_connection", {}, 3, "live", None).id for _ in range(4)]
        for table_id in ids:
            store.start_table(table_id, 1)

        async def together() -> list[int | BaseException]:
            moves = [db.append(table_id, 0, [deal("R")]) for table_id in ids]
            moves.append(db.append(ids[0], 0, [deal("B")]))  # the same seq again: it loses
            return await asyncio.gather(*moves, return_exceptions=True)

        outcome = asyncio.run(together())
        assert groups == [5]
        assert outcome[:4] == [2, 2, 2, 2]  # the start was event 1
        assert isinstance(outcome[4], ConcurrencyError)
        assert [e.text for e in store.load_actions(ids[0])] == ["deal R"]
        assert asyncio.run(db.append(ids[1], 1, [deal("B")])) == 3
        assert groups == [5, 1]
    finally:
        db.close()
        store.close()
