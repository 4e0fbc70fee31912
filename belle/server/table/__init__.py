"""The table: one actor per table (`actor`), and the parts beside it, one per concern:
seats (`seats`), the move path (`moves`), undo (`undo`), clocks (`clock`,
`timekeeper`), bots (`bots`), events and members (`events`, `broadcast`), chat
(`chat`), other workers (`remote`), and the JSON bodies every viewer gets (`payloads`).
"""
