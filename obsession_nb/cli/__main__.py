"""``python -m obsession_nb.cli``: the obsession-nb command."""

from obsession_nb.cli import main

raise SystemExit(main())
