"""E-mail for notices: the SMTP settings (`MailConfig`) and the `Mailer` that sends.

Settings come from `belle serve` options or the environment: `BELLE_SMTP_URL`
(`smtp://user:pass@host:port` plain, `smtp+starttls://…` upgraded with STARTTLS,
`smtps://…` TLS from the first byte), `BELLE_MAIL_FROM` (the sender) and
`BELLE_PUBLIC_URL` (where players open the table; links start with it).

The Mailer sends on its own thread (smtplib blocks), one message at a time, so the
event loop and the table that triggered a notice never wait for the SMTP server.
A failure is logged and dropped: the move that caused it stands. No log line holds the
password or a recipient's address (an address is private; the caller names the notice
by player and table instead).
"""

from __future__ import annotations

import logging
import os
import smtplib
import ssl
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

log = logging.getLogger("belle.server.mail")

SECURITY = {"smtp": ("plain", 25), "smtp+starttls": ("starttls", 587), "smtps": ("tls", 465)}
DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"
SMTP_TIMEOUT = 20.0


class MailConfigError(ValueError):
    """Mail settings that cannot work; the message says which setting and why."""


@dataclass(frozen=True, slots=True)
class MailConfig:
    host: str
    port: int
    security: str  # plain | starttls | tls
    sender: str
    public_url: str
    username: str | None = None
    password: str | None = field(default=None, repr=False)

    def describe(self) -> str:
        """The server, for logs: never the user name or the password."""
        return f"{self.security} SMTP {self.host}:{self.port}"


def parse_smtp_url(url: str) -> tuple[str, int, str, str | None, str | None]:
    """(host, port, security, username, password) of an SMTP URL; MailConfigError if bad.

    Error messages never repeat the URL, since it may hold a password.
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise MailConfigError("BELLE_SMTP_URL is not a URL with a valid port") from exc
    scheme = parts.scheme.lower()
    if scheme not in SECURITY:
        raise MailConfigError(
            "BELLE_SMTP_URL starts with smtp:// (plain), smtp+starttls:// or smtps:// (TLS)"
        )
    if not parts.hostname:
        raise MailConfigError("BELLE_SMTP_URL names no host (smtp://user:pass@host:port)")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise MailConfigError("BELLE_SMTP_URL has only user, password, host and port")
    security, default_port = SECURITY[scheme]
    username = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password is not None else None
    return parts.hostname, port or default_port, security, username, password


def mail_config(
    smtp_url: str | None = None,
    sender: str | None = None,
    public_url: str | None = None,
    env: Mapping[str, str] | None = None,
) -> MailConfig | None:
    """The mail settings from the arguments, else the environment; None without SMTP."""
    env = os.environ if env is None else env
    smtp_url = smtp_url or env.get("BELLE_SMTP_URL") or None
    if smtp_url is None:
        return None
    host, port, security, username, password = parse_smtp_url(smtp_url)
    sender = (sender or env.get("BELLE_MAIL_FROM") or "").strip()
    if not sender or "@" not in sender or any(c in sender for c in "\r\n"):
        raise MailConfigError(
            "BELLE_MAIL_FROM (--mail-from) must be the sender's address, e.g. "
            "'Belle <belle@example.org>', when BELLE_SMTP_URL is set"
        )
    public = (public_url or env.get("BELLE_PUBLIC_URL") or DEFAULT_PUBLIC_URL).strip()
    checked = urlsplit(public)
    if checked.scheme not in ("http", "https") or not checked.netloc:
        raise MailConfigError(
            "BELLE_PUBLIC_URL (--public-url) is the address players open, "
            "e.g. https://belle.example.org"
        )
    return MailConfig(host, port, security, sender, public.rstrip("/"), username, password)


class Mailer:
    """Sends messages through the configured SMTP server on one background thread."""

    def __init__(self, config: MailConfig, timeout: float = SMTP_TIMEOUT) -> None:
        self.config = config
        self.timeout = timeout
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="belle-mail")
        self._pending = 0
        self._idle = threading.Condition()

    def send(self, message: EmailMessage, about: str) -> None:
        """Queue `message`; `about` names it in logs (e.g. "turn notice, player 3")."""
        if "From" not in message:
            message["From"] = self.config.sender
        with self._idle:
            self._pending += 1
        self._executor.submit(self._deliver, message, about)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every queued message was sent or given up (True), or `timeout`."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _deliver(self, message: EmailMessage, about: str) -> None:
        try:
            with self._connect() as smtp:
                if self.config.username is not None:
                    smtp.login(self.config.username, self.config.password or "")
                smtp.send_message(message)
            log.info("sent the %s through %s", about, self.config.describe())
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("could not send the %s through %s: %s", about,
                        self.config.describe(), describe_error(exc))
        except Exception:  # a bug here must not kill the mail thread silently
            log.exception("the %s failed", about)
        finally:
            with self._idle:
                self._pending -= 1
                self._idle.notify_all()

    def _connect(self) -> smtplib.SMTP:
        config = self.config
        if config.security == "tls":
            return smtplib.SMTP_SSL(config.host, config.port, timeout=self.timeout,
                                    context=ssl.create_default_context())
        smtp = smtplib.SMTP(config.host, config.port, timeout=self.timeout)
        if config.security == "starttls":
            try:
                smtp.starttls(context=ssl.create_default_context())
            except BaseException:
                smtp.close()
                raise
        return smtp


def describe_error(exc: BaseException) -> str:
    """What went wrong, without the server's words (they may quote what was sent)."""
    code = getattr(exc, "smtp_code", None)
    if code is not None:
        return f"{type(exc).__name__} (SMTP code {code})"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{type(exc).__name__}: {exc.strerror}"
    return type(exc).__name__
