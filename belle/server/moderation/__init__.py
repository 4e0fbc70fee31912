"""Moderation: blocks and reports by players (`routes`), the operator's sanctions kept
in memory for every request (`guard`), the operator's page and API (`admin`), and the
operator's actions on tables (`operator`)."""
