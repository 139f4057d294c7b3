"""Re-execute the tutorials and save their outputs for nbval (``make notebooks``).

Cells tagged ``nbval-check-output`` are compared by nbval with the outputs saved here, so run
this after a deliberate change to engine wording.  Widget views are not kept (they only show
"model not found" in a notebook that has not been run, and nbval never compares them), but each
widget's static picture is: the ``text/html`` beside the view in its display bundle
(``obsession_nb/tutor/views/html/board.py``), so the boards show when a notebook is opened unrun.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def refresh(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.outputs:
            data = output.get("data")
            if data is not None and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                if set(data) <= {"text/plain"}:
                    continue  # a widget without a picture: its repr would only confuse
            if (kept and output.get("output_type") == "stream"
                    and kept[-1].get("output_type") == "stream"
                    and kept[-1].get("name") == output.get("name")):
                kept[-1]["text"] += output["text"]  # one print, however the kernel chunked it
                continue
            kept.append(output)
        cell.outputs = kept
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(p.name for p in NOTEBOOKS.glob("[0-9]*.ipynb")):
        print(f"refreshing {name}")
        refresh(NOTEBOOKS / name)
