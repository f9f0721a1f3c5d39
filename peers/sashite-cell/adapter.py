#!/usr/bin/env python3
"""gan check adapter (GAN suite, batch mode) for PyPI's sashite-cell 2.0.0, notation `cell`.

Each request line {"id", "dialect", "input"} is answered with one line: for an input that
`sashite_cell.Coordinate.parse` accepts, {"id", "valid": true, "actor": {"indices": [...]},
"canonical": str(coordinate)}; otherwise {"id", "valid": false} (the library's errors carry
no offset, so no "error" member: the protocol makes it optional). Any other notation is a
usage error: the adapter answers only `cell` (conformance/PROTOCOL.md, "GAN suite").
"""

import json
import sys

from sashite_cell import Coordinate


def answer(request):
    if request.get("dialect") != "cell":
        raise SystemExit("sashite-cell adapter: only the notation cell, not %r" % request.get("dialect"))
    reply = {"id": request["id"]}
    try:
        coordinate = Coordinate.parse(request["input"])
    except ValueError:
        reply["valid"] = False
        return reply
    reply["valid"] = True
    reply["actor"] = {"indices": list(coordinate.indices)}
    reply["canonical"] = str(coordinate)
    return reply


def main():
    for line in sys.stdin:
        sys.stdout.write(json.dumps(answer(json.loads(line)), separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
