"""The range of a row's id: an id a client sends beyond it names no row (PostgreSQL's
INTEGER keys would refuse it as an error, which must not read as an outage)."""

MAX_ID = 2**31 - 1  # the largest id a row can have (INTEGER keys on PostgreSQL)
