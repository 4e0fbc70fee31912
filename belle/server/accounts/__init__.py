"""Accounts: player names (`names`), passwords (`passwords`), sessions (`sessions`)."""
