"""Set before any test or notebook runs, whichever paths pytest is given: the tests never read
nor write the user's own config folder (the card pack in use, obsession_nb/data/pack_store.py).
This process, the notebooks' kernels under nbval, the browser tests' servers and every command
a test runs see an empty folder of their own, removed when the run ends."""

import atexit
import os
import shutil
import tempfile

os.environ["OBSESSION_NB_CONFIG"] = _folder = tempfile.mkdtemp(prefix="onb-config-")
atexit.register(shutil.rmtree, _folder, ignore_errors=True)
