"""E-mail addresses are confirmed by a signed link before any notice is sent to them.

Setting an address (PUT /api/me/email) sends one e-mail to it: a link to
`/api/me/email/verify?token=…`, the player id and the address signed with the server
secret (itsdangerous, valid `LINK_DAYS` days). Opening it marks the address verified,
if it is still that player's. Until then Belle sends nothing else there, so nobody can
point turn notices at somebody else's mailbox.
"""

from __future__ import annotations

from email.message import EmailMessage

from itsdangerous import BadSignature, URLSafeTimedSerializer

LINK_DAYS = 3


class EmailLinks:
    """Signs and reads verification tokens."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="belle-email")

    def token(self, player_id: int, email: str) -> str:
        return self._serializer.dumps({"p": player_id, "e": email})

    def read(self, token: str) -> tuple[int, str] | None:
        """(player id, address) of a valid token; None if forged or expired."""
        try:
            data = self._serializer.loads(token, max_age=LINK_DAYS * 24 * 3600)
        except BadSignature:
            return None
        if not isinstance(data, dict):
            return None
        player, email = data.get("p"), data.get("e")
        if isinstance(player, int) and not isinstance(player, bool) and isinstance(email, str):
            return player, email
        return None


def verify_message(recipient: str, link: str) -> EmailMessage:
    message = EmailMessage()
    message["To"] = recipient
    message["Subject"] = "Confirm your e-mail address for Belle"
    message.set_content(
        "Someone (we hope you) gave this address to Belle, to be told when it is their "
        "turn at a turn-based table.\n\n"
        f"To confirm it, open: {link}\n\n"
        f"The link works for {LINK_DAYS} days. If this was not you, ignore this e-mail: "
        "nothing more will be sent.\n"
    )
    return message
