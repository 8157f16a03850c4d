import sys

from engine.sim.cli import main

sys.exit(main())
