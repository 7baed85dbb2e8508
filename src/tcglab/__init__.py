"""tcglab: rules engines, AI and simulation for four Japanese trading-card games."""

__version__ = "0.1.0"


def compiled() -> bool:
    """Whether the engine and games run from ahead-of-time compiled extensions (built by
    `python3 tasks.py compile`) rather than from their pure-Python source."""
    from tcglab.engine import state  # the engine's core: compiled whenever any of it is

    return not state.__file__.endswith(".py")
