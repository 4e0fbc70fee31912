"""Several workers: the fan-out of committed changes and the table leases (`fanout`), and
the sweep that makes the moves a dead worker left unmade (`sweeper`)."""
