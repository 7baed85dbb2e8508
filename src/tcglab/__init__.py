"""tcglab: rules engines, AI and simulation for four Japanese trading-card games."""

__version__ = "0.1.0"
