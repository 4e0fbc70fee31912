"""The HTTP API of notices: `/api/me/email` (a registered player's address and whether
they want "your turn" e-mails; a new address is confirmed through `/api/me/email/verify`,
belle.server.notices.verification) and `/api/me/next` (the table waiting longest for
my move).

An address is only ever sent back to its owner, here; it is in no table payload, event
or log. Confirmation e-mails are capped (belle.server.caps): 3 an hour per player and
per recipient, 10 per client address; one more is refused and nothing changes.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, StrictBool

from belle.server.errors import ServerError
from belle.server.http.identity import address, signed_in
from belle.server.hub import hub_of
from belle.server.notices.email import check_email
from belle.server.notices.turns import TurnNotifier
from belle.server.notices.verification import EmailLinks, verify_message
from belle.server.table import payloads
from belle.storage.notices import Waiting

router = APIRouter(prefix="/api/me")
NEXT_LISTED = 20


class EmailBody(BaseModel):
    email: str | None = None
    turn_notices: StrictBool = True


def _notifier(request: Request) -> TurnNotifier:
    notifier = request.app.state.notifier
    assert isinstance(notifier, TurnNotifier)
    return notifier



@router.get("/email")
async def get_email(request: Request) -> Any:
    player = await signed_in(request)
    notifier = _notifier(request)
    contact = await hub_of(request).db.read(notifier.notices.contact, player.id)
    return {
        "email": contact.email if contact else None,
        "turn_notices": bool(contact and contact.turn_notices),
        "verified": bool(contact and contact.verified),
        "mail_enabled": notifier.mailer is not None,
    }


@router.put("/email")
async def put_email(body: EmailBody, request: Request) -> Any:
    """Set the address (null or "" forgets it) and the turn-notice choice."""
    player = await signed_in(request)
    if not player.registered:
        raise ServerError("not_registered", "keep your name with a password first: only a "
                                            "registered player may give an e-mail address")
    email = check_email(body.email) if body.email not in (None, "") else None
    notifier = _notifier(request)
    hub = hub_of(request)
    if email is not None and notifier.mailer is not None:
        before = await hub.db.read(notifier.notices.contact, player.id)
        if before is None or before.email != email or not before.verified:  # one to send
            await hub.caps.confirmation_mail(player.id, email, address(request))
    unverified = await hub.db.write(notifier.notices.set_contact, player.id,
                                    email, body.turn_notices)
    sent = False
    if unverified and email is not None and notifier.mailer is not None:
        links: EmailLinks = request.app.state.email_links
        link = (f"{notifier.mailer.config.public_url}/api/me/email/verify?token="
                f"{links.token(player.id, email)}")
        notifier.mailer.send(verify_message(email, link),
                             f"address confirmation for player {player.id}")
        sent = True
    return {
        "email": email,
        "turn_notices": email is not None and body.turn_notices,
        "verified": email is not None and not unverified,
        "verification_sent": sent,
        "mail_enabled": notifier.mailer is not None,
    }


@router.get("/email/verify")
async def verify_email(token: str, request: Request) -> Any:
    """The link of the confirmation e-mail: the address is verified, back to the lobby."""
    links: EmailLinks = request.app.state.email_links
    found = links.read(token)
    notifier = _notifier(request)
    if found is None or not await hub_of(request).db.write(notifier.notices.verify_contact,
                                                           *found):
        raise ServerError("bad_email", "this confirmation link is not valid any more: set "
                                       "your address again to get a new one")
    return RedirectResponse("/?email=verified", status_code=303)


def _waiting_json(item: Waiting) -> dict[str, Any]:
    return {
        "id": item.table_id,
        "game": item.game,
        "title": payloads.game_titles().get(item.game, item.game),
        "since": payloads.iso(item.since),
    }


@router.get("/next")
async def next_table(request: Request) -> Any:
    """The running table where it is my turn that has waited longest (`table`, null if
    none), how many wait (`waiting`), and the first of them in that order (`tables`)."""
    player = await signed_in(request)
    notifier = _notifier(request)
    await notifier.flush()  # the turn changes noted on this worker, written now
    notices = notifier.notices
    count, first = await hub_of(request).db.read(notices.waiting, player.id, NEXT_LISTED)
    listed = [_waiting_json(item) for item in first]
    return {"table": listed[0] if listed else None, "waiting": count, "tables": listed}
