"""E-mail addresses and the e-mails Belle sends: `check_email` is the one place an
address from the outside is accepted; `turn_message` is the "your turn" e-mail."""

from __future__ import annotations

import re
from email.message import EmailMessage

from belle.server.errors import ServerError, worded

MAX_EMAIL = 254  # RFC 5321's limit on a path, less the angle brackets
MAX_LOCAL = 64
LOCAL_PART = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
EMAIL_RULE = worded(
    "an e-mail address looks like name@example.org: at most 254 characters, ASCII "
    "letters, digits and .!#$%&'*+/=?^_`{|}~- before the @ (at most 64), and a domain "
    "with at least one dot after it"
)


def check_email(raw: object) -> str:
    """The address to store (its domain lower-cased), or ServerError("bad_email")."""
    if not isinstance(raw, str):
        raise ServerError("bad_email", "an e-mail address is text")
    address = raw.strip()
    local, at, domain = address.rpartition("@")
    labels = domain.split(".")
    valid = (
        bool(at)
        and len(address) <= MAX_EMAIL
        and len(local) <= MAX_LOCAL
        and LOCAL_PART.fullmatch(local) is not None
        and len(labels) >= 2
        and all(LABEL.fullmatch(label) for label in labels)
        and not labels[-1].isdigit()
    )
    if not valid:
        raise ServerError("bad_email", EMAIL_RULE)
    return f"{local}@{domain.lower()}"



def turn_message(recipient: str, game_title: str, table_id: int, public_url: str) -> EmailMessage:
    """The "your turn" e-mail: subject names the game and table, the body links to it."""
    link = f"{public_url}/table/{table_id}"
    message = EmailMessage()
    message["To"] = recipient
    message["Subject"] = f"Your turn at {game_title} — table {table_id}"
    message.set_content(
        f"It is your turn at {game_title}, table {table_id}.\n\n"
        f"Play: {link}\n\n"
        f"You asked Belle to e-mail you when it is your turn at a turn-based table. "
        f"To stop, change your e-mail settings in the lobby: {public_url}/\n"
    )
    return message
