"""Alembic revision scripts, oldest first (`r0001_initial`, …)."""
