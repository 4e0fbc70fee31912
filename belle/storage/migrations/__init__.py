"""Alembic migrations of the Belle schema, run programmatically (no alembic.ini)."""
