#!/usr/bin/env bash
# Installs PyPI's sashite-cell 2.0.0 (pinned by hash) into a virtual environment under
# target/, then runs `gan check --dialect cell` on it with the skip file of its documented
# bound. Usage: peers/sashite-cell/run.sh [GAN_BINARY] (default target/debug/gan).
set -euo pipefail
cd "$(dirname "$0")/../.."
gan="${1:-target/debug/gan}"
venv=target/peers/sashite-cell
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps \
    --require-hashes --ignore-requires-python -r peers/sashite-cell/requirements.txt
fi
"$gan" check -q --dialect cell --skip-file peers/sashite-cell/skip.txt \
  -- "$venv/bin/python" peers/sashite-cell/adapter.py
