"""HTTP: the API routes (`identity`, `tables`, `replays`, `health`, `notices`,
`ratings`, `languages`), the pages (`pages`), and the middleware (`ratelimit`,
`headers`)."""
