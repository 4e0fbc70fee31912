"""The server benchmarks of `belle bench`: the load generator (`loadgen`, `--server`)
and the server processes it measures (`processes`)."""
