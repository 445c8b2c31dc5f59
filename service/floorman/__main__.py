"""``python -m floorman``: the same command as the ``floorman`` console script."""

import sys

from floorman.cli import main

if __name__ == "__main__":
    sys.exit(main())
