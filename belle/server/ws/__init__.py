"""The websockets: the sockets and their reader loops (`sockets`), the closed message
vocabulary (`messages`), one connection's queue and rate limit (`connection`), chat
commands (`commands`) and the lobby room (`lobby`)."""
