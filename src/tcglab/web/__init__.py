"""The browser client: static files served by tcglab.server."""
