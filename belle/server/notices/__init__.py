"""Notices: "your turn" at the table listener (`turns`), e-mail addresses and messages
(`email`), and SMTP (`mail`)."""
