"""The server's VAPID key pair (RFC 8292), made on the first start and kept in the
database's settings, so every worker and every restart signs with the same key (a
browser's subscription is bound to the public key it was made with).

The private key is stored as PEM (PKCS#8) under `vapid_private_key`; the public key the
browser needs (`applicationServerKey`) is its uncompressed P-256 point, base64url.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid  # type: ignore[import-untyped]

from belle.storage import Store

SETTING = "vapid_private_key"


def new_private_pem() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode("ascii")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, slots=True)
class VapidKeys:
    pem: str = field(repr=False)

    @classmethod
    def of(cls, store: Store) -> VapidKeys:
        """The stored pair; made and stored now if this is the first start."""
        return cls(store.setting(SETTING, new_private_pem))

    def signer(self) -> Vapid:
        return Vapid.from_pem(self.pem.encode("ascii"))

    @property
    def public_key(self) -> str:
        private = serialization.load_pem_private_key(self.pem.encode("ascii"), password=None)
        assert isinstance(private, ec.EllipticCurvePrivateKey)
        point = private.public_key().public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint)
        return b64url(point)
