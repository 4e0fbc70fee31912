"""What Web Push needs from the database: each browser's subscription, per player.

`PushSubscriptions(engine)` sits beside the Store on the same engine. A subscription is
what the browser's PushManager hands out: the push service's endpoint URL and the keys
that encrypt for that browser (`p256dh`, `auth`). One endpoint belongs to one player:
subscribing it again moves it to whoever is signed in now. The VAPID key pair itself is
a setting (`Store.setting`), made on the first start (belle.server.push.keys).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, select

from belle.storage.models import push_subscriptions
from belle.storage.store import now


@dataclass(frozen=True, slots=True)
class Subscription:
    player_id: int
    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, object]:
        """The subscription in the shape pywebpush (and the browser) use."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushSubscriptions:
    """Subscriptions on `engine` (each method one short transaction, thread-safe)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def subscribe(self, player_id: int, endpoint: str, p256dh: str, auth: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions)
                         .where(push_subscriptions.c.endpoint == endpoint))
            conn.execute(insert(push_subscriptions).values(
                player_id=player_id, endpoint=endpoint, p256dh=p256dh, auth=auth,
                created_at=now()))

    def unsubscribe(self, player_id: int, endpoint: str) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(delete(push_subscriptions).where(
                push_subscriptions.c.player_id == player_id,
                push_subscriptions.c.endpoint == endpoint)).rowcount
        return bool(gone)

    def forget(self, endpoint: str) -> None:
        """The push service says the endpoint is gone (404, 410)."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions)
                         .where(push_subscriptions.c.endpoint == endpoint))

    def of_player(self, player_id: int) -> list[Subscription]:
        query = (select(push_subscriptions)
                 .where(push_subscriptions.c.player_id == player_id)
                 .order_by(push_subscriptions.c.id))
        with self.engine.connect() as conn:
            return [Subscription(int(r.player_id), r.endpoint, r.p256dh, r.auth)
                    for r in conn.execute(query)]
