"""`python -m tcglab` runs the tcglab command."""

import sys

from tcglab.cli import main

if __name__ == "__main__":
    sys.exit(main())
