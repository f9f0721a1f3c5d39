#!/usr/bin/env python3
"""my_adapter.py a release later, for the `gan report diff` example of docs/check.md.

The `$` mistake is fixed (`\\Z` ends the match at the very end, "C:K\\n" is refused), and a
new one came in: the style is read as letters only, so "CHESS960:K" is refused (a style
may hold digits after its first letter: DECISIONS.md §1's regex). Everything else is my_adapter.py.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import my_adapter  # noqa: E402

# The fix (`\Z`) and the new mistake (`[A-Z]*`: no digits in a style).
my_adapter.SNN_PIN = re.compile(
    r"^(?P<style>[A-Z][A-Z]*):(?P<state>[-+]?)(?P<type>[A-Z])\Z"
    r"|^(?P<lstyle>[a-z][a-z]*):(?P<lstate>[-+]?)(?P<ltype>[a-z])\Z"
)

if __name__ == "__main__":
    sys.exit(my_adapter.serve_one() if "--per-case" in sys.argv[1:] else my_adapter.serve_batch())
